import { gtagScriptUrl } from '@core/analytics';
import type { VitalsSink } from './report-vitals';

type Gtag = (...args: unknown[]) => void;

/** What gtag.js reads from the page: its command queue and the function that fills it. */
export interface AnalyticsGlobals {
  dataLayer?: unknown[];
  gtag?: Gtag;
}

/**
 * Sends each metric to Google Analytics 4 as an event, the pattern web-vitals documents: `value`
 * is the delta, so a property sums a metric's reports to its final value, and the event is
 * non-interactive (it does not affect the bounce rate). gtag.js itself is added here, so it loads
 * only on pages that report, after the first paint; the commands queue in dataLayer until then.
 */
export function analyticsSink(
  analyticsId: string,
  page: AnalyticsGlobals = window as AnalyticsGlobals,
  doc: Document = document,
): VitalsSink {
  const gtag = installGtag(analyticsId, page, doc);
  return ({ name, value, delta, rating, id }) =>
    gtag('event', name, {
      value: delta,
      metric_id: id,
      metric_value: value,
      metric_delta: delta,
      metric_rating: rating,
      non_interaction: true,
    });
}

function installGtag(analyticsId: string, page: AnalyticsGlobals, doc: Document): Gtag {
  if (page.gtag) return page.gtag;
  const dataLayer = (page.dataLayer ??= []);
  // Google's snippet, as a function: gtag.js takes the `arguments` objects, not arrays.
  const gtag: Gtag = function () {
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  };
  page.gtag = gtag;
  gtag('js', new Date());
  gtag('config', analyticsId);
  const script = doc.createElement('script');
  script.async = true;
  script.src = gtagScriptUrl(analyticsId);
  doc.head.append(script);
  return gtag;
}

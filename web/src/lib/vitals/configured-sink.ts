import { loadRuntimeConfig, type RuntimeConfig } from '../auth/runtime-config';
import { consoleSink, type VitalsSink } from './report-vitals';

export interface SinkSources {
  /** config.json; by default the page's one read of it (identity and the demo banner share it). */
  readonly readConfig?: () => Promise<Pick<RuntimeConfig, 'analyticsId'>>;
  /** The GA4 sink, its own chunk: only pages of a deploy with an id load it. */
  readonly analytics?: (analyticsId: string) => Promise<VitalsSink>;
}

const loadAnalyticsSink = (analyticsId: string) =>
  import('./analytics-sink').then(({ analyticsSink }) => analyticsSink(analyticsId));

/**
 * The sink §7 asks for: Google Analytics where config.json names a property, the console
 * otherwise (locally, by default). It is chosen on the first metric — after the first paint, when
 * the reporter has loaded — and kept; a config.json that cannot be read means the console.
 */
export function configuredSink({
  readConfig = loadRuntimeConfig,
  analytics = loadAnalyticsSink,
}: SinkSources = {}): VitalsSink {
  let chosen: Promise<VitalsSink> | undefined;
  const choose = async (): Promise<VitalsSink> => {
    const { analyticsId } = await readConfig();
    return analyticsId ? analytics(analyticsId) : consoleSink;
  };
  return (vital) => {
    chosen ??= choose().catch((error: unknown) => {
      console.warn('Analytics could not be set up; web vitals go to the console', error);
      return consoleSink;
    });
    void chosen.then((sink) => sink(vital));
  };
}

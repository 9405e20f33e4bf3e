/** The Core Web Vitals §7's reporter sends, by web-vitals' names. */
export type VitalName = 'LCP' | 'INP' | 'CLS';

/** A metric as web-vitals hands it over (the fields a sink uses). */
export interface Vital {
  readonly name: VitalName;
  readonly value: number;
  /** The change since this metric was last reported (its first report: the value). */
  readonly delta: number;
  readonly rating: 'good' | 'needs-improvement' | 'poor';
  /** Unique per page load and metric: a sink counts each once. */
  readonly id: string;
}

/** What the reporter uses of the web-vitals package: its onLCP, onINP and onCLS. */
export type VitalsSource = Readonly<
  Record<`on${VitalName}`, (report: (vital: Vital) => void) => void>
>;

/** Where the metrics go: the console locally; in AWS the configured analytics. */
export type VitalsSink = (vital: Vital) => void;

export interface VitalsReporting {
  /** Loads web-vitals: a dynamic import, so it is its own chunk and not in the first bundle. */
  readonly load: () => Promise<VitalsSource>;
  readonly sink: VitalsSink;
  /** When to load it; by default once the first paint is done and the main thread is idle. */
  readonly whenIdle?: (start: () => void) => void;
}

/**
 * Starts reporting LCP, INP and CLS without costing the first paint anything: the package loads
 * after it, when the browser is idle. Nothing is lost by waiting, as web-vitals observes with
 * `buffered: true` and so still sees the entries from before it loaded. A failure to load is
 * logged and otherwise ignored: measuring must never break the page.
 */
export function reportVitals({
  load,
  sink,
  whenIdle = afterFirstPaintWhenIdle,
}: VitalsReporting): Promise<void> {
  return new Promise((done) => {
    whenIdle(() => {
      load()
        .then((source) => {
          source.onLCP(sink);
          source.onINP(sink);
          source.onCLS(sink);
        })
        .catch((error: unknown) => console.warn('Web vitals could not be loaded', error))
        .finally(done);
    });
  });
}

/** Longest wait for an idle moment: a page that is never idle still reports. */
export const IDLE_TIMEOUT_MS = 3000;

/** After the next frame is painted, when the main thread is idle (or after IDLE_TIMEOUT_MS). */
export function afterFirstPaintWhenIdle(start: () => void): void {
  const whenIdle = () => {
    if (typeof requestIdleCallback === 'function') {
      requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS });
    } else {
      setTimeout(start, 0);
    }
  };
  // The frame callback runs before that frame is painted; the timeout after it, once it is.
  requestAnimationFrame(() => setTimeout(whenIdle, 0));
}

/** Locally: one console line per metric, e.g. "[web-vitals] LCP 1234 ms (good)". */
export const consoleSink: VitalsSink = ({ name, value, rating }) => {
  const shown = name === 'CLS' ? value.toFixed(3) : `${Math.round(value)} ms`;
  console.info(`[web-vitals] ${name} ${shown} (${rating})`);
};

import { describe, expect, it } from 'vitest';
import { analyticsSink, type AnalyticsGlobals } from './analytics-sink';
import type { Vital } from './report-vitals';

const lcp: Vital = { name: 'LCP', value: 1800, delta: 1800, rating: 'good', id: 'v5-1-LCP' };

/** A fresh page: its own globals and document, so no test sees another's gtag. */
function page() {
  const globals: AnalyticsGlobals = {};
  const doc = document.implementation.createHTMLDocument('page');
  return { globals, doc, commands: () => (globals.dataLayer ?? []).map((a) => [...(a as [])]) };
}

describe('analyticsSink (GA4)', () => {
  it('adds gtag.js for the property once, and queues its js and config commands', () => {
    const { globals, doc, commands } = page();
    analyticsSink('G-TEST12345', globals, doc);
    analyticsSink('G-TEST12345', globals, doc);
    const scripts = [...doc.head.querySelectorAll('script')];
    expect(scripts.map((s) => s.src)).toEqual([
      'https://www.googletagmanager.com/gtag/js?id=G-TEST12345',
    ]);
    expect(scripts[0]!.async).toBe(true);
    expect(commands().map((c) => c[0])).toEqual(['js', 'config']);
    expect(commands()[1]).toEqual(['config', 'G-TEST12345']);
  });

  it('sends each metric as a non-interactive event, valued by its delta', () => {
    const { globals, doc, commands } = page();
    const sink = analyticsSink('G-TEST12345', globals, doc);
    sink(lcp);
    sink({ name: 'CLS', value: 0.12, delta: 0.02, rating: 'needs-improvement', id: 'v5-2-CLS' });
    expect(commands().slice(2)).toEqual([
      [
        'event',
        'LCP',
        {
          value: 1800,
          metric_id: 'v5-1-LCP',
          metric_value: 1800,
          metric_delta: 1800,
          metric_rating: 'good',
          non_interaction: true,
        },
      ],
      [
        'event',
        'CLS',
        {
          value: 0.02,
          metric_id: 'v5-2-CLS',
          metric_value: 0.12,
          metric_delta: 0.02,
          metric_rating: 'needs-improvement',
          non_interaction: true,
        },
      ],
    ]);
  });

  it('queues arguments objects, as gtag.js expects (it ignores plain arrays)', () => {
    const { globals, doc } = page();
    analyticsSink('G-TEST12345', globals, doc);
    const first = globals.dataLayer![0];
    expect(Array.isArray(first)).toBe(false);
    expect(Object.prototype.toString.call(first)).toBe('[object Arguments]');
  });

  it('uses a gtag the page already has rather than loading it again', () => {
    const { globals, doc } = page();
    const calls: unknown[][] = [];
    globals.gtag = (...args) => void calls.push(args);
    analyticsSink('G-TEST12345', globals, doc)(lcp);
    expect(doc.head.querySelector('script')).toBeNull();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.slice(0, 2)).toEqual(['event', 'LCP']);
  });
});

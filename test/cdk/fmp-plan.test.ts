import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { FMP_CALLS_PER_MINUTE_ENV } from '../../lambdas/adapters/fmp/aws-client';
import { FMP_API_KEY_SECRET_ENV } from '../../lambdas/adapters/fmp/api-key';
import { fmpCallShares } from '../../infra/aws/fmp-plan';
import { buildTestApp, sharedTestApp } from './synth';

interface FunctionProps {
  readonly Description?: string;
  readonly Environment?: { readonly Variables?: Record<string, unknown> };
}

/** Each function reading FMP, by description, with its per-minute share. */
function fmpReaders(context: Record<string, string> = {}) {
  const { stacks } = context.fmpCallsPerMinute ? buildTestApp(context) : sharedTestApp();
  const functions = Template.fromStack(stacks.stateless).findResources('AWS::Lambda::Function');
  return Object.values(functions)
    .map((f) => f.Properties as FunctionProps)
    .filter((p) => p.Environment?.Variables?.[FMP_API_KEY_SECRET_ENV] !== undefined)
    .map((p) => ({
      what: p.Description ?? '',
      perMinute: p.Environment?.Variables?.[FMP_CALLS_PER_MINUTE_ENV],
    }));
}

describe('the FMP plan’s calls a minute, shared among the functions that call FMP', () => {
  it('gives the ingest two thirds of Starter’s 300 by default, each live reader a third', () => {
    const readers = fmpReaders();
    const prefixes = [
      'Scheduled market-data ingest',
      'Public asset API',
      'AppSync direct Lambda resolver for the public',
      'Price-alert evaluator',
      // Its portfolio summaries price the holdings.
      'Subscription API',
    ];
    expect(readers).toHaveLength(prefixes.length);
    for (const prefix of prefixes) {
      expect(
        readers.filter((r) => r.what.startsWith(prefix)),
        prefix,
      ).toHaveLength(1);
    }
    for (const { what, perMinute } of readers) {
      expect(perMinute, what).toBe(what.startsWith('Scheduled market-data ingest') ? '200' : '100');
    }
  });

  it('follows the context’s plan (-c fmpCallsPerMinute=750), and refuses a malformed one', () => {
    const readers = fmpReaders({ fmpCallsPerMinute: '750' });
    const ingest = readers.find((r) => r.what.startsWith('Scheduled market-data ingest'));
    expect(ingest?.perMinute).toBe('500');
    expect(readers.filter((r) => r !== ingest).map((r) => r.perMinute)).toEqual(
      Array(4).fill('250'),
    );
    expect(() => buildTestApp({ fmpCallsPerMinute: 'lots' })).toThrow(
      'Context fmpCallsPerMinute must be a positive whole number, got lots',
    );
  });

  it('never shares out less than one call a minute', () => {
    expect(fmpCallShares(1)).toEqual({ ingest: 1, reader: 1 });
  });
});

import { Stack } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { describe, expect, it } from 'vitest';
import { nagFindings as findings } from './nag-findings';
import { buildTestApp, sharedTestApp } from './synth';

describe('cdk-nag AwsSolutions gate', () => {
  it('finds nothing unacknowledged in the product app', () => {
    const { app, outdir } = sharedTestApp();
    expect(findings(app, outdir)).toEqual([]);
  });

  it('catches a non-compliant resource (the gate can fail)', () => {
    const { app, outdir } = buildTestApp();
    const stack = new Stack(app, 'Deliberately-Noncompliant', { env: { region: 'us-east-2' } });
    new s3.Bucket(stack, 'OpenBucket');
    const found = findings(app, outdir);
    expect(found).toContain(
      'error AwsSolutions-S10 at Deliberately-Noncompliant/OpenBucket/Resource',
    );
    expect(found.some((f) => f.includes('AwsSolutions-S1 '))).toBe(true);
  });

  it('every acknowledgement names a specific reason', () => {
    const { app } = sharedTestApp();
    const reasons: string[] = [];
    for (const construct of app.node.findAll()) {
      const acks = (construct.node.metadata ?? []).filter((m) =>
        String(m.type).includes('acknowledge'),
      );
      for (const ack of acks) reasons.push(JSON.stringify(ack.data));
    }
    // Acknowledgements live in construct metadata; each must carry a reason of some substance.
    expect(reasons.length).toBeGreaterThan(0);
    for (const reason of reasons) expect(reason.length).toBeGreaterThan(80);
  });
});

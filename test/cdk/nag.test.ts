import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Stack, type App } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from './synth';

interface ValidationReport {
  pluginReports: {
    pluginName: string;
    violations: {
      ruleName: string;
      severity: string;
      violatingConstructs: { constructPath: string }[];
    }[];
  }[];
}

/** Synthesises and returns every unacknowledged cdk-nag finding (errors and warnings alike). */
function findings(app: App, outdir: string): string[] {
  try {
    app.synth();
  } catch (error) {
    // Unacknowledged errors make synth throw; the report below lists them (and any warnings).
    if (!/validation ?failed/i.test(`${(error as Error).name} ${String(error)}`)) throw error;
  }
  let report: ValidationReport;
  try {
    report = JSON.parse(
      readFileSync(join(outdir, 'validation-report.json'), 'utf8'),
    ) as ValidationReport;
  } catch {
    return []; // no report is written when no plugin found anything
  }
  return report.pluginReports.flatMap((plugin) =>
    plugin.violations.flatMap((v) =>
      v.violatingConstructs.map((c) => `${v.severity} ${v.ruleName} at ${c.constructPath}`),
    ),
  );
}

describe('cdk-nag AwsSolutions gate', () => {
  it('finds nothing unacknowledged in the product app', () => {
    const { app, outdir } = buildTestApp();
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
    const { app } = buildTestApp();
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

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { App } from 'aws-cdk-lib';

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

/**
 * Synthesises `app` (whose validation plugins include cdk-nag) and returns every unacknowledged
 * finding, errors and warnings alike, as "severity rule at construct path". nag.test.ts proves
 * the gate can fail: a non-compliant resource shows up here.
 */
export function nagFindings(app: App, outdir: string): string[] {
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

import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { OperationsAlarms } from './operations/alarms';
import { OperatorAlerts, operatorEmail } from './operations/operator-alerts';
import { WebAcl } from './web-acl';
import { edgeRules } from './waf-rules';

/** CloudFront's web ACLs must live in us-east-1, whatever region the distribution's stack is in. */
export const EDGE_REGION = 'us-east-1';

/**
 * The CloudFront-scope web ACL (waf-rules.ts edgeRules), alone in a small us-east-1 stack; the
 * stateless stack's distribution names it through a cross-region reference.
 */
export class EdgeStack extends Stack {
  readonly webAcl: WebAcl;
  /** Alarms notify a topic in their own region: this one is us-east-1's. */
  readonly alerts: OperatorAlerts;
  readonly alarms: OperationsAlarms;

  constructor(scope: Construct, id: string, props: StackProps) {
    super(scope, id, props);
    this.webAcl = new WebAcl(this, 'SiteFirewall', {
      name: 'stockscope-site',
      scope: 'CLOUDFRONT',
      description:
        'StockScope CloudFront: IP reputation, per-IP rate limits, AWS common and known-bad-input rules',
      rules: edgeRules(),
      redactedHeaders: ['authorization'],
    });
    this.alerts = new OperatorAlerts(this, 'OperatorAlerts', { email: operatorEmail(this) });
    this.alarms = new OperationsAlarms(this, 'Alarms', { topic: this.alerts.topic });
    // Bots meet the rate limits and reputation lists every day; this many is an attack.
    this.alarms.webAcl('site', this.webAcl, 1_000);
  }
}

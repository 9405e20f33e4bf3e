import { Stack, type StackProps } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { PAYMENT_WEBHOOK_EVENTS_TABLE, STOCKS_TABLE, USERS_TABLE } from '../../core/tables';
import { AuthTriggers } from './auth-triggers';
import { OperationsAlarms } from './operations/alarms';
import { OperatorAlerts, operatorEmail } from './operations/operator-alerts';
import { tableFromDefinition } from './table';
import { UserFilesBucket } from './user-files-bucket';
import { UserPoolConstruct } from './user-pool';
import { userPoolRules } from './waf-rules';
import { WebAcl } from './web-acl';

/**
 * Everything that holds data and outlives deployments: the three tables, the user pool and the
 * user-files bucket. All retained on deletion; the stateless stack (APIs, functions, CDN) uses them.
 */
export class StatefulStack extends Stack {
  readonly stocksTable: dynamodb.TableV2;
  readonly paymentWebhookEventsTable: dynamodb.TableV2;
  readonly usersTable: dynamodb.TableV2;
  readonly identity: UserPoolConstruct;
  readonly authTriggers: AuthTriggers;
  readonly userFiles: UserFilesBucket;
  readonly userPoolFirewall: WebAcl;
  /** The operators' topic in this region: the stateless stack's alarms notify it too. */
  readonly alerts: OperatorAlerts;
  readonly alarms: OperationsAlarms;

  constructor(scope: Construct, id: string, props: StackProps) {
    super(scope, id, props);
    this.stocksTable = tableFromDefinition(this, STOCKS_TABLE);
    this.paymentWebhookEventsTable = tableFromDefinition(this, PAYMENT_WEBHOOK_EVENTS_TABLE);
    this.usersTable = tableFromDefinition(this, USERS_TABLE);
    this.identity = new UserPoolConstruct(this, 'Identity');
    this.authTriggers = new AuthTriggers(this, 'AuthTriggers', {
      userPool: this.identity.userPool,
      usersTable: this.usersTable,
    });
    this.userFiles = new UserFilesBucket(this, 'UserFiles');
    // The SPA signs in against Cognito directly, so the code step's SMS is shielded here.
    this.userPoolFirewall = new WebAcl(this, 'UserPoolFirewall', {
      name: 'stockscope-user-pool',
      scope: 'REGIONAL',
      description:
        'StockScope user pool: IP reputation, per-IP limits on sign-in starts and all calls',
      rules: userPoolRules(),
    });
    this.userPoolFirewall.associate('UserPool', this.identity.userPool.userPoolArn);

    // Kept with the data, so operators confirm their subscription once, not per API deployment.
    this.alerts = new OperatorAlerts(this, 'OperatorAlerts', { email: operatorEmail(this) });
    this.alarms = new OperationsAlarms(this, 'Alarms', { topic: this.alerts.topic });
    this.alarms.table('stocks', this.stocksTable);
    this.alarms.table('payment webhook events', this.paymentWebhookEventsTable);
    this.alarms.table('users', this.usersTable);
    for (const [label, trigger] of Object.entries(this.authTriggers.functions)) {
      this.alarms.lambdaFunction(label, trigger.fn);
    }
    this.alarms.otpSendSpike();
    // Sign-in starts past the per-address limits: a burst means someone is hammering sign-in.
    this.alarms.webAcl('user pool', this.userPoolFirewall, 100);
  }
}

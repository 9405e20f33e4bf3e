import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as appsync from 'aws-cdk-lib/aws-appsync';
import type * as apigateway from 'aws-cdk-lib/aws-apigateway';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import type { WebAcl } from '../web-acl';
import * as figures from './figures';

export interface DashboardProps {
  readonly restApis: Readonly<Record<string, apigateway.RestApi>>;
  readonly graphqlApi: appsync.IGraphqlApi;
  readonly functions: Readonly<Record<string, lambda.IFunction>>;
  readonly tables: Readonly<Record<string, dynamodb.ITableV2>>;
  /** Every web ACL, the CloudFront one (us-east-1) included. */
  readonly webAcls: readonly WebAcl[];
  /** Alarms of this stack, shown with their state at the top. */
  readonly alarms: readonly cloudwatch.IAlarm[];
}

/** The CloudWatch dashboard "StockScope": the figures the alarms watch, and the business ones. */
export class OperationsDashboard extends Construct {
  readonly dashboard: cloudwatch.Dashboard;

  constructor(scope: Construct, id: string, props: DashboardProps) {
    super(scope, id);
    const graph = (title: string, left: cloudwatch.IMetric[], width = 12) =>
      new cloudwatch.GraphWidget({ title, left, width, height: 6 });
    const apis = Object.entries(props.restApis);
    const fns = Object.entries(props.functions);
    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: 'StockScope',
      widgets: [
        [
          new cloudwatch.AlarmStatusWidget({
            title: 'Alarms (this region)',
            alarms: [...props.alarms],
            width: 24,
            height: 4,
          }),
        ],
        [
          graph('APIs: 5xx (% of requests)', [
            ...apis.map(([label, api]) => figures.restApiServerErrorRate(label, api)),
            figures.graphqlServerErrorRate('graphql', props.graphqlApi),
          ]),
          graph('APIs: p99 latency (ms)', [
            ...apis.map(([label, api]) => figures.restApiLatencyP99(label, api)),
            figures.graphqlLatencyP99('graphql', props.graphqlApi),
          ]),
        ],
        [
          graph(
            'Functions: errors',
            fns.map(([label, fn]) => figures.functionErrors(label, fn)),
          ),
          graph(
            'Functions: throttles',
            fns.map(([label, fn]) => figures.functionThrottles(label, fn)),
          ),
        ],
        [
          graph(
            'DynamoDB: throttled reads and writes',
            Object.entries(props.tables).map(([label, table]) =>
              figures.tableThrottles(label, table),
            ),
            8,
          ),
          graph('WAF: blocked requests', props.webAcls.map(figures.wafBlocked), 8),
          graph(
            'Sign-ins and codes sent',
            [figures.signIns('success'), figures.signIns('failure'), figures.otpSent()],
            8,
          ),
        ],
        [
          graph('Ingest (per hour)', [
            figures.ingestCompanies('ingestSucceeded'),
            figures.ingestCompanies('ingestFailed'),
            figures.ingestPlanRefused(),
          ]),
          graph('Payment webhooks', [
            figures.webhookEvents('processed'),
            figures.webhookEvents('duplicate'),
            figures.webhookEvents('rejected'),
            figures.webhookEvents('failed'),
          ]),
        ],
      ],
    });
  }
}

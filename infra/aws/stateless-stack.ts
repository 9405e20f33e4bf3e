import { Stack, type StackProps } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { ACCOUNT_API } from '../../core/api/account';
import { ADMIN_QUERIES_API } from '../../core/api/admin-queries';
import { SUBSCRIPTION_API } from '../../core/api/subscription';
import { ASSET_API } from '../../core/api/asset';
import { GRAPHQL_ENDPOINT } from '../../core/api/graphql';
import { routesOf } from '../../core/api/contract';
import { STOCKS_TABLE, USERS_TABLE } from '../../core/tables';
import { USER_POOL_ID_ENV } from '../../lambdas/shared/environment';
import { SERVICE } from '../../lambdas/shared/observability/names';
import { OperationsAlarms } from './operations/alarms';
import { OperationsDashboard } from './operations/dashboard';
import { ServiceFunction } from './service-function';
import { grantSmsToPhoneNumbers } from './sms-grant';
import { PublicGraphqlApi } from './graphql-api';
import { MarketDataIngest } from './ingest';
import { AlertEvaluator } from './alert-evaluator';
import { OriginVerify } from './origin-verify';
import { Payments } from './payments';
import { apiRules } from './waf-rules';
import { analyticsId } from './analytics-context';
import { WebAcl } from './web-acl';
import { WebDelivery } from './web-delivery';
import { RouteTableApi } from './rest-api';
import type { StatefulStack } from './stateful-stack';
import { grantUserFiles, UserFilesCors } from './user-files-access';

export interface StatelessStackProps extends StackProps {
  readonly data: StatefulStack;
  /** The CloudFront-scope web ACL (edge stack, us-east-1) the distribution is put behind. */
  readonly siteWebAclArn: string;
  /** The same web ACL, whose blocked requests the dashboard shows (by name: no reference). */
  readonly siteFirewall?: WebAcl;
}

/**
 * The replaceable half: Lambda functions and the REST APIs in front of them, wired to the tables
 * and the user pool of the stateful stack.
 */
export class StatelessStack extends Stack {
  readonly assetApi: RouteTableApi;
  readonly subscriptionApi: RouteTableApi;
  readonly adminQueriesApi: RouteTableApi;
  readonly accountApi: RouteTableApi;
  readonly payments: Payments;
  readonly graphqlApi: PublicGraphqlApi;
  readonly ingest: MarketDataIngest;
  readonly alertEvaluator: AlertEvaluator;
  readonly web: WebDelivery;
  readonly originVerify: OriginVerify;
  readonly apiFirewall: WebAcl;
  readonly alarms: OperationsAlarms;
  readonly dashboard: OperationsDashboard;

  constructor(scope: Construct, id: string, props: StatelessStackProps) {
    super(scope, id, props);
    const { data } = props;

    // The provider feeds the stocks table on a schedule; the APIs read live prices from it too.
    this.ingest = new MarketDataIngest(this, 'MarketDataIngest', { stocksTable: data.stocksTable });
    const providerKey = this.ingest.readerEnvironment;

    const readStocks = {
      table: data.stocksTable,
      definition: STOCKS_TABLE,
      access: 'read',
    } as const;
    const asset = new ServiceFunction(this, 'AssetFunction', {
      entry: 'lambdas/asset/handler.ts',
      description: 'Public asset API: profiles, quotes, statements, ratios, charts, search',
      service: 'asset',
      memorySize: 1024,
      tables: [readStocks],
      environment: providerKey,
    });
    this.ingest.apiKeySecret.grantRead(asset.fn);
    this.assetApi = new RouteTableApi(this, 'AssetApi', {
      name: 'stockscope-asset',
      description: 'StockScope asset API (public market data, GET only)',
      routes: routesOf(ASSET_API),
      handler: asset.fn,
      publicReason:
        'The asset API serves public market data that SPEC §1 lets any visitor read; it is read-only, throttled per stage and cached by CloudFront.',
      throttle: { rateLimit: 200, burstLimit: 400 },
    });

    const graphqlResolver = new ServiceFunction(this, 'GraphqlFunction', {
      entry: 'lambdas/graphql/handler.ts',
      description: 'AppSync direct Lambda resolver for the public GraphQL API',
      service: 'graphql',
      memorySize: 1024,
      tables: [readStocks],
      environment: providerKey,
    });
    this.ingest.apiKeySecret.grantRead(graphqlResolver.fn);
    // Curation: its own function, so the public resolver keeps read-only grants. It
    // reads editors' sets and revocations from the users table and writes descriptions and sheets with their
    // audit entries (put, and delete of the entry past the kept history) to the stocks table.
    const curationResolver = new ServiceFunction(this, 'GraphqlCurationFunction', {
      entry: 'lambdas/graphql/curation-handler.ts',
      description: 'AppSync direct Lambda resolver for the curation fields (Cognito user pool)',
      service: 'graphql-curation',
      tables: [
        { table: data.stocksTable, definition: STOCKS_TABLE, access: 'readWriteItems' },
        { table: data.usersTable, definition: USERS_TABLE, access: 'read' },
      ],
    });
    this.graphqlApi = new PublicGraphqlApi(this, 'GraphqlApi', {
      resolver: graphqlResolver.fn,
      curationResolver: curationResolver.fn,
      userPool: data.identity.userPool,
    });

    this.payments = new Payments(this, 'Payments', {
      usersTable: data.usersTable,
      webhookEventsTable: data.paymentWebhookEventsTable,
    });
    const subscription = new ServiceFunction(this, 'SubscriptionFunction', {
      entry: 'lambdas/subscription/handler.ts',
      description:
        'Subscription API: the caller’s details, subscription, checkout and billing, watchlists, portfolios',
      service: 'subscription',
      // The caller's record (customer id, subscription: conditional updates), watchlists (one
      // versioned put) and portfolios, whose transactions are items of their own that the user
      // deletes (single items in transactions, no batches). Stocks (read only): that an alert's
      // symbol is listed, and a CSV import's symbols and ISINs.
      tables: [
        { table: data.usersTable, definition: USERS_TABLE, access: 'readWriteItems' },
        readStocks,
      ],
      // A portfolio summary's quotes and daily bars come from the provider.
      environment: providerKey,
    });
    // The value only (no DescribeSecret), as the Stripe key is given to it.
    subscription.fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['secretsmanager:GetSecretValue'],
        resources: [this.ingest.apiKeySecret.secretArn],
      }),
    );
    this.payments.bindBilling(subscription.fn);
    grantUserFiles(subscription.fn, data.userFiles);
    this.alertEvaluator = new AlertEvaluator(this, 'AlertEvaluator', {
      usersTable: data.usersTable,
      stocksTable: data.stocksTable,
      providerKey: this.ingest.apiKeySecret,
      providerEnvironment: providerKey,
      payments: this.payments,
    });
    this.subscriptionApi = new RouteTableApi(this, 'SubscriptionApi', {
      name: 'stockscope-subscription',
      description: 'StockScope subscription API (Cognito-authorised)',
      routes: routesOf(SUBSCRIPTION_API),
      handler: subscription.fn,
      userPool: data.identity.userPool,
      throttle: { rateLimit: 50, burstLimit: 100 },
    });

    const adminQueries = new ServiceFunction(this, 'AdminQueriesFunction', {
      entry: 'lambdas/admin-queries/handler.ts',
      description:
        'AdminQueries API: list, enable and disable users, editors and their permissions',
      service: 'admin-queries',
      // Its users repository gets, creates (a conditional put) and updates (the versioned
      // permission set) a record, and never deletes one.
      tables: [{ table: data.usersTable, definition: USERS_TABLE, access: 'readPutUpdate' }],
      environment: { [USER_POOL_ID_ENV]: data.identity.userPool.userPoolId },
    });
    adminQueries.fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: [
          'cognito-idp:ListUsers',
          'cognito-idp:ListUsersInGroup',
          'cognito-idp:AdminEnableUser',
          // Disabling revokes the user's sessions in the users table too (a conditional update).
          'cognito-idp:AdminDisableUser',
          // PUT /editorPermissions: the target must exist and be in the editor group.
          'cognito-idp:AdminGetUser',
          'cognito-idp:AdminListGroupsForUser',
          // GET /userCounts: the pool's EstimatedNumberOfUsers for the admin dashboard.
          'cognito-idp:DescribeUserPool',
        ],
        resources: [data.identity.userPool.userPoolArn],
      }),
    );
    this.adminQueriesApi = new RouteTableApi(this, 'AdminQueriesApi', {
      name: 'stockscope-admin-queries',
      description:
        'StockScope AdminQueries API (Cognito-authorised; admin group checked in the handler)',
      routes: routesOf(ADMIN_QUERIES_API),
      handler: adminQueries.fn,
      userPool: data.identity.userPool,
      throttle: { rateLimit: 20, burstLimit: 40 },
    });

    const account = new ServiceFunction(this, 'AccountFunction', {
      entry: 'lambdas/account/handler.ts',
      description: 'Account API: sign out (this device or everywhere), change the phone number',
      service: SERVICE.account,
      // Revocations, send-cap windows, pending phone changes; it deletes the caller's remembered
      // devices and a spent phone change (single items, never in batches).
      tables: [{ table: data.usersTable, definition: USERS_TABLE, access: 'readWriteItems' }],
      environment: { [USER_POOL_ID_ENV]: data.identity.userPool.userPoolId },
    });
    grantSmsToPhoneNumbers(account.fn);
    account.fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['cognito-idp:AdminUserGlobalSignOut', 'cognito-idp:AdminUpdateUserAttributes'],
        resources: [data.identity.userPool.userPoolArn],
      }),
    );
    this.accountApi = new RouteTableApi(this, 'AccountApi', {
      name: 'stockscope-account',
      description: 'StockScope account API (Cognito-authorised; the caller’s own account only)',
      routes: routesOf(ACCOUNT_API),
      handler: account.fn,
      userPool: data.identity.userPool,
      // Codes by SMS are capped per user and number in the handler; this bounds the rest.
      throttle: { rateLimit: 10, burstLimit: 20 },
    });

    // The APIs answer only requests that came through CloudFront (and its web ACL): CloudFront
    // adds the origin secret, and this regional web ACL blocks whatever lacks it.
    this.originVerify = new OriginVerify(this, 'OriginVerify');
    this.apiFirewall = new WebAcl(this, 'ApiFirewall', {
      name: 'stockscope-api',
      scope: 'REGIONAL',
      description:
        'StockScope APIs: only requests through CloudFront with its origin header, per-IP backstop',
      rules: apiRules(this.originVerify),
      redactedHeaders: ['authorization', this.originVerify.headerName],
    });
    for (const [name, api] of Object.entries({
      AssetApi: this.assetApi,
      SubscriptionApi: this.subscriptionApi,
      AdminQueriesApi: this.adminQueriesApi,
      AccountApi: this.accountApi,
      StripeWebhookApi: this.payments.webhookApi,
    })) {
      this.apiFirewall.associate(name, api.api.deploymentStage.stageArn);
    }
    this.apiFirewall.associate('GraphqlApi', this.graphqlApi.api.arn);

    const analytics = analyticsId(this);
    this.web = new WebDelivery(this, 'Web', {
      webAclId: props.siteWebAclArn,
      apiOriginHeaders: { [this.originVerify.headerName]: this.originVerify.headerValue },
      assetApi: this.assetApi.api,
      subscriptionApi: this.subscriptionApi.api,
      adminQueriesApi: this.adminQueriesApi.api,
      accountApi: this.accountApi.api,
      stripeWebhookApi: this.payments.webhookApi.api,
      graphqlApi: this.graphqlApi.api,
      userFilesBucket: data.userFiles.bucket,
      runtimeConfig: {
        region: this.region,
        userPoolId: data.identity.userPool.userPoolId,
        userPoolClientId: data.identity.webClient.userPoolClientId,
        graphqlUrl: GRAPHQL_ENDPOINT.path,
        graphqlApiKey: this.graphqlApi.apiKey.attrApiKey,
        // §7: the GA4 property, only where the deploy names one (config.json has no key otherwise).
        ...(analytics ? { analyticsId: analytics } : {}),
      },
    });
    // The SPA posts CSV uploads to the user-files bucket from the site's origin.
    new UserFilesCors(this, 'UserFilesCors', {
      bucket: data.userFiles.bucket,
      origin: `https://${this.web.distribution.distributionDomainName}`,
    });
    // On a rotation the firewall must accept the new value before CloudFront sends it.
    this.web.distribution.node.addDependency(this.apiFirewall);
    this.payments.siteUrlParameter(`https://${this.web.distribution.distributionDomainName}`);

    const restApis = {
      asset: this.assetApi.api,
      subscription: this.subscriptionApi.api,
      'admin-queries': this.adminQueriesApi.api,
      account: this.accountApi.api,
      'stripe-webhook': this.payments.webhookApi.api,
    };
    const functions = {
      asset: asset.fn,
      graphql: graphqlResolver.fn,
      'graphql-curation': curationResolver.fn,
      subscription: subscription.fn,
      'admin-queries': adminQueries.fn,
      account: account.fn,
      'stripe-webhook': this.payments.webhookFunction.fn,
      ingest: this.ingest.function.fn,
      alerts: this.alertEvaluator.function.fn,
    };
    this.alarms = new OperationsAlarms(this, 'Alarms', { topic: data.alerts.topic });
    for (const [label, api] of Object.entries(restApis)) this.alarms.restApi(label, api);
    this.alarms.graphqlApi('graphql', this.graphqlApi.api);
    for (const [label, fn] of Object.entries(functions)) this.alarms.lambdaFunction(label, fn);
    this.alarms.ingestFailures();
    this.alarms.ingestPlanRefusals();
    this.alarms.webhookFailures();
    // The APIs answer only CloudFront: blocks here are requests that tried to go around it.
    this.alarms.webAcl('API', this.apiFirewall, 100);

    this.dashboard = new OperationsDashboard(this, 'Operations', {
      restApis,
      graphqlApi: this.graphqlApi.api,
      functions: {
        ...functions,
        ...Object.fromEntries(
          Object.entries(data.authTriggers.functions).map(([label, f]) => [label, f.fn]),
        ),
      },
      tables: {
        stocks: data.stocksTable,
        'payment webhook events': data.paymentWebhookEventsTable,
        users: data.usersTable,
      },
      webAcls: [
        ...(props.siteFirewall ? [props.siteFirewall] : []),
        this.apiFirewall,
        data.userPoolFirewall,
      ],
      alarms: [...this.alarms.alarms, ...data.alarms.alarms],
    });
  }
}

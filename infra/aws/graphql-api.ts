import { fileURLToPath } from 'node:url';
import { Duration, Expiration, Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import * as appsync from 'aws-cdk-lib/aws-appsync';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { GRAPHQL_QUERY_FIELDS } from '../../core/api/graphql';
import { GRAPHQL_LIMITS } from '../../core/api/graphql-limits';
import { acknowledgeLambdaBasicExecution } from './nag-acknowledgements';

const SCHEMA_FILE = fileURLToPath(new URL('../../lambdas/graphql/schema.graphql', import.meta.url));

/** The Query fields of the contract (core/api/graphql.ts): each a direct Lambda resolver. */
export { GRAPHQL_QUERY_FIELDS };

export interface PublicGraphqlApiProps {
  readonly resolver: lambda.IFunction;
}

/**
 * The public GraphQL API of SPEC §1/§7 (AppSync, API-key auth) from the same schema file the local
 * server executes; every Query field goes to the one direct Lambda resolver.
 */
export class PublicGraphqlApi extends Construct {
  readonly api: appsync.GraphqlApi;
  readonly apiKey: appsync.CfnApiKey;

  constructor(scope: Construct, id: string, props: PublicGraphqlApiProps) {
    super(scope, id);
    this.api = new appsync.GraphqlApi(this, 'Api', {
      name: 'stockscope-public',
      definition: appsync.Definition.fromFile(SCHEMA_FILE),
      authorizationConfig: {
        defaultAuthorization: {
          authorizationType: appsync.AuthorizationType.API_KEY,
          apiKeyConfig: {
            description: 'SPA public reads',
            expires: Expiration.after(Duration.days(365)),
          },
        },
      },
      logConfig: {
        fieldLogLevel: appsync.FieldLogLevel.ERROR,
        // Verbose content would log request headers, CloudFront's origin secret among them.
        excludeVerboseContent: true,
        retention: logs.RetentionDays.THREE_MONTHS,
      },
      xrayEnabled: true,
      // One request may not ask for unbounded work (1,000 aliased fields once took 14.6 s); the
      // local server enforces the same numbers.
      queryDepthLimit: GRAPHQL_LIMITS.maxDepth,
      resolverCountLimit: GRAPHQL_LIMITS.maxResolvers,
    });
    Validations.of(this.api).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSAppSyncPushToCloudWatchLogs]',
      reason:
        'AppSync needs this role to write its request and error logs; AWSAppSyncPushToCloudWatchLogs is the AWS-maintained policy for exactly that.',
    });
    Validations.of(this.api).acknowledge({
      id: 'AwsSolutions-ASC3',
      reason:
        'Request-level logging is on (AppSync role, field errors logged), but without verbose content: it would write request headers to CloudWatch, CloudFront’s x-origin-verify secret among them.',
    });
    // AppSync creates its log group itself; CDK sets its retention through the stack's shared
    // LogRetention function, whose role uses the AWS-managed basic execution policy.
    const stack = Stack.of(this);
    const logRetention = stack.node.children.find((c) => c.node.id.startsWith('LogRetention'));
    if (logRetention) {
      acknowledgeLambdaBasicExecution(logRetention);
      Validations.of(logRetention).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'CDK’s LogRetention helper must call logs:PutRetentionPolicy/DeleteRetentionPolicy on a log group whose name AppSync decides at deploy time.',
      });
    }
    this.apiKey = this.api.node.findChild('DefaultApiKey') as appsync.CfnApiKey;
    const source = this.api.addLambdaDataSource('Resolver', props.resolver);
    Validations.of(source).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${stack.getLogicalId(props.resolver.node.defaultChild as CfnElement)}.Arn>:*]`,
      reason:
        'CDK grants lambda:InvokeFunction on the function and its versions/aliases (ARN:*) so a published version can serve the resolver; it is still this one function.',
    });
    for (const field of GRAPHQL_QUERY_FIELDS) {
      // Batching: AppSync sends the calls of a field that run together (its aliases) to the
      // Lambda as one array, which computes equal calls once (lambdas/graphql/batch.ts). A request
      // has at most resolverCountLimit of them, so one batch holds them all.
      source.createResolver(`Query-${field}`, {
        typeName: 'Query',
        fieldName: field,
        maxBatchSize: GRAPHQL_LIMITS.maxResolvers,
      });
    }
  }
}

import { fileURLToPath } from 'node:url';
import { Duration, Expiration, Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import * as appsync from 'aws-cdk-lib/aws-appsync';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { GRAPHQL_FIELDS, GRAPHQL_QUERY_FIELDS } from '../../core/api/graphql';
import { GRAPHQL_LIMITS } from '../../core/api/graphql-limits';
import { acknowledgeLambdaBasicExecution } from './nag-acknowledgements';

const SCHEMA_FILE = fileURLToPath(new URL('../../lambdas/graphql/schema.graphql', import.meta.url));

/** The fields of the contract (core/api/graphql.ts): each a direct Lambda resolver. */
export { GRAPHQL_FIELDS, GRAPHQL_QUERY_FIELDS };

export interface PublicGraphqlApiProps {
  /** The public fields' resolver (API key, read-only grants). */
  readonly resolver: lambda.IFunction;
  /** The curation fields' resolver (user pool; writes the stocks table). */
  readonly curationResolver: lambda.IFunction;
  /** Whose ID tokens the curation fields take (the additional auth mode). */
  readonly userPool: cognito.IUserPool;
}

/**
 * The GraphQL API of SPEC §1/§7 (AppSync) from the same schema file the local server executes.
 * The API key is the default mode (public reads); the Cognito user pool is an additional mode,
 * which only the fields and types marked @aws_cognito_user_pools accept (curation).
 * Public fields go to one direct Lambda resolver, curation fields to another.
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
        additionalAuthorizationModes: [
          {
            authorizationType: appsync.AuthorizationType.USER_POOL,
            // In an additional mode AppSync takes no default action: the schema's
            // @aws_cognito_user_pools directives say which fields a token reaches.
            userPoolConfig: { userPool: props.userPool },
          },
        ],
      },
      logConfig: {
        fieldLogLevel: appsync.FieldLogLevel.ERROR,
        // Verbose content would log request headers, CloudFront's origin secret among them.
        excludeVerboseContent: true,
        retention: logs.RetentionDays.THREE_MONTHS,
      },
      xrayEnabled: true,
      // One request may not ask for unbounded work (1,000 aliased fields take about 15 s); the
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
    const sources = {
      apiKey: this.lambdaSource('Resolver', props.resolver),
      userPool: this.lambdaSource('CurationResolver', props.curationResolver),
    };
    for (const { typeName, fieldName, auth } of GRAPHQL_FIELDS) {
      sources[auth].createResolver(`${typeName}-${fieldName}`, {
        typeName,
        fieldName,
        // Batching: AppSync sends the calls of a public field that run together (its aliases)
        // to the Lambda as one array, which computes equal calls once (lambdas/graphql/batch.ts).
        // A request has at most resolverCountLimit of them, so one batch holds them all.
        // Curation fields are not batched: each call is its own authorised read or write.
        ...(auth === 'apiKey' ? { maxBatchSize: GRAPHQL_LIMITS.maxResolvers } : {}),
      });
    }
  }

  private lambdaSource(id: string, fn: lambda.IFunction): appsync.LambdaDataSource {
    const source = this.api.addLambdaDataSource(id, fn);
    Validations.of(source).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${Stack.of(this).getLogicalId(fn.node.defaultChild as CfnElement)}.Arn>:*]`,
      reason:
        'CDK grants lambda:InvokeFunction on the function and its versions/aliases (ARN:*) so a published version can serve the resolver; it is still this one function.',
    });
    return source;
  }
}

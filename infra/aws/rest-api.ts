import { Size, Validations } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { RouteDefinition } from '../../lambdas/shared/routes';

export interface RouteTableApiProps {
  /**
   * The API's name, unique in the account and region: API Gateway's CloudWatch metrics are
   * keyed by it (ApiName), so two APIs with one name would share their alarms' figures.
   */
  readonly name: string;
  readonly description: string;
  /** The API's routes (routesOf its contract, core/api/<api>.ts), which its handler serves. */
  readonly routes: readonly RouteDefinition[];
  readonly handler: lambda.IFunction;
  /** Required when a route uses auth 'cognito'. */
  readonly userPool?: cognito.IUserPool;
  /** Why routes with auth 'none' are public (cdk-nag APIG4/COG4 acknowledgement). */
  readonly publicReason?: string;
  readonly throttle: { readonly rateLimit: number; readonly burstLimit: number };
}

/**
 * A REST API whose resources and methods come from a route table, all proxied to one Lambda:
 * access logs, execution metrics, throttling, X-Ray, and a Cognito authorizer where routes ask.
 */
export class RouteTableApi extends Construct {
  readonly api: apigateway.RestApi;

  constructor(scope: Construct, id: string, props: RouteTableApiProps) {
    super(scope, id);
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: logs.RetentionDays.THREE_MONTHS,
    });
    this.api = new apigateway.RestApi(this, 'Api', {
      restApiName: props.name,
      description: props.description,
      endpointTypes: [apigateway.EndpointType.REGIONAL],
      cloudWatchRole: true,
      deployOptions: {
        stageName: 'prod',
        tracingEnabled: true,
        metricsEnabled: true,
        loggingLevel: apigateway.MethodLoggingLevel.ERROR,
        throttlingRateLimit: props.throttle.rateLimit,
        throttlingBurstLimit: props.throttle.burstLimit,
        accessLogDestination: new apigateway.LogGroupLogDestination(accessLogs),
        accessLogFormat: apigateway.AccessLogFormat.jsonWithStandardFields(),
      },
      // Statement and list payloads are large JSON: let API Gateway gzip them.
      minCompressionSize: Size.kibibytes(1),
    });
    // One invoke permission for the API rather than two per method (the route and its console
    // test): every method of this API calls this one function, and the stateless stack's
    // permissions alone had reached 148 of CloudFormation's 500 resources.
    const integration = new apigateway.LambdaIntegration(props.handler, {
      proxy: true,
      scopePermissionToMethod: false,
    });
    const authorizer = props.routes.some((r) => r.auth === 'cognito')
      ? new apigateway.CognitoUserPoolsAuthorizer(this, 'Authorizer', {
          cognitoUserPools: props.userPool ? [props.userPool] : [],
        })
      : undefined;
    if (authorizer && !props.userPool) throw new Error('Cognito routes need a user pool');
    // The handler validates every input with zod and answers 400 itself (SPEC: 4xx, clear message).
    const validator = this.api.addRequestValidator('Validator', {
      validateRequestParameters: true,
      validateRequestBody: false,
    });

    for (const route of props.routes) {
      const resource = this.api.root.resourceForPath(route.resource);
      const method = resource.addMethod(route.method, integration, {
        requestValidator: validator,
        ...(route.auth === 'cognito' && authorizer
          ? { authorizer, authorizationType: apigateway.AuthorizationType.COGNITO }
          : {}),
      });
      if (route.auth === 'none') {
        Validations.of(method).acknowledge(
          {
            id: 'AwsSolutions-APIG4',
            reason: props.publicReason ?? 'This route is public by design.',
          },
          {
            id: 'AwsSolutions-COG4',
            reason: props.publicReason ?? 'This route is public by design.',
          },
        );
      }
    }
    Validations.of(this.api).acknowledge(
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
        reason:
          'API Gateway needs this account-level role to write execution and access logs; AmazonAPIGatewayPushToCloudWatchLogs is the AWS-maintained policy for exactly that.',
      },
      {
        id: 'AwsSolutions-APIG2',
        reason:
          'Request validation is done in the Lambda handler with zod schemas shared with the SPA, which answers a 400 with a readable message; API Gateway models would duplicate them.',
      },
    );
  }
}

import { Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * The cdk-nag IAM findings every Lambda role here meets, acknowledged in one place: the product's
 * functions (service-function.ts) and CDK's helper functions (LogRetention, BucketDeployment).
 * Each call acknowledges on the construct it is given, the narrowest that holds the role.
 */

/** AWSLambdaBasicExecutionRole on a function's role (AwsSolutions-IAM4). */
export function acknowledgeLambdaBasicExecution(scope: IConstruct): void {
  Validations.of(scope).acknowledge({
    id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    reason:
      'AWSLambdaBasicExecutionRole only lets the function write its own CloudWatch logs; it is the AWS-maintained minimum for a Lambda role.',
  });
}

/** X-Ray's write actions on Resource "*" (AwsSolutions-IAM5), for a function with tracing. */
export function acknowledgeXrayWrites(scope: IConstruct): void {
  Validations.of(scope).acknowledge({
    id: 'AwsSolutions-IAM5[Resource::*]',
    reason:
      'X-Ray tracing (xray:PutTraceSegments, xray:PutTelemetryRecords) has no resource-level permissions; AWS documents Resource "*" for it.',
  });
}

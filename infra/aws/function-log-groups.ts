import { CfnResource, type IAspect } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { IConstruct } from 'constructs';

/** How long function logs are kept: long enough to look back over a month of incidents. */
export const FUNCTION_LOG_RETENTION = logs.RetentionDays.ONE_MONTH;

/**
 * Gives every Lambda function that has no log group of its own (CDK's helpers: the LogRetention
 * and BucketDeployment functions) one with FUNCTION_LOG_RETENTION, instead of the group Lambda
 * would create on first use and keep forever. The product's functions bring theirs
 * (service-function.ts). CDK's cross-region reference providers are created while references are
 * resolved, after aspects run, so they are out of its reach.
 */
export class RetainFunctionLogs implements IAspect {
  visit(node: IConstruct): void {
    if (!(node instanceof CfnResource) || node.cfnResourceType !== 'AWS::Lambda::Function') return;
    if (node instanceof lambda.CfnFunction && hasLogGroup(node.loggingConfig)) return;
    const scope = node.node.scope;
    if (!scope || scope.node.tryFindChild('RetainedLogs')) return;
    const group = new logs.LogGroup(scope, 'RetainedLogs', { retention: FUNCTION_LOG_RETENTION });
    node.addPropertyOverride('LoggingConfig.LogGroup', group.logGroupName);
  }
}

function hasLogGroup(config: lambda.CfnFunction['loggingConfig']): boolean {
  return (
    typeof config === 'object' &&
    config !== null &&
    'logGroup' in config &&
    config.logGroup !== undefined
  );
}

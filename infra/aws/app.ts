import { Aspects, Validations, type App } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { AWS_REGION } from '../../core/constants';
import { EDGE_REGION, EdgeStack } from './edge-stack';
import { RetainFunctionLogs } from './function-log-groups';
import { StatefulStack } from './stateful-stack';
import { StatelessStack } from './stateless-stack';

export const STACK_PREFIX = 'StockScope';

export interface ProductStacks {
  readonly stateful: StatefulStack;
  readonly stateless: StatelessStack;
  readonly edge: EdgeStack;
}

/**
 * Builds the product's stacks in us-east-2, and the CloudFront web ACL's in us-east-1, with
 * cdk-nag's AwsSolutions checks over all of them.
 */
export function buildApp(app: App): ProductStacks {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  Aspects.of(app).add(new RetainFunctionLogs());
  const env = { account: process.env.CDK_DEFAULT_ACCOUNT, region: AWS_REGION };
  const stateful = new StatefulStack(app, `${STACK_PREFIX}-Stateful`, {
    env,
    description:
      'StockScope data: DynamoDB tables, Cognito user pool, user-files bucket (retained)',
    terminationProtection: true,
  });
  // The distribution (us-east-2) names the web ACL (us-east-1) through CDK's cross-region
  // references: SSM parameters written and read by small custom resources, no manual step.
  const edge = new EdgeStack(app, `${STACK_PREFIX}-Edge`, {
    env: { ...env, region: EDGE_REGION },
    description: 'StockScope CloudFront web ACL (CloudFront-scope WAF lives in us-east-1)',
    crossRegionReferences: true,
  });
  const stateless = new StatelessStack(app, `${STACK_PREFIX}-Stateless`, {
    env,
    description: 'StockScope APIs and functions (replaceable; data lives in the stateful stack)',
    data: stateful,
    siteWebAclArn: edge.webAcl.arn,
    siteFirewall: edge.webAcl,
    crossRegionReferences: true,
  });
  return { stateful, stateless, edge };
}

import { Validations, type App } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { AWS_REGION } from '../../core/constants';
import { StatefulStack } from './stateful-stack';
import { StatelessStack } from './stateless-stack';

export const STACK_PREFIX = 'StockScope';

export interface ProductStacks {
  readonly stateful: StatefulStack;
  readonly stateless: StatelessStack;
}

/** Builds the product's stacks in us-east-2 with cdk-nag's AwsSolutions checks over all of them. */
export function buildApp(app: App): ProductStacks {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  const env = { account: process.env.CDK_DEFAULT_ACCOUNT, region: AWS_REGION };
  const stateful = new StatefulStack(app, `${STACK_PREFIX}-Stateful`, {
    env,
    description:
      'StockScope data: DynamoDB tables, Cognito user pool, user-files bucket (retained)',
    terminationProtection: true,
  });
  const stateless = new StatelessStack(app, `${STACK_PREFIX}-Stateless`, {
    env,
    description: 'StockScope APIs and functions (replaceable; data lives in the stateful stack)',
    data: stateful,
  });
  return { stateful, stateless };
}

import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import * as z from 'zod';

/** CDK context key: the operators' e-mail address (`-c operatorEmail=ops@example.com`). */
export const OPERATOR_EMAIL_CONTEXT = 'operatorEmail';

/** The operators' address from the CDK context, if one was given; a malformed one fails synth. */
export function operatorEmail(scope: Construct): string | undefined {
  const value: unknown = scope.node.tryGetContext(OPERATOR_EMAIL_CONTEXT);
  if (value === undefined || value === '') return undefined;
  const parsed = z.email().safeParse(value);
  if (!parsed.success) {
    throw new Error(
      `Context ${OPERATOR_EMAIL_CONTEXT} must be an e-mail address, got ${String(value)}`,
    );
  }
  return parsed.data;
}

export interface OperatorAlertsProps {
  /** Subscribed by e-mail (AWS sends a confirmation first); more subscribers can be added later. */
  readonly email?: string;
}

/**
 * The SNS topic the alarms of one region notify, encrypted with its own KMS key (which CloudWatch
 * may use to publish) and refusing anything but TLS.
 */
export class OperatorAlerts extends Construct {
  readonly topic: sns.Topic;

  constructor(scope: Construct, id: string, props: OperatorAlertsProps = {}) {
    super(scope, id);
    const key = new kms.Key(this, 'Key', {
      description: 'Encrypts the StockScope operator alerts topic',
      enableKeyRotation: true,
    });
    const stack = Stack.of(this);
    const alarmsOfThisAccount = {
      ArnLike: {
        'aws:SourceArn': `arn:${stack.partition}:cloudwatch:${stack.region}:${stack.account}:alarm:*`,
      },
    };
    // CloudWatch encrypts the messages it publishes with the topic's key.
    key.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
        conditions: alarmsOfThisAccount,
      }),
    );
    this.topic = new sns.Topic(this, 'Topic', {
      displayName: 'StockScope operator alerts',
      masterKey: key,
      enforceSSL: true,
    });
    this.topic.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: alarmsOfThisAccount,
      }),
    );
    if (props.email) this.topic.addSubscription(new subscriptions.EmailSubscription(props.email));
  }
}

import { Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { USERS_TABLE } from '../../core/tables';
import { ApiFunction } from './api-function';
import { grantTableReadWrite } from './table-grants';

export interface AuthTriggersProps {
  readonly userPool: cognito.UserPool;
  readonly usersTable: dynamodb.ITableV2;
}

/**
 * The user pool's Lambda triggers: the custom-auth trio behind the 4-digit code step (define,
 * create — texts the code through SNS — and verify) and post-confirmation, which creates the
 * users-table record of a confirmed sign-up.
 */
export class AuthTriggers extends Construct {
  constructor(scope: Construct, id: string, props: AuthTriggersProps) {
    super(scope, id);
    const trigger = (name: string, entry: string, description: string) =>
      new ApiFunction(this, name, { entry, description, memorySize: 256 }).fn;

    const define = trigger(
      'Define',
      'lambdas/auth-triggers/define-auth-challenge.ts',
      'Custom auth: after SRP, a 4-digit code step when asked; 3 wrong codes fail',
    );
    const create = trigger(
      'Create',
      'lambdas/auth-triggers/create.handler.ts',
      'Custom auth: texts a 4-digit code to the user',
    );
    create.addToRolePolicy(new iam.PolicyStatement({ actions: ['sns:Publish'], resources: ['*'] }));
    if (create.role) {
      Validations.of(create.role).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'sns:Publish to a phone number (SMS) has no topic ARN to scope to; SNS requires Resource "*" for direct SMS. X-Ray tracing needs it too.',
      });
    }
    const verify = trigger(
      'Verify',
      'lambdas/auth-triggers/verify-auth-challenge.ts',
      'Custom auth: checks the 4-digit code',
    );
    const postConfirmation = trigger(
      'PostConfirmation',
      'lambdas/auth-triggers/post-confirmation.handler.ts',
      'Creates the users-table record of a confirmed sign-up',
    );
    postConfirmation.addEnvironment(USERS_TABLE.envVar, props.usersTable.tableName);
    grantTableReadWrite(props.usersTable, USERS_TABLE, postConfirmation);

    props.userPool.addTrigger(cognito.UserPoolOperation.DEFINE_AUTH_CHALLENGE, define);
    props.userPool.addTrigger(cognito.UserPoolOperation.CREATE_AUTH_CHALLENGE, create);
    props.userPool.addTrigger(cognito.UserPoolOperation.VERIFY_AUTH_CHALLENGE_RESPONSE, verify);
    props.userPool.addTrigger(cognito.UserPoolOperation.POST_CONFIRMATION, postConfirmation);
  }
}

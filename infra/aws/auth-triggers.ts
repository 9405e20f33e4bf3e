import { Duration, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { LAMBDA_TIMEOUT_SECONDS } from '../../core/lambda-timeouts';
import { USERS_TABLE } from '../../core/tables';
import { OTP_SEAL_KEY_SECRET_ENV } from '../../lambdas/auth-triggers/seal-key';
import { SERVICE } from '../../lambdas/shared/observability/names';
import { ServiceFunction } from './service-function';
import { grantSmsToPhoneNumbers } from './sms-grant';
import type { TableAccess } from './table-grants';

export interface AuthTriggersProps {
  readonly userPool: cognito.UserPool;
  readonly usersTable: dynamodb.ITableV2;
}

/**
 * The user pool's Lambda triggers: the custom-auth trio behind the 4-digit code step (define, which
 * decides the step from the device proofs in the users table; create, which texts the code through
 * SNS within the send caps and seals it into the session with a key from Secrets Manager; verify,
 * which counts wrong codes and remembers devices) and post-confirmation, which creates the
 * users-table record of a sign-up. Each gets only the table actions its code makes.
 */
export class AuthTriggers extends Construct {
  readonly define: ServiceFunction['fn'];
  readonly create: ServiceFunction['fn'];
  readonly verify: ServiceFunction['fn'];
  readonly postConfirmation: ServiceFunction['fn'];
  /** The four functions by the trigger they serve, for the alarms and the dashboard. */
  readonly functions: Readonly<Record<string, ServiceFunction>>;

  constructor(scope: Construct, id: string, props: AuthTriggersProps) {
    super(scope, id);
    // Cognito waits 5 seconds for a trigger; a slower answer fails the request anyway.
    const functions: Record<string, ServiceFunction> = {};
    const trigger = (name: string, entry: string, description: string, users: TableAccess) => {
      const made = new ServiceFunction(this, name, {
        entry,
        description,
        service: name === 'PostConfirmation' ? SERVICE.signUp : SERVICE.signIn,
        tables: [{ table: props.usersTable, definition: USERS_TABLE, access: users }],
        memorySize: 256,
        timeout: Duration.seconds(LAMBDA_TIMEOUT_SECONDS.authTrigger),
      });
      functions[entry.replace(/^.*\/|(\.handler)?\.ts$/g, '')] = made;
      return made.fn;
    };

    this.define = trigger(
      'Define',
      'lambdas/auth-triggers/define-auth-challenge.handler.ts',
      'Custom auth: after SRP, the 4-digit code step unless the device is proven; 3 wrong codes fail',
      // It reads a remembered device and the user's revocations.
      'read',
    );
    this.create = trigger(
      'Create',
      'lambdas/auth-triggers/create-auth-challenge.handler.ts',
      'Custom auth: texts a 4-digit code to the user, re-used on a retry',
      // It reads the record (the verified number) and writes the send-cap windows.
      'readPutUpdate',
    );
    grantSmsToPhoneNumbers(this.create);
    const sealKey = new secretsmanager.Secret(this, 'OtpSealKey', {
      description:
        'Key sealing the StockScope sign-in code into Cognito challenge metadata (read by the create-auth-challenge trigger)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    Validations.of(sealKey).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'The key only seals codes inside 3-minute Cognito sign-in sessions; replacing it would at most make a sign-in in flight text a fresh code, so a rotation Lambda adds nothing. Replace it by hand if it is ever exposed.',
    });
    sealKey.grantRead(this.create);
    this.create.addEnvironment(OTP_SEAL_KEY_SECRET_ENV, sealKey.secretArn);

    this.verify = trigger(
      'Verify',
      'lambdas/auth-triggers/verify-auth-challenge-response.handler.ts',
      'Custom auth: checks the 4-digit code in constant time, counts wrong codes, remembers devices',
      // Wrong-code windows, the verified number, remembered devices (the oldest beyond the limit
      // go).
      'readWriteItems',
    );
    this.postConfirmation = trigger(
      'PostConfirmation',
      'lambdas/auth-triggers/post-confirmation.handler.ts',
      'Creates the users-table record of a confirmed sign-up (never overwrites one)',
      // It creates the record with a conditional put, and never edits or deletes one.
      'readPutUpdate',
    );
    this.functions = functions;

    const pool = props.userPool;
    pool.addTrigger(cognito.UserPoolOperation.DEFINE_AUTH_CHALLENGE, this.define);
    pool.addTrigger(cognito.UserPoolOperation.CREATE_AUTH_CHALLENGE, this.create);
    pool.addTrigger(cognito.UserPoolOperation.VERIFY_AUTH_CHALLENGE_RESPONSE, this.verify);
    pool.addTrigger(cognito.UserPoolOperation.POST_CONFIRMATION, this.postConfirmation);
  }
}

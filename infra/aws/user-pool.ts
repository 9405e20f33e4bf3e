import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { USER_POOL_SETTINGS } from '../../core/identity';

/**
 * The Cognito user pool of SPEC §5: e-mail as username with e-mail verification, the password
 * policy of core/identity.ts, MFA off, groups admin and editor, and the SPA's app client (SRP,
 * custom auth for the 4-digit OTP, refresh; no secret).
 */
export class UserPoolConstruct extends Construct {
  readonly userPool: cognito.UserPool;
  readonly webClient: cognito.UserPoolClient;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const { passwordPolicy } = USER_POOL_SETTINGS;

    this.userPool = new cognito.UserPool(this, 'Pool', {
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      // 'Ann@x.com' and 'ann@x.com' are one account, as the users table (keyed by the lower-cased
      // e-mail) and the local identity service assume. Fixed at creation: a pool cannot change it.
      signInCaseSensitive: USER_POOL_SETTINGS.signInCaseSensitive,
      autoVerify: { email: true },
      keepOriginal: { email: USER_POOL_SETTINGS.keepOriginalEmail },
      standardAttributes: {
        email: { required: true, mutable: true },
        phoneNumber: { required: false, mutable: true },
      },
      passwordPolicy: {
        minLength: passwordPolicy.minimumLength,
        requireLowercase: passwordPolicy.requireLowercase,
        requireUppercase: passwordPolicy.requireUppercase,
        requireDigits: passwordPolicy.requireNumbers,
        requireSymbols: passwordPolicy.requireSymbols,
        tempPasswordValidity: Duration.days(7),
      },
      mfa: USER_POOL_SETTINGS.mfa === 'OFF' ? cognito.Mfa.OFF : cognito.Mfa.REQUIRED,
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG2',
        reason:
          'SPEC §5 sets MFA off for the user pool; the optional second factor is the 4-digit OTP issued by the custom-auth triggers (CUSTOM_WITH_SRP), which Cognito MFA settings do not govern.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'The Plus feature plan (threat protection) is a per-user cost the product does not take on at launch; sign-in abuse is limited by the custom-auth attempt limit (3 wrong OTPs end the sign-in) and Cognito’s built-in lockout.',
      },
    );

    for (const group of USER_POOL_SETTINGS.groups) {
      new cognito.CfnUserPoolGroup(this, `Group-${group.name}`, {
        userPoolId: this.userPool.userPoolId,
        groupName: group.name,
        description: group.description,
      });
    }

    // The same lifetimes as the local identity service's client (core/identity.ts).
    const validity = USER_POOL_SETTINGS.tokenValidity;
    this.webClient = this.userPool.addClient('WebClient', {
      generateSecret: false,
      disableOAuth: true,
      authFlows: { userSrp: true, custom: true },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      authSessionValidity: Duration.minutes(validity.authSessionMinutes),
      accessTokenValidity: Duration.hours(validity.accessTokenHours),
      idTokenValidity: Duration.hours(validity.idTokenHours),
      refreshTokenValidity: Duration.days(validity.refreshTokenDays),
    });
  }
}

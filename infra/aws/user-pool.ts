import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { USER_POOL_SETTINGS } from '../../core/identity';
import { ThreatProtectionResponses } from './threat-protection';

/**
 * The Cognito user pool of SPEC §5: e-mail as username with e-mail verification, the password
 * policy of core/identity.ts, MFA off, groups admin and editor, and the SPA's app client: custom
 * auth only (SRP inside it, then the triggers' code step) and refresh; no secret.
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
      // 'Ann@x.com' and 'ann@x.com' are one account, as the users table (which keeps e-mails
      // lower-cased) and the local identity service assume. Fixed at creation.
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
      // Threat protection: the sign-in texts a code, which makes scripted sign-ins an SMS-fraud
      // target. Enforced for standard (SRP) and custom-auth (the code step) sign-ins alike; the
      // responses are set in threat-protection.ts.
      featurePlan: cognito.FeaturePlan.PLUS,
      standardThreatProtectionMode: cognito.StandardThreatProtectionMode.FULL_FUNCTION,
      customThreatProtectionMode: cognito.CustomThreatProtectionMode.FULL_FUNCTION,
    });
    new ThreatProtectionResponses(this, 'ThreatProtection', { userPool: this.userPool });
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason:
        'SPEC §5 sets MFA off for the user pool; the optional second factor is the 4-digit OTP issued by the custom-auth triggers (CUSTOM_WITH_SRP), which Cognito MFA settings do not govern.',
    });

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
      // core/identity.ts appClientAuthFlows: USER_SRP_AUTH would issue tokens from the password
      // alone, without the define trigger's decision on the code step.
      authFlows: { custom: true },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      authSessionValidity: Duration.minutes(validity.authSessionMinutes),
      accessTokenValidity: Duration.hours(validity.accessTokenHours),
      idTokenValidity: Duration.hours(validity.idTokenHours),
      refreshTokenValidity: Duration.days(validity.refreshTokenDays),
    });
  }
}

import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';

/**
 * What Cognito's threat protection does in full-function mode (the Plus feature plan, set on the
 * pool in user-pool.ts), for every app client:
 * - a sign-in it rates high-risk (unknown device, odd place, automation) is blocked before the
 *   custom-auth trigger texts a code, which is what stops SMS pumping through stolen or scripted
 *   accounts; low and medium risk go through (MFA is off, so "ask for MFA" is no option), and
 *   operators can tighten medium once the risk metrics show what normal sign-ins look like;
 * - a password known from a public breach is refused at sign-up, password change and sign-in.
 * No e-mail notifications: they would need an SES identity the product does not have.
 */
export class ThreatProtectionResponses extends Construct {
  readonly attachment: cognito.CfnUserPoolRiskConfigurationAttachment;

  constructor(scope: Construct, id: string, props: { readonly userPool: cognito.IUserPool }) {
    super(scope, id);
    const act = (eventAction: 'BLOCK' | 'NO_ACTION') => ({ eventAction, notify: false });
    this.attachment = new cognito.CfnUserPoolRiskConfigurationAttachment(this, 'Responses', {
      userPoolId: props.userPool.userPoolId,
      clientId: 'ALL',
      accountTakeoverRiskConfiguration: {
        actions: {
          lowAction: act('NO_ACTION'),
          mediumAction: act('NO_ACTION'),
          highAction: act('BLOCK'),
        },
      },
      compromisedCredentialsRiskConfiguration: {
        eventFilter: ['SIGN_IN', 'SIGN_UP', 'PASSWORD_CHANGE'],
        actions: { eventAction: 'BLOCK' },
      },
    });
  }
}

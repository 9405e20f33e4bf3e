import { Aws } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';

/**
 * SMS straight to a phone number. Such a publish has no ARN to scope to, so the grant allows
 * sns:Publish on everything that is NOT an SNS ARN: phone numbers yes, topics and platform
 * endpoints (arn:aws:sns:…) no. No Resource "*", so nothing here needs a cdk-nag acknowledgement.
 */
export function grantSmsToPhoneNumbers(fn: lambda.IFunction): void {
  fn.addToRolePolicy(
    new iam.PolicyStatement({
      sid: 'SmsToPhoneNumbersOnly',
      actions: ['sns:Publish'],
      notResources: [`arn:${Aws.PARTITION}:sns:*:*:*`],
    }),
  );
}

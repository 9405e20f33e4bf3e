import { CfnOutput, SecretValue, Validations } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import * as z from 'zod';

/** The header CloudFront adds to every request it sends to an API origin. */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/**
 * CDK context keys pinning the secret's versions (README, "Rotating the origin secret"): the one
 * CloudFront sends and the API firewall accepts, and during a rotation the one it replaces, which
 * the firewall keeps accepting until every edge location sends the new one.
 */
export const ORIGIN_VERIFY_CONTEXT = {
  versionId: 'originVerifyVersionId',
  previousVersionId: 'originVerifyPreviousVersionId',
} as const;

// Secrets Manager version ids are 32 to 64 characters (UUIDs in practice); nothing else may end
// up inside a dynamic reference.
const versionIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9-]{32,64}$/, 'a Secrets Manager version id (32-64 letters, digits, dashes)')
  .optional();

function versionFromContext(scope: Construct, key: string): string | undefined {
  const parsed = versionIdSchema.safeParse(scope.node.tryGetContext(key) ?? undefined);
  if (!parsed.success) {
    throw new Error(
      `Context ${key}: expected ${parsed.error.issues[0]?.message ?? 'a version id'}`,
    );
  }
  return parsed.data;
}

/**
 * The shared secret that proves a request came through CloudFront: CloudFront sends it in
 * x-origin-verify to the API origins and the APIs' web ACL blocks requests without it. It stays
 * out of the template: both places hold a CloudFormation dynamic reference
 * ({{resolve:secretsmanager:…}}), resolved at deploy time.
 */
export class OriginVerify extends Construct {
  readonly secret: secretsmanager.Secret;
  readonly headerName = ORIGIN_VERIFY_HEADER;
  /** What CloudFront sends: the pinned version, or the current one before any rotation. */
  readonly headerValue: string;
  /** What the API firewall accepts: the value CloudFront sends, and the previous one mid-rotation. */
  readonly acceptedValues: readonly string[];

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.secret = new secretsmanager.Secret(this, 'Secret', {
      description:
        'StockScope: the x-origin-verify header value CloudFront sends to the APIs; requests without it are blocked by the API web ACL',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    Validations.of(this.secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'CloudFormation resolves the value into CloudFront and WAF only at deploy time, so a rotation Lambda would leave both stale; it is rotated by the README procedure (put a new value, deploy with the new and previous version ids, deploy again with the new one).',
    });

    new CfnOutput(this, 'SecretName', {
      description: 'Secret holding the CloudFront origin header value (README: rotating it)',
      value: this.secret.secretName,
    });

    const current = versionFromContext(this, ORIGIN_VERIFY_CONTEXT.versionId);
    const previous = versionFromContext(this, ORIGIN_VERIFY_CONTEXT.previousVersionId);
    // CloudFormation re-reads a secret only where the reference itself changed: a rotation must
    // name the new version, or CloudFront would keep sending the old value.
    if (previous && !current) {
      throw new Error(
        `Context ${ORIGIN_VERIFY_CONTEXT.previousVersionId} needs ${ORIGIN_VERIFY_CONTEXT.versionId} (the new version) as well`,
      );
    }
    // unsafeUnwrap yields the dynamic reference itself, not the secret's value.
    const reference = (versionId?: string) =>
      SecretValue.secretsManager(
        this.secret.secretArn,
        versionId ? { versionId } : {},
      ).unsafeUnwrap();
    this.headerValue = reference(current);
    this.acceptedValues =
      previous && previous !== current
        ? [this.headerValue, reference(previous)]
        : [this.headerValue];
  }
}

import type { CfnElement } from 'aws-cdk-lib';
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { USER_FILE_EXPIRY_DAYS, USER_FILES_PREFIX, WORKING_COPY_TAG } from '../../core/user-files';

/** The S3 bucket for user files: private, TLS only, encrypted, versioned, access-logged, retained. */
export class UserFilesBucket extends Construct {
  readonly bucket: s3.Bucket;
  readonly accessLogs: s3.Bucket;
  /**
   * What the subscription API may do here, attached to its role: exactly what presigning and
   * reading need on `users/*` — PutObject (the POST form and the exports are signed with its
   * credentials), PutObjectTagging (both carry the tag the lifecycle rule expires by) and GetObject
   * (the import reads the upload; the export link is a signed GET). No list, no delete.
   */
  readonly accessPolicy: iam.ManagedPolicy;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.accessLogs = new s3.Bucket(this, 'AccessLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [{ expiration: Duration.days(365) }],
    });
    Validations.of(this.accessLogs).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'This bucket is the server-access-log destination of the user-files bucket; logging it to itself would loop.',
    });

    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      versioned: true,
      removalPolicy: RemovalPolicy.RETAIN,
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: 'user-files/',
      lifecycleRules: [
        { noncurrentVersionExpiration: Duration.days(90) },
        // CSV imports and exports are working copies (tagged so when written): gone after a day.
        {
          id: 'ExpireWorkingCopies',
          tagFilters: { [WORKING_COPY_TAG.key]: WORKING_COPY_TAG.value },
          expiration: Duration.days(USER_FILE_EXPIRY_DAYS),
          noncurrentVersionExpiration: Duration.days(USER_FILE_EXPIRY_DAYS),
        },
      ],
    });

    this.accessPolicy = new iam.ManagedPolicy(this, 'AccessPolicy', {
      description: 'StockScope subscription API: CSV imports and exports under users/',
      statements: [
        new iam.PolicyStatement({
          actions: ['s3:PutObject', 's3:PutObjectTagging', 's3:GetObject'],
          resources: [this.bucket.arnForObjects(`${USER_FILES_PREFIX}*`)],
        }),
      ],
    });
    const bucketId = Stack.of(this).getLogicalId(this.bucket.node.defaultChild as CfnElement);
    Validations.of(this.accessPolicy).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/${USER_FILES_PREFIX}*]`,
      reason:
        'Each user has a folder users/{sub}/ named by their Cognito sub, known only per request; the handler builds every key from the caller’s token, so the grant spans the users/ prefix and nothing else.',
    });
  }
}

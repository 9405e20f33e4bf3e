import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { acknowledgeLambdaBasicExecution } from './nag-acknowledgements';
import type { UserFilesBucket } from './user-files-bucket';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Stack } from 'aws-cdk-lib';
import {
  AwsCustomResource,
  AwsCustomResourcePolicy,
  PhysicalResourceId,
} from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { USER_FILES_CORS } from '../../core/user-files';
import { USER_FILES_BUCKET_ENV } from '../../lambdas/adapters/s3/user-files';

/**
 * Lets a function use the user-files bucket: the bucket's name in its environment, and the
 * bucket's own access policy (user-files-bucket.ts) on its role.
 */
export function grantUserFiles(fn: lambda.Function, files: UserFilesBucket): void {
  fn.addEnvironment(USER_FILES_BUCKET_ENV, files.bucket.bucketName);
  fn.role?.addManagedPolicy(files.accessPolicy);
}

/**
 * The bucket's CORS for the site's origin (core's USER_FILES_CORS, the local S3's too). The
 * bucket lives in the stateful stack and the distribution's domain in this one, so the rule is put
 * after the distribution exists, by one S3 call (PutBucketCors) on this bucket only.
 */
export class UserFilesCors extends Construct {
  constructor(scope: Construct, id: string, props: { bucket: s3.IBucket; origin: string }) {
    super(scope, id);
    const call = {
      service: 'S3',
      action: 'putBucketCors',
      parameters: {
        Bucket: props.bucket.bucketName,
        CORSConfiguration: {
          CORSRules: [
            {
              AllowedOrigins: [props.origin],
              AllowedMethods: [...USER_FILES_CORS.allowedMethods],
              AllowedHeaders: [...USER_FILES_CORS.allowedHeaders],
              MaxAgeSeconds: USER_FILES_CORS.maxAgeSeconds,
            },
          ],
        },
      },
      physicalResourceId: PhysicalResourceId.of(`${id}-cors`),
    };
    new AwsCustomResource(this, 'PutBucketCors', {
      onCreate: call,
      onUpdate: call,
      policy: AwsCustomResourcePolicy.fromStatements([
        new iam.PolicyStatement({
          actions: ['s3:PutBucketCORS'],
          resources: [props.bucket.bucketArn],
        }),
      ]),
      installLatestAwsSdk: false,
    });
    // CDK's one provider function per stack for such calls.
    const provider = Stack.of(this).node.tryFindChild(
      `AWS${AwsCustomResource.PROVIDER_FUNCTION_UUID.replaceAll('-', '')}`,
    );
    if (provider) acknowledgeLambdaBasicExecution(provider);
  }
}

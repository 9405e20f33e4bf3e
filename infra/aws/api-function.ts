import { fileURLToPath } from 'node:url';
import { Duration, Validations } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';

export interface ApiFunctionProps {
  /** Handler module relative to the repository root, e.g. 'lambdas/asset/handler.ts'. */
  readonly entry: string;
  readonly environment?: Record<string, string>;
  readonly memorySize?: number;
  readonly timeout?: Duration;
  readonly description: string;
}

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The one way this product defines a Lambda function: Node.js 22 on arm64, esbuild-bundled and
 * minified ESM with source maps, X-Ray tracing, a log group kept 30 days, JSON logs.
 */
export class ApiFunction extends Construct {
  readonly fn: nodejs.NodejsFunction;

  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    super(scope, id);
    const logGroup = new logs.LogGroup(this, 'Logs', { retention: logs.RetentionDays.ONE_MONTH });
    this.fn = new nodejs.NodejsFunction(this, 'Function', {
      entry: `${repoRoot}${props.entry}`,
      handler: 'handler',
      projectRoot: repoRoot,
      depsLockFilePath: `${repoRoot}package-lock.json`,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      description: props.description,
      tracing: lambda.Tracing.ACTIVE,
      logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      environment: { NODE_OPTIONS: '--enable-source-maps', ...props.environment },
      bundling: {
        format: nodejs.OutputFormat.ESM,
        target: 'node22',
        minify: true,
        sourceMap: true,
        // ESM bundles need require() for the CommonJS dependencies of the AWS SDK.
        banner:
          "import { createRequire as __createRequire } from 'module'; const require = __createRequire(import.meta.url);",
      },
    });
    Validations.of(this.fn).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'Node.js 22 is the runtime this product is built and tested on (Node 20 is deprecated); moving to a newer runtime is a tested upgrade, not an automatic one.',
    });
    const role = this.fn.role;
    if (role) {
      Validations.of(role).acknowledge(
        {
          id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
          reason:
            'AWSLambdaBasicExecutionRole only lets the function write its own CloudWatch logs; it is the AWS-maintained minimum for a Lambda role.',
        },
        {
          id: 'AwsSolutions-IAM5[Resource::*]',
          reason:
            'X-Ray tracing (xray:PutTraceSegments, xray:PutTelemetryRecords) has no resource-level permissions; AWS documents Resource "*" for it.',
        },
      );
    }
  }
}

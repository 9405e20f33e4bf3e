import { fileURLToPath } from 'node:url';
import { AssetHashType, DockerImage, Duration, Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { LAMBDA_TIMEOUT_SECONDS } from '../../core/lambda-timeouts';
import { Construct } from 'constructs';
import { buildSync } from 'esbuild';
import type { TableDefinition } from '../../core/tables';
import { METRICS_NAMESPACE, POWERTOOLS_ENV } from '../../lambdas/shared/observability/names';
import { FUNCTION_LOG_RETENTION } from './function-log-groups';
import { LAMBDA_BUNDLING, LAMBDA_HANDLER, lambdaBuildOptions } from './lambda-bundling';
import { acknowledgeLambdaBasicExecution, acknowledgeXrayWrites } from './nag-acknowledgements';
import { grantTable, type TableAccess } from './table-grants';

/** A table a function uses: its name in the function's environment and the access granted. */
export interface TableBinding {
  readonly table: dynamodb.ITableV2;
  readonly definition: TableDefinition;
  readonly access: TableAccess;
}

export interface ServiceFunctionProps {
  /** Handler module relative to the repository root, e.g. 'lambdas/asset/handler.ts'. */
  readonly entry: string;
  readonly description: string;
  /** Powertools' service: the `service` of its log lines and the dimension of its metrics. */
  readonly service: string;
  readonly tables?: readonly TableBinding[];
  readonly environment?: Record<string, string>;
  readonly memorySize?: number;
  readonly timeout?: Duration;
}

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The function's code: its entry bundled at synth by esbuild on this machine, with the options the
 * bundle benchmark and tests use (lambdaBuildOptions), the asset identified by what esbuild wrote.
 */
function bundledCode(entry: string): lambda.Code {
  return lambda.Code.fromAsset(repoRoot, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Required by the type, never pulled: the local bundling below succeeds or throws.
      image: DockerImage.fromRegistry('dummy'),
      local: {
        tryBundle(outputDir) {
          buildSync(lambdaBuildOptions(`${repoRoot}${entry}`, outputDir));
          return true;
        },
      },
    },
  });
}

/**
 * The one way this product defines a Lambda function: Node.js 22 on arm64, esbuild-bundled and
 * minified ESM with source maps (Powertools inside the bundle, split at dynamic imports), X-Ray tracing, JSON logs at INFO
 * in its own log group with a retention, Powertools' service and metrics namespace, and each table
 * it uses bound in one step (name in the environment, least-privilege grant).
 */
export class ServiceFunction extends Construct {
  readonly fn: lambda.Function;
  readonly logGroup: logs.LogGroup;
  readonly service: string;

  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    super(scope, id);
    this.service = props.service;
    this.logGroup = new logs.LogGroup(this, 'Logs', { retention: FUNCTION_LOG_RETENTION });
    this.fn = new lambda.Function(this, 'Function', {
      code: bundledCode(props.entry),
      handler: LAMBDA_HANDLER,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(LAMBDA_TIMEOUT_SECONDS.api),
      description: props.description,
      tracing: lambda.Tracing.ACTIVE,
      logGroup: this.logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      // Lambda passes the level to Powertools' Logger (AWS_LAMBDA_LOG_LEVEL).
      applicationLogLevelV2: lambda.ApplicationLogLevel.INFO,
      systemLogLevelV2: lambda.SystemLogLevel.WARN,
      environment: {
        NODE_OPTIONS: LAMBDA_BUNDLING.nodeOptions,
        [POWERTOOLS_ENV.serviceName]: props.service,
        [POWERTOOLS_ENV.metricsNamespace]: METRICS_NAMESPACE,
        ...props.environment,
      },
    });
    for (const binding of props.tables ?? []) this.bindTable(binding);
    Validations.of(this.fn).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'Node.js 22 is the runtime this product is built and tested on (Node 20 is deprecated); moving to a newer runtime is a tested upgrade, not an automatic one.',
    });
    const role = this.fn.role;
    if (role) {
      acknowledgeLambdaBasicExecution(role);
      acknowledgeXrayWrites(role);
    }
  }

  /** Tells the function the table's name and grants it exactly the access asked for. */
  bindTable({ table, definition, access }: TableBinding): void {
    this.fn.addEnvironment(definition.envVar, table.tableName);
    grantTable(table, definition, this.fn, access);
  }
}

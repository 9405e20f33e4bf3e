/**
 * How every function is bundled (ServiceFunction), written once so the bundle benchmark and the
 * bundle tests build exactly what CDK deploys.
 */
export const LAMBDA_BUNDLING = {
  target: 'node22',
  /**
   * What aws-lambda-nodejs leaves out for the Node.js 22 runtime, which provides the AWS SDK v3.
   * The @smithy packages are bundled: this app does not set the feature flag that would leave
   * them out too (@aws-cdk/aws-lambda-nodejs:sdkV3ExcludeSmithyPackages).
   */
  externalModules: ['@aws-sdk/*'],
  // ESM bundles need require() for the CommonJS dependencies of the AWS SDK.
  banner:
    "import { createRequire as __createRequire } from 'module'; const require = __createRequire(import.meta.url);",
  /** Source maps ship with the code and Node reads them at load (--enable-source-maps). */
  nodeOptions: '--enable-source-maps',
} as const;

// Imported first by the local entry points, so it runs before any SDK or Powertools module loads.
// Lambda runs Node 22; on this Node 20 machine the AWS SDK v3 prints a support notice, and
// cognito-local's bundled SDK v2 a maintenance notice: both are noise for the local stack.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';
// The handlers' Powertools Logger prints indented, readable lines through the console, and
// Metrics publishes nothing (CloudWatch EMF lines only mean something in Lambda).
process.env.POWERTOOLS_DEV ??= 'true';

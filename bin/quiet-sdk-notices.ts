// Imported first by the local entry points. Lambda runs Node 22; on this Node 20 machine the AWS
// SDK v3 prints a support notice, and cognito-local's bundled SDK v2 a maintenance notice: both
// are noise for the local stack and are switched off before any SDK module loads.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';

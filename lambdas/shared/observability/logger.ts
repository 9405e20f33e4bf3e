import { Logger } from '@aws-lambda-powertools/logger';
import { redactPersonalData } from './redact';

/**
 * The function's one structured logger: JSON lines with the service (POWERTOOLS_SERVICE_NAME),
 * the request id once the handler wrapper added the Lambda context, and the level Lambda's log
 * settings or POWERTOOLS_LOG_LEVEL ask for. Locally and in tests POWERTOOLS_DEV is set
 * (bin/local-env.ts, vitest.config.ts): indented lines through the ordinary console.
 */
export const logger = new Logger({ jsonReplacerFn: redactPersonalData });

import { Tracer } from '@aws-lambda-powertools/tracer';
import type { Around } from './instrument';

/**
 * X-Ray for the API functions: one subsegment per invocation, annotated with the cold start and
 * the service, and (Powertools' default) the outgoing HTTPS calls, such as the market-data
 * provider's. Responses are not added as metadata: they can hold a user's details. Off outside
 * Lambda.
 */
export const tracer = new Tracer();

export const traced: Around = async (name, invoke) => {
  if (!tracer.isTracingEnabled()) return invoke();
  const parent = tracer.getSegment();
  if (!parent) return invoke();
  const subsegment = parent.addNewSubsegment(`## ${name}`);
  tracer.setSegment(subsegment);
  tracer.annotateColdStart();
  tracer.addServiceNameAnnotation();
  try {
    return await invoke();
  } catch (error) {
    tracer.addErrorAsMetadata(error as Error);
    throw error;
  } finally {
    subsegment.close();
    tracer.setSegment(parent);
  }
};

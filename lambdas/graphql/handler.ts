import { awsAssetService } from '../asset/aws-service';
import { lazy } from '../shared/dispatch';
import { instrumented } from '../shared/observability/instrument';
import { traced } from '../shared/observability/tracing';
import { batchedResolver, type ResolverEvent } from './batch';
import { composeGraphqlResolver } from './compose';

// AppSync direct Lambda resolver over the same service as the asset API; batched invocations
// (an array of events) compute equal calls once.
const resolver = lazy(() =>
  batchedResolver(composeGraphqlResolver({ service: awsAssetService(), demo: false })),
);

export const handler = instrumented(
  (event: ResolverEvent | readonly ResolverEvent[]) => resolver()(event),
  { around: traced },
);

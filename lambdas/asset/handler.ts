import type { APIGatewayProxyEvent } from 'aws-lambda';
import { lazy } from '../shared/dispatch';
import { instrumented } from '../shared/observability/instrument';
import { traced } from '../shared/observability/tracing';
import { awsAssetService } from './aws-service';
import { composeAssetApi } from './compose';

const api = lazy(() => composeAssetApi({ service: awsAssetService(), demo: false }));

export const handler = instrumented((event: APIGatewayProxyEvent) => api()(event), {
  around: traced,
});

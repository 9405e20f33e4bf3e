import type { APIGatewayProxyEvent } from 'aws-lambda';
import { lazy } from '../shared/dispatch';
import { instrumented } from '../shared/observability/instrument';
import { traced } from '../shared/observability/tracing';
import { createAssetApi } from './app';
import { awsAssetService } from './aws-service';

const api = lazy(() => createAssetApi({ service: awsAssetService(), demo: false }));

export const handler = instrumented((event: APIGatewayProxyEvent) => api()(event), {
  around: traced,
});

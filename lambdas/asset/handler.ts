import type { APIGatewayProxyEvent } from 'aws-lambda';
import { lazy } from '../shared/dispatch';
import { createAssetApi } from './app';
import { awsAssetService } from './aws-service';

const api = lazy(() => createAssetApi({ service: awsAssetService(), demo: false }));

export const handler = (event: APIGatewayProxyEvent) => api()(event);

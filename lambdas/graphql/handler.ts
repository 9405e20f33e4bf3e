import type { AppSyncResolverEvent } from 'aws-lambda';
import { awsAssetService } from '../asset/aws-service';
import { lazy } from '../shared/dispatch';
import { createGraphqlResolver } from './resolver';

// AppSync direct Lambda resolver over the same service as the asset API.
const resolver = lazy(() => createGraphqlResolver({ service: awsAssetService(), demo: false }));

export const handler = (event: AppSyncResolverEvent<Record<string, unknown>>) => resolver()(event);

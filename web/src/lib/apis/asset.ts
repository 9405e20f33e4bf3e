import type { ASSET_API } from '@core/api/asset';
import { ASSET_ROUTES } from '@core/api/asset-routes';
import type { ClientApi } from '../contract-client';

// Only the contract's type: its zod schemas are the server's to run (see ClientApi).
export const assetApi: ClientApi<typeof ASSET_API> = ASSET_ROUTES;

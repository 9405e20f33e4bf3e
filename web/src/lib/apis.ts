import type { ACCOUNT_API } from '@core/api/account';
import { ACCOUNT_ROUTES } from '@core/api/account-routes';
import type { ADMIN_QUERIES_API } from '@core/api/admin-queries';
import { ADMIN_QUERIES_ROUTES } from '@core/api/admin-queries-routes';
import type { ASSET_API } from '@core/api/asset';
import { ASSET_ROUTES } from '@core/api/asset-routes';
import type { SUBSCRIPTION_API } from '@core/api/subscription';
import { SUBSCRIPTION_ROUTES } from '@core/api/subscription-routes';
import type { ClientApi } from './contract-client';

/*
 * The APIs the SPA calls, each its contract's routes typed with the whole contract. Only the
 * contracts' types are imported: their zod schemas are the servers' to run, and would put zod (and
 * its `new Function` probe, a violation of the product's CSP) into the first bundle.
 */
export const assetApi: ClientApi<typeof ASSET_API> = ASSET_ROUTES;
export const subscriptionApi: ClientApi<typeof SUBSCRIPTION_API> = SUBSCRIPTION_ROUTES;
export const accountApi: ClientApi<typeof ACCOUNT_API> = ACCOUNT_ROUTES;
export const adminQueriesApi: ClientApi<typeof ADMIN_QUERIES_API> = ADMIN_QUERIES_ROUTES;

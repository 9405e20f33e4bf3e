import type { ADMIN_QUERIES_API } from '@core/api/admin-queries';
import { ADMIN_QUERIES_ROUTES } from '@core/api/admin-queries-routes';
import type { ClientApi } from '../contract-client';

// Only the contract's type: its zod schemas are the server's to run (see ClientApi).
export const adminQueriesApi: ClientApi<typeof ADMIN_QUERIES_API> = ADMIN_QUERIES_ROUTES;

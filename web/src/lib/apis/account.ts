import type { ACCOUNT_API } from '@core/api/account';
import { ACCOUNT_ROUTES } from '@core/api/account-routes';
import type { ClientApi } from '../contract-client';

// Only the contract's type: its zod schemas are the server's to run (see ClientApi).
export const accountApi: ClientApi<typeof ACCOUNT_API> = ACCOUNT_ROUTES;

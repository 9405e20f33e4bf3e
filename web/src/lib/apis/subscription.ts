import type { SUBSCRIPTION_API } from '@core/api/subscription';
import { SUBSCRIPTION_ROUTES } from '@core/api/subscription-routes';
import type { ClientApi } from '../contract-client';

// Only the contract's type: its zod schemas are the server's to run (see ClientApi).
export const subscriptionApi: ClientApi<typeof SUBSCRIPTION_API> = SUBSCRIPTION_ROUTES;

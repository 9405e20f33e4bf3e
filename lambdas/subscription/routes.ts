import type { RouteDefinition } from '../shared/routes';

/** The subscription REST API (SPEC §7). */
export const SUBSCRIPTION_ROUTES = [
  { method: 'POST', resource: '/user', auth: 'cognito' },
] as const satisfies readonly RouteDefinition[];

import type { RouteDefinition } from '../shared/routes';

/** The subscription REST API (SPEC §7). */
export const SUBSCRIPTION_ROUTES = [
  { method: 'POST', resource: '/user', auth: 'cognito' },
  // SPEC §7 permission lookup by e-mail: the caller's own permissionSet.accessLevels.
  { method: 'POST', resource: '/permissions', auth: 'cognito' },
] as const satisfies readonly RouteDefinition[];

import type { RouteDefinition } from '../shared/routes';

/** The AdminQueries REST API (SPEC §7), plus editor permissions; every route needs an ID token. */
export const ADMIN_QUERIES_ROUTES = [
  { method: 'GET', resource: '/listUsers', auth: 'cognito' },
  { method: 'POST', resource: '/enableUser', auth: 'cognito' },
  { method: 'POST', resource: '/disableUser', auth: 'cognito' },
  { method: 'GET', resource: '/listUsersInGroup', auth: 'cognito' },
  { method: 'GET', resource: '/editorPermissions', auth: 'cognito' },
  { method: 'PUT', resource: '/editorPermissions', auth: 'cognito' },
] as const satisfies readonly RouteDefinition[];

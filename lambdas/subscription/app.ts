import * as z from 'zod';
import { effectivePermissions, hasPermissionSet } from '../../core/permissions';
import { rolesFromGroups } from '../../core/session';
import type { PermissionLookupAnswer } from '../../core/user-record';
import { emailSchema } from '../../core/validation';
import type { SessionRevocations } from '../ports/session-revocations';
import type { UsersRepository } from '../ports/users-repository';
import { callerFrom, type Caller } from '../shared/claims';
import { createApiHandler, type ApiHandler } from '../shared/dispatch';
import { HttpError, json, jsonBody, parseOr400 } from '../shared/http';
import { SUBSCRIPTION_ROUTES } from './routes';

export interface SubscriptionDeps {
  readonly users: UsersRepository;
  readonly revocations: SessionRevocations;
}

const userRequest = z.object({ email: emailSchema });

/**
 * §7 sends the e-mail in the body: it must be the caller's own. The record itself is found by the
 * token's sub, never by an e-mail.
 */
function assertOwnEmail(caller: Caller, email: string, message: string): void {
  if (!caller.email || email.toLowerCase() !== caller.email) throw new HttpError(403, message);
}

/**
 * POST /user: the caller's own user details and subscription; POST /permissions: the caller's own
 * editor permission set (SPEC §7). Never another user's.
 */
export function createSubscriptionApi({ users, revocations }: SubscriptionDeps): ApiHandler {
  return createApiHandler(
    SUBSCRIPTION_ROUTES,
    {
      'POST /user': async (event) => {
        const caller = callerFrom(event);
        const { email } = parseOr400(userRequest, jsonBody(event));
        assertOwnEmail(caller, email, 'You can only read your own user details');
        // The record without the admins' bookkeeping of a set (version, audit trail): the user's own.
        const record = await users.get(caller.sub);
        if (!record) throw new HttpError(404, 'User not found');
        return json(200, record);
      },
      'POST /permissions': async (event) => {
        const caller = callerFrom(event);
        const { email } = parseOr400(userRequest, jsonBody(event));
        assertOwnEmail(caller, email, 'You can only read your own permissions');
        // The token's groups decide whose set counts, not a set left over in the table.
        const roles = rolesFromGroups(caller.groups);
        const stored = hasPermissionSet(roles)
          ? (await users.get(caller.sub))?.permissionSet?.accessLevels
          : null;
        const set = effectivePermissions(roles, stored);
        const answer: PermissionLookupAnswer = { permissionSet: set && { accessLevels: set } };
        return json(200, answer);
      },
    },
    { revocations },
  );
}

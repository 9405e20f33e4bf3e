import * as z from 'zod';
import { EDITOR_GROUP } from '../../core/constants';
import { emptyPermissionSet } from '../../core/permissions';
import { emailSchema } from '../../core/validation';
import type { UsersRepository } from '../ports/users-repository';
import { callerFrom } from '../shared/claims';
import { createApiHandler, type ApiHandler } from '../shared/dispatch';
import { HttpError, json, jsonBody, parseOr400 } from '../shared/http';
import { SUBSCRIPTION_ROUTES } from './routes';

export interface SubscriptionDeps {
  readonly users: UsersRepository;
}

const userRequest = z.object({ email: emailSchema });

/**
 * POST /user: the caller's own user details and subscription; POST /permissions: the caller's own
 * editor permission set (SPEC §7). Never another user's.
 */
export function createSubscriptionApi({ users }: SubscriptionDeps): ApiHandler {
  return createApiHandler(SUBSCRIPTION_ROUTES, {
    'POST /user': async (event) => {
      const caller = callerFrom(event);
      const { email } = parseOr400(userRequest, jsonBody(event));
      if (email.toLowerCase() !== caller.email) {
        throw new HttpError(403, 'You can only read your own user details');
      }
      const record = await users.get(caller.email);
      if (!record) throw new HttpError(404, 'User not found');
      // The admins' bookkeeping (who changed the set, when) is not the user's to read.
      const { permissionAudit: _audit, permissionVersion: _version, ...own } = record;
      return json(200, own);
    },
    'POST /permissions': async (event) => {
      const caller = callerFrom(event);
      const { email } = parseOr400(userRequest, jsonBody(event));
      if (email.toLowerCase() !== caller.email) {
        throw new HttpError(403, 'You can only read your own permissions');
      }
      // The token's groups decide who is an editor, not a set left over in the table.
      if (!caller.groups.includes(EDITOR_GROUP)) return json(200, { permissionSet: null });
      const record = await users.get(caller.email);
      // No set would mean "everything allowed" (§6); an editor without one gets nothing yet.
      return json(200, {
        permissionSet: {
          accessLevels: record?.permissionSet?.accessLevels ?? emptyPermissionSet(),
        },
      });
    },
  });
}

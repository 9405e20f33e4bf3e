import * as z from 'zod';
import type { PermissionSet } from './permissions';

/*
 * Kept apart from permissions.ts: the route guards (in the SPA's first bundle) use the rule, the
 * admin API validates with the schema, and zod should not ride along into that bundle.
 */

const identifiers = z
  .array(
    z.string('Item identifiers are strings').min(1, 'Item identifiers cannot be empty').max(64),
    'Expected a list of item identifiers',
  )
  .max(5_000, 'At most 5000 item identifiers per list');
const actionLists = z.strictObject(
  { read: identifiers, create: identifiers, update: identifiers, delete: identifiers },
  'Expected read, create, update and delete lists',
);
const generalLists = actionLists.extend({ GENERAL: z.literal(true, 'GENERAL must be true') });

/** The §3 permission set as an admin sends it: every resource, every action list. */
export const permissionSetSchema: z.ZodType<PermissionSet> = z.strictObject(
  {
    STOCKS: actionLists,
    SHEETS: actionLists,
    ANALYST: actionLists,
    DESCRIPTION: actionLists,
    SHARIAH: generalLists,
    USERS: generalLists,
  },
  'Expected a permission set with STOCKS, SHEETS, ANALYST, DESCRIPTION, SHARIAH and USERS',
);

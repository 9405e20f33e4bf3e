import * as z from 'zod';
import type { PermissionSet } from './permissions';

/*
 * Kept apart from permissions.ts: the route guards (in the SPA's first bundle) use the rule, the
 * admin API validates with the schema, and zod should not ride along into that bundle.
 */

const actionLists = z.strictObject({
  read: z.array(z.string().min(1).max(64)).max(5_000),
  create: z.array(z.string().min(1).max(64)).max(5_000),
  update: z.array(z.string().min(1).max(64)).max(5_000),
  delete: z.array(z.string().min(1).max(64)).max(5_000),
});
const generalLists = actionLists.extend({ GENERAL: z.literal(true) });

/** The §3 permission set as an admin sends it: every resource, every action list. */
export const permissionSetSchema: z.ZodType<PermissionSet> = z.strictObject({
  STOCKS: actionLists,
  SHEETS: actionLists,
  ANALYST: actionLists,
  DESCRIPTION: actionLists,
  SHARIAH: generalLists,
  USERS: generalLists,
});

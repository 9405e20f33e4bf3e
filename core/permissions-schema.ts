import * as z from 'zod';
import { ALL, RESOURCES, ACTIONS, type PermissionSet } from './permissions';

/*
 * Kept apart from permissions.ts: the route guards (in the SPA's first bundle) use the rule, the
 * admin API validates with the schema, and zod should not ride along into that bundle.
 */

/**
 * Bounds of a permission set. It is stored in the editor's users-table record (one DynamoDB item,
 * at most 400 KB) with an audit trail of changes, so its worst case must stay small: 1,000
 * identifiers of 32 printable ASCII characters are about 35 KB of JSON. An ISIN has 12.
 */
export const MAX_PERMISSION_IDENTIFIERS = 1_000;
export const MAX_IDENTIFIER_LENGTH = 32;

const TOO_MANY = `A permission set lists at most ${MAX_PERMISSION_IDENTIFIERS} item identifiers in all`;

const identifier = z
  .string('Item identifiers are strings')
  .min(1, 'Item identifiers cannot be empty')
  .max(MAX_IDENTIFIER_LENGTH, `Item identifiers are at most ${MAX_IDENTIFIER_LENGTH} characters`)
  // Printable ASCII: one byte a character, so the size bounds above hold in bytes too.
  .regex(/^[!-~]*$/, 'Item identifiers are letters, digits and punctuation, without spaces');
const identifiers = z
  .array(identifier, 'Expected a list of item identifiers')
  .max(MAX_PERMISSION_IDENTIFIERS, TOO_MANY);
const actionLists = z.strictObject(
  { read: identifiers, create: identifiers, update: identifiers, delete: identifiers },
  'Expected read, create, update and delete lists',
);

// §6: a GENERAL resource is granted by read = [ALL] alone; anything else in its lists would be
// stored without meaning anything, so it is refused.
const GENERAL_READ = `A general resource's read is [] or ["${ALL}"]`;
const NO_GENERAL_ITEMS = 'A general resource has no create, update or delete items: send []';
const noItems = z.array(z.string(), NO_GENERAL_ITEMS).max(0, NO_GENERAL_ITEMS);
const generalLists = z.strictObject(
  {
    read: z.array(z.literal(ALL, GENERAL_READ), GENERAL_READ).max(1, GENERAL_READ),
    create: noItems,
    update: noItems,
    delete: noItems,
    GENERAL: z.literal(true, 'GENERAL must be true'),
  },
  'Expected read, create, update and delete lists',
);

const countIdentifiers = (set: PermissionSet): number =>
  RESOURCES.reduce(
    (sum, resource) =>
      sum + ACTIONS.reduce((lists, action) => lists + set[resource][action].length, 0),
    0,
  );

/** The §3 permission set as an admin sends it: every resource, every action list, bounded. */
export const permissionSetSchema: z.ZodType<PermissionSet> = z
  .strictObject(
    {
      STOCKS: actionLists,
      SHEETS: actionLists,
      ANALYST: actionLists,
      DESCRIPTION: actionLists,
      SHARIAH: generalLists,
      USERS: generalLists,
    },
    'Expected a permission set with STOCKS, SHEETS, ANALYST, DESCRIPTION, SHARIAH and USERS',
  )
  .refine((set) => countIdentifiers(set) <= MAX_PERMISSION_IDENTIFIERS, TOO_MANY);

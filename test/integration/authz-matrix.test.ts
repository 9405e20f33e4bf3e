import {
  createPrivateKey,
  generateKeyPairSync,
  randomBytes,
  randomInt,
  type KeyObject,
} from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL, emptyPermissionSet, type PermissionSet } from '../../core/permissions';
import { ensureDemoAccount, identityClient } from '../../infra/local/identity/bootstrap';
import { ACCOUNT_API } from '../../core/api/account';
import { ADMIN_QUERIES_API } from '../../core/api/admin-queries';
import { STRIPE_WEBHOOK_API } from '../../core/api/stripe-webhook';
import { SUBSCRIPTION_API } from '../../core/api/subscription';
import { claimsOf, resign, tampered } from '../support/forged-tokens';
import type { Alert, AlertsAnswer, NotificationsAnswer } from '../../core/alerts';
import type { Quote } from '../../core/market/types';
import type { UploadTicket } from '../../core/user-files';
import { USERS_TABLE } from '../../core/tables';
import { usersTableStores } from '../../lambdas/adapters/dynamodb/users-table-stores';
import { fireAlerts } from '../../lambdas/alerts/evaluate';
import { createAccount, PASSWORD, uniquePhone } from '../support/accounts';
import { sharedStack, stackDocumentClient } from '../support/shared-stack';
import { signIn } from '../support/sign-in';
import { postUploadForm } from '../support/upload-form';

/**
 * Who calls: the three roles (a user, an editor, an admin, as the demo accounts are: each the
 * file's own on the shared stack), nobody, and tokens API Gateway's authorizer must refuse.
 */
const PRINCIPALS = [
  'anonymous', // no Authorization header
  'user',
  'editor', // as the demo editor: an empty permission set
  'usersEditor', // an editor whose stored set grants USERS read (made by an administrator)
  'admin',
  'expired', // the admin's ID token re-signed with the identity service's own key, exp in the past
  'expiredForged', // expired and signed with a stranger's key
  'forged', // the admin's claims, valid exp, signed with a stranger's key
  'tampered', // the user's token with cognito:groups rewritten to admin, original signature kept
  'accessToken', // the admin's access token where an ID token is required
  'signedOut', // a valid ID token of a session signed out on its own (the account API)
  'signedOutElsewhere', // a valid ID token of a user signed out everywhere from another session
  'disabledSinceSignIn', // a valid ID token of a user an admin disabled after it was issued
] as const;
type Principal = (typeof PRINCIPALS)[number];
type Role = 'user' | 'editor' | 'usersEditor' | 'admin';
type Status = 200 | 400 | 401 | 403 | 404 | 409;

interface Cell {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A path, or how to make it once the test has made what it names. */
  readonly path: string | (() => string);
  /** The contract's route when the path fills in its {parameters}. */
  readonly route?: string;
  readonly note?: string;
  readonly body?: (caller: Principal) => unknown;
  readonly expect: Record<Principal, Status>;
  /** What an accepted (200) answer must hold. */
  readonly returns?: (body: unknown, caller: Principal) => void | Promise<void>;
}

/**
 * The start every e-mail of the file's accounts shares, and no other file's: the directory's
 * listing filtered by it holds this file's users and no one else (the stack is shared).
 */
const PREFIX = `authz${randomInt(1e9).toString(36)}.`;
const emailOf = (name: string) => `${PREFIX}${name}@example.com`;
/** A part from the middle of every one of this file's e-mails, upper-cased (the search ignores case). */
const INFIX = PREFIX.slice(3).toUpperCase();
/** A user (signs up) and an admin (signs up, then an administrator adds them to the group). */
const USER = { email: emailOf('user'), password: PASSWORD, phone: uniquePhone() };
const ADMIN = { email: emailOf('admin'), password: PASSWORD, phone: uniquePhone() };
/** Created by an administrator, who then writes their empty set (as the demo editor's). */
const EDITOR = {
  email: emailOf('editor'),
  password: PASSWORD,
  phoneNumber: uniquePhone(),
  group: 'editor',
} as const;
/** Created by the test as an administrator would (no sign-up, so no users-table record at first). */
const USERS_EDITOR = {
  email: emailOf('lister'),
  password: PASSWORD,
  phoneNumber: uniquePhone(),
  group: 'editor',
} as const;
const EMAIL: Record<Role, string> = {
  admin: ADMIN.email,
  editor: EDITOR.email,
  usersEditor: USERS_EDITOR.email,
  user: USER.email,
};
const empty = emptyPermissionSet();
const USERS_READ: PermissionSet = { ...empty, USERS: { ...empty.USERS, read: [ALL] } };
/** Only `owner` may: the other roles are told there is no such thing (404), never whose it is. */
const ownerOnly = (owner: Role, accepted: Status = 200): Record<Principal, Status> => ({
  ...only([]),
  user: 404,
  editor: 404,
  usersEditor: 404,
  admin: 404,
  [owner]: accepted,
});
/** No Cognito auth at all: every caller, token or not, gets the same answer. */
const anyone = (status: Status): Record<Principal, Status> =>
  Object.fromEntries(PRINCIPALS.map((p) => [p, status])) as Record<Principal, Status>;
const roleOf = (p: Principal): Role =>
  p === 'user' || p === 'editor' || p === 'usersEditor' ? p : 'admin';
const ownEmail = (p: Principal) => EMAIL[roleOf(p)];
const otherEmail = (p: Principal) => (p === 'user' ? EMAIL.editor : EMAIL.user);

/**
 * Accounts whose tokens stop counting after they were issued, each of its own (made by the test as
 * an administrator would, so no demo account's sessions are touched).
 */
const REVOKED = {
  signedOut: { email: emailOf('gone.here'), phoneNumber: uniquePhone() },
  signedOutElsewhere: { email: emailOf('gone.everywhere'), phoneNumber: uniquePhone() },
  disabledSinceSignIn: { email: emailOf('gone.disabled'), phoneNumber: uniquePhone() },
} as const;
const REVOKED_PASSWORD = PASSWORD;

/**
 * Every bad or revoked token is a 401 (the authorizer, or the handler's revocation check); roles
 * not listed in `allowed` get 403 (the handler).
 */
const only = (allowed: readonly Role[], accepted: Status = 200): Record<Principal, Status> => ({
  anonymous: 401,
  expired: 401,
  expiredForged: 401,
  forged: 401,
  tampered: 401,
  accessToken: 401,
  signedOut: 401,
  signedOutElsewhere: 401,
  disabledSinceSignIn: 401,
  user: allowed.includes('user') ? accepted : 403,
  editor: allowed.includes('editor') ? accepted : 403,
  usersEditor: allowed.includes('usersEditor') ? accepted : 403,
  admin: allowed.includes('admin') ? accepted : 403,
});

interface UserList {
  Users: { Username: string; Enabled: boolean; Attributes: { Name: string; Value: string }[] }[];
}
const emailsOf = (body: unknown) =>
  (body as UserList).Users.map((u) => u.Attributes.find((a) => a.Name === 'email')?.Value).sort();

/**
 * THE endpoint × principal matrix: every AdminQueries, subscription, account and payment-webhook
 * route, over HTTP through the local server (Cognito-authorizer emulation, then the
 * handlers' own checks). One table of cells, one loop; a refused call leaks nobody's data.
 */
describe('endpoint × principal matrix (AdminQueries, subscription, account, webhook)', () => {
  const stack = sharedStack();
  const tokens = new Map<Principal, string>();
  let identityKey: KeyObject;
  /** Strings that must never appear in a refused answer: e-mails, subs, user names, phones. */
  const secrets: string[] = [
    ...[USER, ADMIN].flatMap((a) => [a.email, a.phone]),
    ...[EDITOR, USERS_EDITOR, ...Object.values(REVOKED)].flatMap((a) => [a.email, a.phoneNumber]),
  ];
  let adminUsername = '';
  /** A checkout the demo user opened (not paid): nobody else may confirm it. */
  let usersSessionId = '';
  /** The demo user's watchlist: nobody else may change or delete it. */
  let usersWatchlistId = '';
  /** The demo user's alert and a notice of theirs: nobody else may change or read them. */
  let usersAlertId = '';
  let usersNotificationId = '';
  /** The demo user's saved screen: nobody else may delete it. */
  let usersScreenId = '';
  /** The demo user's CSV upload (posted to the bucket): nobody else may import it. */
  let usersUploadId = '';
  /** The demo user's portfolio: nobody else may read, change, export or delete it. */
  let usersPortfolioId = '';

  beforeAll(async () => {
    const identity = identityClient(stack.endpoints.identity);
    await createAccount(stack.config, USER);
    await createAccount(stack.config, ADMIN, { group: 'admin' });
    await ensureDemoAccount(identity, stack.pool.userPoolId, EDITOR);
    // An editor made by an administrator: in the directory and the editor group, no users record.
    await ensureDemoAccount(identity, stack.pool.userPoolId, USERS_EDITOR);
    for (const role of ['admin', 'user', 'editor', 'usersEditor'] as const) {
      if (role === 'editor' || role === 'usersEditor') {
        // The admin writes the editor's set (empty, as the demo editor's; USERS read for the
        // other): the first PUT creates the record from the directory.
        const permissionSet = role === 'editor' ? emptyPermissionSet() : USERS_READ;
        const { status, text } = await request(
          tokens.get('admin'),
          'PUT',
          '/api/admin/editorPermissions',
          { email: EMAIL[role], permissionSet, version: 0 },
        );
        if (status !== 200) throw new Error(`Granting ${role}'s set failed: ${status} ${text}`);
      }
      const { idToken: IdToken, accessToken: AccessToken } = await signIn(
        stack.target,
        EMAIL[role],
        PASSWORD,
      );
      tokens.set(role, IdToken);
      if (role === 'admin') tokens.set('accessToken', AccessToken);
      const claims = claimsOf(IdToken);
      secrets.push(String(claims.sub), String(claims['cognito:username']));
      if (role === 'admin') adminUsername = String(claims['cognito:username']);
    }
    // Tokens revoked after they were issued: a session signed out on its own, a session of a
    // user who signed out everywhere from another one, and a user an admin disabled since.
    for (const account of Object.values(REVOKED)) {
      await ensureDemoAccount(identity, stack.pool.userPoolId, {
        ...account,
        password: REVOKED_PASSWORD,
      });
    }
    const revokedSignIn = async (email: string) =>
      (await signIn(stack.target, email, REVOKED_PASSWORD)).idToken;
    const signOut = async (idToken: string, scope: 'this-device' | 'everywhere') => {
      const { status, text } = await request(idToken, 'POST', '/api/account/sign-out', { scope });
      if (status !== 200) throw new Error(`Signing out failed: ${status} ${text}`);
    };
    const here = await revokedSignIn(REVOKED.signedOut.email);
    await signOut(here, 'this-device');
    tokens.set('signedOut', here);
    const elsewhere = await revokedSignIn(REVOKED.signedOutElsewhere.email);
    await signOut(await revokedSignIn(REVOKED.signedOutElsewhere.email), 'everywhere');
    tokens.set('signedOutElsewhere', elsewhere);
    const disabled = await revokedSignIn(REVOKED.disabledSinceSignIn.email);
    const disabling = await request(tokens.get('admin'), 'POST', '/api/admin/disableUser', {
      username: REVOKED.disabledSinceSignIn.email,
    });
    if (disabling.status !== 200) throw new Error(`Disabling failed: ${disabling.text}`);
    tokens.set('disabledSinceSignIn', disabled);
    identity.destroy();

    // The identity service's own signing key (this installation's), to isolate the expiry check.
    identityKey = createPrivateKey(await readFile(stack.identitySigningKeyFile, 'utf8'));
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const past = Math.floor(Date.now() / 1000) - 3_600;
    const expired = { iat: past - 3_600, exp: past };
    const admin = tokens.get('admin')!;
    tokens.set('expired', resign(admin, identityKey, expired));
    tokens.set('expiredForged', resign(admin, stranger, expired));
    tokens.set('forged', resign(admin, stranger, {}));
    tokens.set('tampered', tampered(tokens.get('user')!, { 'cognito:groups': ['admin'] }));

    const opened = await send('user', 'POST', '/api/subscription/checkout', {
      plan: 'premium_monthly',
    });
    if (opened.status !== 200) throw new Error(`Checkout failed: ${opened.text}`);
    const listed = await send('user', 'POST', '/api/subscription/watchlists', { name: 'Mine' });
    if (listed.status !== 200) throw new Error(`Creating a watchlist failed: ${listed.text}`);
    usersWatchlistId = (JSON.parse(listed.text) as { id: string }).id;
    const alerted = await send('user', 'POST', '/api/subscription/alerts', {
      symbol: '^GSPC',
      condition: { kind: 'above', price: 1e9 },
    });
    if (alerted.status !== 200) throw new Error(`Creating an alert failed: ${alerted.text}`);
    usersAlertId = (JSON.parse(alerted.text) as { id: string }).id;
    usersNotificationId = await noticeFor(String(claimsOf(tokens.get('user')!).sub), usersAlertId);
    const saved = await send('user', 'POST', '/api/subscription/screens', {
      name: 'Mine',
      params: { sector: 'Energy', currency: 'JPY' },
    });
    if (saved.status !== 200) throw new Error(`Saving a screen failed: ${saved.text}`);
    usersScreenId = (JSON.parse(saved.text) as { id: string }).id;
    usersUploadId = await uploadCsv('user', 'symbol\nNOPE\n');
    const portfolio = await send('user', 'POST', '/api/subscription/portfolios', {
      name: 'Mine',
      currency: 'USD',
    });
    if (portfolio.status !== 200) throw new Error(`Creating a portfolio failed: ${portfolio.text}`);
    usersPortfolioId = (JSON.parse(portfolio.text) as { id: string }).id;
    usersSessionId = new URL((JSON.parse(opened.text) as { url: string }).url).pathname
      .split('/')
      .pop()!;
  });

  /** A fired alert's notice, written as the evaluator writes it (the market need not be open). */
  async function noticeFor(sub: string, alertId: string): Promise<string> {
    const store = usersTableStores(stackDocumentClient(stack), USERS_TABLE.localName).alerts;
    const current = (await store.read(sub))!;
    const due = current.alerts
      .filter((alert) => alert.id === alertId)
      .map((alert) => ({ alert, quote: { price: 1 } as Quote }));
    const fired = fireAlerts(current.alerts, due, Date.now(), () => randomBytes(8).toString('hex'));
    if (!(await store.fire(sub, current.version, current.alerts, fired.notifications))) {
      throw new Error('Writing a notice failed');
    }
    return fired.notifications[0]!.id;
  }

  /** A CSV posted to the bucket with the form the subscription API signed (as the SPA does). */
  async function uploadCsv(principal: Principal, csv: string): Promise<string> {
    const ticket = await send(principal, 'POST', '/api/subscription/uploads');
    if (ticket.status !== 200) throw new Error(`Asking for an upload failed: ${ticket.text}`);
    const parsed = JSON.parse(ticket.text) as UploadTicket;
    const posted = await postUploadForm(parsed, csv);
    if (!posted.ok) throw new Error(`Uploading failed: ${posted.status} ${await posted.text()}`);
    return parsed.uploadId;
  }

  async function request(token: string | undefined, method: string, path: string, body?: unknown) {
    const response = await fetch(`${stack.url}${path}`, {
      method,
      headers: {
        ...(token ? { Authorization: token } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, text: await response.text() };
  }
  const send = (principal: Principal, method: string, path: string, body?: unknown) =>
    request(tokens.get(principal), method, path, body);
  const permissionsOf = async (email: string) => {
    const path = `/api/admin/editorPermissions?email=${encodeURIComponent(email)}`;
    const { status, text } = await send('admin', 'GET', path);
    if (status !== 200) throw new Error(`GET ${path}: ${status} ${text}`);
    return JSON.parse(text) as {
      permissionSet: { accessLevels: PermissionSet } | null;
      version: number;
      lastChange: { by: string; at: string } | null;
    };
  };
  const versionOf = async (email: string) => (await permissionsOf(email)).version;
  /** Every member of the editor group, as the admin pages through it. */
  const editorGroup = async () => {
    const emails: string[] = [];
    let token: string | undefined;
    do {
      const query = `groupname=editor${token ? `&token=${encodeURIComponent(token)}` : ''}`;
      const { text } = await send('admin', 'GET', `/api/admin/listUsersInGroup?${query}`);
      const page = JSON.parse(text) as UserList & { NextToken?: string };
      emails.push(...emailsOf(page).flatMap((email) => (email ? [email] : [])));
      token = page.NextToken;
    } while (token);
    return emails;
  };

  const cells: Cell[] = [
    {
      method: 'GET',
      path: '/api/admin/listUsers',
      note: 'admins, and editors whose stored set grants USERS read: a page of the directory',
      expect: only(['admin', 'usersEditor']),
      returns: (body) => {
        const emails = emailsOf(body);
        expect(emails.length).toBeGreaterThan(0);
        expect(emails.length).toBeLessThanOrEqual(60);
        expect(emails.every((email) => email?.includes('@'))).toBe(true);
      },
    },
    {
      method: 'GET',
      path: `/api/admin/listUsers?email=${encodeURIComponent(PREFIX)}`,
      note: "the file's users (their e-mails' common start): every one of them, and no one else",
      expect: only(['admin', 'usersEditor']),
      returns: (body) =>
        expect(emailsOf(body)).toEqual(
          [...Object.values(EMAIL), ...Object.values(REVOKED).map((a) => a.email)].sort(),
        ),
    },
    {
      method: 'GET',
      path: `/api/admin/listUsers?email=${encodeURIComponent(`${PREFIX}EDITOR@`.toUpperCase())}`,
      note: 'an e-mail prefix, any case, filtered by the directory',
      expect: only(['admin', 'usersEditor']),
      returns: (body) => expect(emailsOf(body)).toEqual([EMAIL.editor]),
    },
    {
      method: 'GET',
      path: `/api/admin/listUsers?email=${encodeURIComponent(INFIX)}`,
      note: "a part from the middle of the e-mails, any case: the file's users (read page by page)",
      expect: only(['admin', 'usersEditor']),
      returns: async () => {
        const emails: string[] = [];
        let token: string | undefined;
        do {
          const query = `email=${encodeURIComponent(INFIX)}&limit=2${token ? `&token=${encodeURIComponent(token)}` : ''}`;
          const { status, text } = await send('admin', 'GET', `/api/admin/listUsers?${query}`);
          expect(status).toBe(200);
          const page = JSON.parse(text) as UserList & { NextToken?: string };
          expect(page.Users.length).toBeLessThanOrEqual(2);
          emails.push(...emailsOf(page).flatMap((email) => (email ? [email] : [])));
          token = page.NextToken;
        } while (token);
        expect(emails.sort()).toEqual(
          [...Object.values(EMAIL), ...Object.values(REVOKED).map((a) => a.email)].sort(),
        );
      },
    },
    {
      method: 'GET',
      path: `/api/admin/listUsers?email=${encodeURIComponent('user"@\\')}`,
      note: 'quotes and backslashes stay inside the filter value',
      expect: only(['admin', 'usersEditor']),
      returns: (body) => expect(emailsOf(body)).toEqual([]),
    },
    {
      method: 'GET',
      path: '/api/admin/listUsers?email=%20',
      note: 'an empty prefix (authorised first, then validated)',
      expect: only(['admin', 'usersEditor'], 400),
    },
    {
      method: 'GET',
      path: '/api/admin/listUsersInGroup?groupname=editor',
      note: "the file's two editors among other files' (read page by page), none of its others",
      expect: only(['admin']),
      returns: async () => {
        const listed = await editorGroup();
        expect(listed).toEqual(expect.arrayContaining([EMAIL.editor, EMAIL.usersEditor]));
        const others = [EMAIL.user, EMAIL.admin, ...Object.values(REVOKED).map((a) => a.email)];
        expect(listed.filter((email) => others.includes(email))).toEqual([]);
      },
    },
    {
      method: 'GET',
      path: '/api/admin/listUsersInGroup?groupname=admin',
      note: 'only editor may be listed',
      expect: only(['admin'], 400),
    },
    {
      method: 'GET',
      path: '/api/admin/userCounts',
      expect: only(['admin']),
      returns: (body) =>
        expect(body).toEqual({
          users: expect.any(Number) as number,
          editors: expect.any(Number) as number,
          admins: expect.any(Number) as number,
        }),
    },
    {
      method: 'POST',
      path: '/api/admin/enableUser',
      body: () => ({ username: EMAIL.user }),
      expect: only(['admin']),
    },
    {
      method: 'POST',
      path: '/api/admin/disableUser',
      note: 'an unknown user',
      body: () => ({ username: 'nobody-such@stockscope.local' }),
      expect: only(['admin'], 404),
    },
    {
      method: 'POST',
      path: '/api/admin/disableUser',
      note: 'the caller themselves, by e-mail',
      body: (p) => ({ username: ownEmail(p) }),
      expect: only(['admin'], 400),
    },
    {
      method: 'POST',
      path: '/api/admin/disableUser',
      note: "the admin's own user name",
      body: () => ({ username: adminUsername }),
      expect: only(['admin'], 400),
    },
    {
      method: 'GET',
      path: `/api/admin/editorPermissions?email=${encodeURIComponent(EMAIL.editor)}`,
      expect: only(['admin']),
      returns: (body) =>
        expect(body).toMatchObject({
          email: EMAIL.editor,
          permissionSet: { accessLevels: emptyPermissionSet() },
          version: expect.any(Number),
        }),
    },
    {
      method: 'PUT',
      path: '/api/admin/editorPermissions',
      note: 'writes the seeded set back at its current version',
      body: async () => ({
        email: EMAIL.editor,
        permissionSet: emptyPermissionSet(),
        version: await versionOf(EMAIL.editor),
      }),
      expect: only(['admin']),
      returns: (body) =>
        expect(body).toMatchObject({
          lastChange: { by: EMAIL.admin },
          version: expect.any(Number),
        }),
    },
    {
      method: 'PUT',
      path: '/api/admin/editorPermissions',
      note: 'a stale version',
      body: async () => ({
        email: EMAIL.editor,
        permissionSet: USERS_READ,
        version: (await versionOf(EMAIL.editor)) - 1,
      }),
      expect: only(['admin'], 409),
    },
    {
      method: 'PUT',
      path: '/api/admin/editorPermissions',
      note: 'no version',
      body: () => ({ email: EMAIL.editor, permissionSet: USERS_READ }),
      expect: only(['admin'], 400),
    },
    {
      method: 'PUT',
      path: '/api/admin/editorPermissions',
      note: 'a target outside the editor group',
      body: () => ({ email: EMAIL.user, permissionSet: USERS_READ, version: 0 }),
      expect: only(['admin'], 400),
    },
    {
      method: 'POST',
      path: '/api/subscription/user',
      note: 'own e-mail',
      body: (p) => ({ email: ownEmail(p) }),
      expect: only(['user', 'editor', 'usersEditor', 'admin']),
      returns: (body, p) => expect(body).toMatchObject({ email: ownEmail(p) }),
    },
    {
      method: 'POST',
      path: '/api/subscription/permissions',
      note: 'own e-mail',
      body: (p) => ({ email: ownEmail(p) }),
      expect: only(['user', 'editor', 'usersEditor', 'admin']),
      returns: (body, p) =>
        expect(body).toEqual({
          permissionSet:
            p === 'editor'
              ? { accessLevels: emptyPermissionSet() }
              : p === 'usersEditor'
                ? { accessLevels: USERS_READ }
                : null,
        }),
    },
    {
      method: 'POST',
      path: '/api/subscription/user',
      note: "another user's e-mail",
      body: (p) => ({ email: otherEmail(p) }),
      expect: only([]),
    },
    {
      method: 'POST',
      path: '/api/subscription/permissions',
      note: "another user's e-mail",
      body: (p) => ({ email: otherEmail(p) }),
      expect: only([]),
    },
    {
      method: 'GET',
      path: '/api/subscription/plans',
      expect: only(['user', 'editor', 'usersEditor', 'admin']),
      returns: (body) =>
        expect((body as { plan: string }[]).map((p) => p.plan)).toEqual([
          'premium_monthly',
          'premium_yearly',
        ]),
    },
    {
      method: 'POST',
      path: '/api/subscription/checkout',
      note: 'a checkout of their own, for their own customer',
      body: () => ({ plan: 'premium_yearly' }),
      expect: only(['user', 'editor', 'usersEditor', 'admin']),
      returns: (body) => expect(body).toEqual({ url: expect.stringMatching(/\/checkout\/cs_/) }),
    },
    {
      method: 'POST',
      path: '/api/subscription/checkout',
      note: 'a plan that does not exist',
      body: () => ({ plan: 'premium_forever' }),
      expect: only(['user', 'editor', 'usersEditor', 'admin'], 400),
    },
    {
      method: 'POST',
      path: '/api/subscription/checkout/confirm',
      note: "the demo user's checkout session: nobody else may confirm it",
      body: () => ({ sessionId: usersSessionId }),
      expect: ownerOnly('user'),
      returns: (body) => expect(body).toMatchObject({ confirmed: false, subscription: null }),
    },
    {
      method: 'POST',
      path: '/api/subscription/checkout/confirm',
      note: 'a session id that is not one',
      body: () => ({ sessionId: '../../v1/customers' }),
      expect: only(['user', 'editor', 'usersEditor', 'admin'], 400),
    },
    ...(['/cancel', '/resume'] as const).map((path): Cell => ({
      method: 'POST',
      path: `/api/subscription${path}`,
      note: 'no subscription of their own to change',
      expect: only(['user', 'editor', 'usersEditor', 'admin'], 404),
    })),
    {
      method: 'POST',
      path: '/api/subscription/plan',
      note: 'no subscription of their own to change',
      body: () => ({ plan: 'premium_yearly' }),
      expect: only(['user', 'editor', 'usersEditor', 'admin'], 404),
    },
    {
      method: 'GET',
      path: '/api/subscription/plan/preview?plan=premium_yearly',
      note: 'no subscription of their own to preview a switch of',
      expect: only(['user', 'editor', 'usersEditor', 'admin'], 404),
    },
    {
      method: 'GET',
      path: '/api/subscription/plan/preview?plan=gold',
      note: 'not a plan',
      expect: only(['user', 'editor', 'usersEditor', 'admin'], 400),
    },
    {
      method: 'POST',
      path: '/api/subscription/plan',
      note: 'no plan',
      body: () => ({}),
      expect: only(['user', 'editor', 'usersEditor', 'admin'], 400),
    },
    {
      method: 'POST',
      path: '/api/subscription/portal',
      note: 'their own billing account (made by their checkout above)',
      expect: only(['user', 'editor', 'usersEditor', 'admin']),
      returns: (body) => expect(body).toEqual({ url: expect.stringMatching(/\/portal\//) }),
    },
    {
      method: 'GET',
      path: '/api/subscription/invoices',
      note: 'nothing paid yet',
      expect: only(['user', 'editor', 'usersEditor', 'admin']),
      returns: (body) => expect(body).toEqual([]),
    },
    {
      method: 'GET',
      path: '/api/subscription/watchlists',
      note: 'their own lists only',
      expect: only(['user', 'editor', 'usersEditor', 'admin']),
      returns: (body, p) =>
        expect((body as { watchlists: { name: string }[] }).watchlists.map((w) => w.name)).toEqual(
          p === 'user' ? ['Mine'] : [],
        ),
    },
    {
      method: 'POST',
      path: '/api/subscription/watchlists',
      note: "Free's limit is one list: the demo user has theirs already",
      body: () => ({ name: 'Another' }),
      expect: { ...only(['editor', 'usersEditor', 'admin']), user: 403 },
    },
    {
      method: 'PUT',
      path: '/api/subscription/watchlists/order',
      note: "an order naming the demo user's list: nobody else may move it",
      body: () => ({ order: [{ id: usersWatchlistId, version: 1 }] }),
      expect: ownerOnly('user'),
      returns: (body) =>
        expect((body as { watchlists: { id: string }[] }).watchlists.map((w) => w.id)).toEqual([
          usersWatchlistId,
        ]),
    },
    {
      method: 'PUT',
      path: () => `/api/subscription/watchlists/${usersWatchlistId}`,
      route: '/api/subscription/watchlists/{id}',
      note: "the demo user's list: nobody else may change it",
      body: () => ({ name: 'Mine', symbols: ['AAPL'], version: 1 }),
      expect: ownerOnly('user'),
      returns: (body) => expect(body).toMatchObject({ symbols: ['AAPL'], version: 2 }),
    },
    {
      method: 'DELETE',
      path: () => `/api/subscription/watchlists/${usersWatchlistId}`,
      route: '/api/subscription/watchlists/{id}',
      note: "the demo user's list: nobody else may delete it",
      expect: ownerOnly('user'),
    },
    {
      method: 'POST',
      path: '/api/subscription/uploads',
      note: 'a form for their own imports/ folder',
      expect: only(['user', 'editor', 'usersEditor', 'admin']),
      returns: (body) => {
        const { uploadId, fields } = body as UploadTicket;
        expect(fields.key).toMatch(new RegExp(`^users/[\\w-]+/imports/${uploadId}\\.csv$`));
      },
    },
    {
      method: 'POST',
      path: '/api/subscription/watchlists/import',
      note: "the demo user's upload: nobody else may import it (their folder has no such file)",
      body: () => ({ uploadId: usersUploadId, target: { kind: 'new', name: 'Imported' } }),
      expect: ownerOnly('user'),
      returns: (body) =>
        expect(body).toMatchObject({
          watchlist: { name: 'Imported', symbols: [] },
          unknown: [{ row: 2, value: 'NOPE' }],
        }),
    },
    {
      method: 'POST',
      path: '/api/subscription/exports',
      note: "Premium only: every one of the file's accounts is on Free",
      body: () => ({ kind: 'watchlists' }),
      expect: only([]),
    },
    {
      method: 'GET',
      path: '/api/asset/stocks/quotes?symbols=%5EGSPC,NOPE',
      note: 'public batched quotes: no token needed, none refused',
      expect: anyone(200),
      returns: (body) =>
        expect((body as { data: { symbol: string }[] }).data.map((r) => r.symbol)).toEqual([
          '^GSPC',
          'NOPE',
        ]),
    },
    {
      method: 'GET',
      path: '/api/subscription/alerts',
      note: 'their own alerts only',
      expect: only(['user', 'editor', 'usersEditor', 'admin']),
      returns: (body, p) =>
        expect((body as AlertsAnswer).alerts.map((a) => a.id)).toEqual(
          p === 'user' ? [usersAlertId] : [],
        ),
    },
    {
      method: 'GET',
      path: '/api/subscription/screens',
      note: 'their own saved screens only',
      expect: only(['user', 'editor', 'usersEditor', 'admin']),
      returns: (body, p) =>
        expect((body as { screens: { name: string }[] }).screens.map((s) => s.name)).toEqual(
          p === 'user' ? ['Mine'] : [],
        ),
    },
    {
      method: 'POST',
      path: '/api/subscription/alerts',
      note: 'within Free’s limit of alerts',
      body: () => ({ symbol: '^GSPC', condition: { kind: 'below', price: 0.01 } }),
      expect: only(['user', 'editor', 'usersEditor', 'admin']),
      returns: (body) => expect(body).toMatchObject({ symbol: '^GSPC', armed: true, version: 1 }),
    },
    {
      method: 'PUT',
      path: () => `/api/subscription/alerts/${usersAlertId}`,
      route: '/api/subscription/alerts/{id}',
      note: "the demo user's alert: nobody else may change it",
      body: () => ({ condition: { kind: 'yearHigh' }, armed: true, version: 1 }),
      expect: ownerOnly('user'),
      returns: (body) =>
        expect(body).toMatchObject({ condition: { kind: 'yearHigh' }, version: 2 }),
    },
    {
      method: 'DELETE',
      path: () => `/api/subscription/alerts/${usersAlertId}`,
      route: '/api/subscription/alerts/{id}',
      note: "the demo user's alert: nobody else may delete it",
      expect: ownerOnly('user'),
    },
    {
      method: 'GET',
      path: '/api/subscription/notifications',
      note: 'their own notices only',
      expect: only(['user', 'editor', 'usersEditor', 'admin']),
      returns: (body, p) =>
        expect((body as NotificationsAnswer).notifications.map((n) => n.id)).toEqual(
          p === 'user' ? [usersNotificationId] : [],
        ),
    },
    {
      method: 'POST',
      path: () => `/api/subscription/notifications/${usersNotificationId}/read`,
      route: '/api/subscription/notifications/{id}/read',
      note: "the demo user's notice: nobody else may mark it",
      expect: ownerOnly('user'),
      returns: (body) => expect(body).toMatchObject({ unread: 0 }),
    },
    {
      method: 'POST',
      path: '/api/subscription/notifications/read',
      note: 'their own notices only',
      expect: only(['user', 'editor', 'usersEditor', 'admin']),
      returns: (body) => expect(body).toMatchObject({ unread: 0 }),
    },
    {
      method: 'POST',
      path: '/api/subscription/screens',
      note: "Free's limit is one saved screen: the demo user has theirs already",
      body: () => ({ name: 'Another', params: { sort: 'pe', order: 'asc' } }),
      expect: { ...only(['editor', 'usersEditor', 'admin']), user: 403 },
    },
    {
      method: 'DELETE',
      path: () => `/api/subscription/screens/${usersScreenId}`,
      route: '/api/subscription/screens/{id}',
      note: "the demo user's saved screen: nobody else may delete it",
      expect: ownerOnly('user'),
    },
    {
      method: 'GET',
      path: '/api/subscription/portfolios',
      note: 'their own portfolios only',
      expect: only(['user', 'editor', 'usersEditor', 'admin']),
      returns: (body, p) =>
        expect((body as { portfolios: { name: string }[] }).portfolios.map((w) => w.name)).toEqual(
          p === 'user' ? ['Mine'] : [],
        ),
    },
    {
      method: 'POST',
      path: '/api/subscription/portfolios',
      note: "Free's limit is one portfolio: the demo user has theirs already",
      body: () => ({ name: 'Another', currency: 'EUR' }),
      expect: { ...only(['editor', 'usersEditor', 'admin']), user: 403 },
    },
    {
      method: 'POST',
      path: () => `/api/subscription/portfolios/${usersPortfolioId}/transactions`,
      route: '/api/subscription/portfolios/{id}/transactions',
      note: "the demo user's portfolio: nobody else may add to it",
      body: () => ({
        version: 1,
        transaction: {
          type: 'buy',
          date: '2024-01-02',
          symbol: 'AAPL',
          quantity: 2,
          price: 10,
          currency: 'USD',
        },
      }),
      expect: ownerOnly('user'),
      returns: (body) =>
        expect(body).toMatchObject({
          portfolio: { version: 2 },
          transaction: { id: 'tx_0000000001' },
        }),
    },
    {
      method: 'GET',
      path: () => `/api/subscription/portfolios/${usersPortfolioId}/transactions`,
      route: '/api/subscription/portfolios/{id}/transactions',
      note: "the demo user's portfolio: nobody else may read it",
      expect: ownerOnly('user'),
      returns: (body) =>
        expect((body as { transactions: { id: string }[] }).transactions).toHaveLength(1),
    },
    {
      method: 'GET',
      path: () => `/api/subscription/portfolios/${usersPortfolioId}/summary`,
      route: '/api/subscription/portfolios/{id}/summary',
      note: "the demo user's portfolio: nobody else may read its value or zakat",
      expect: ownerOnly('user'),
      returns: (body) =>
        expect(
          (body as { summary: { holdings: { symbol: string }[] } }).summary.holdings.map(
            (h) => h.symbol,
          ),
        ).toEqual(['AAPL']),
    },
    {
      method: 'PUT',
      path: () => `/api/subscription/portfolios/${usersPortfolioId}/transactions/tx_0000000001`,
      route: '/api/subscription/portfolios/{id}/transactions/{txId}',
      note: "the demo user's transaction: nobody else may change it",
      body: () => ({
        version: 2,
        transaction: { type: 'deposit', date: '2024-01-01', amount: 100, currency: 'USD' },
      }),
      expect: ownerOnly('user'),
      returns: (body) => expect(body).toMatchObject({ portfolio: { version: 3 } }),
    },
    {
      method: 'DELETE',
      path: () =>
        `/api/subscription/portfolios/${usersPortfolioId}/transactions/tx_0000000001?version=3`,
      route: '/api/subscription/portfolios/{id}/transactions/{txId}',
      note: "the demo user's transaction: nobody else may delete it",
      expect: ownerOnly('user'),
    },
    {
      method: 'PUT',
      path: () => `/api/subscription/portfolios/${usersPortfolioId}`,
      route: '/api/subscription/portfolios/{id}',
      note: "the demo user's portfolio: nobody else may rename it",
      body: () => ({ name: 'Renamed', currency: 'GBP', benchmark: '^FTSE', version: 4 }),
      expect: ownerOnly('user'),
      returns: (body) => expect(body).toMatchObject({ name: 'Renamed', version: 5 }),
    },
    {
      method: 'POST',
      path: () => `/api/subscription/portfolios/${usersPortfolioId}/export`,
      route: '/api/subscription/portfolios/{id}/export',
      note: "Premium only: every one of the file's accounts is on Free",
      expect: only([]),
    },
    {
      method: 'POST',
      path: '/api/subscription/portfolio-uploads',
      note: 'a form for their own imports/ folder',
      expect: only(['user', 'editor', 'usersEditor', 'admin']),
    },
    {
      method: 'POST',
      path: () => `/api/subscription/portfolios/${usersPortfolioId}/import/preview`,
      route: '/api/subscription/portfolios/{id}/import/preview',
      note: "the demo user's portfolio and upload: nobody else may preview an import into it",
      body: () => ({
        uploadId: usersUploadId,
        mapping: { columns: { type: 'symbol', date: 'symbol' }, dateFormat: 'YYYY-MM-DD' },
      }),
      expect: ownerOnly('user'),
      returns: (body) => expect(body).toMatchObject({ rowCount: 1, rowsWithErrors: 1, fresh: 0 }),
    },
    {
      method: 'POST',
      path: () => `/api/subscription/portfolios/${usersPortfolioId}/import`,
      route: '/api/subscription/portfolios/{id}/import',
      note: "the demo user's portfolio and upload: nobody else may import into it",
      body: () => ({
        uploadId: usersUploadId,
        mapping: { columns: { type: 'symbol', date: 'symbol' }, dateFormat: 'YYYY-MM-DD' },
        version: 5,
        skipInvalidRows: true,
      }),
      expect: ownerOnly('user'),
      returns: (body) => expect(body).toMatchObject({ added: 0, leftOut: 1 }),
    },
    {
      method: 'DELETE',
      path: () => `/api/subscription/portfolios/${usersPortfolioId}`,
      route: '/api/subscription/portfolios/{id}',
      note: "the demo user's portfolio: nobody else may delete it",
      expect: ownerOnly('user'),
    },
    {
      method: 'POST',
      path: '/api/stripe/webhook',
      note: "the provider's signature is the only proof: a token counts for nothing",
      body: () => ({ id: 'evt_1', type: 'customer.subscription.deleted' }),
      expect: anyone(400),
    },
    {
      method: 'POST',
      path: '/api/account/phone',
      note: 'a new number of their own: a code is texted to it',
      body: () => ({ phoneNumber: uniquePhone() }),
      expect: only(['user', 'editor', 'usersEditor', 'admin']),
      returns: (body) =>
        expect(body).toMatchObject({ phone: expect.stringMatching(/^\+\*+\d{4}$/) }),
    },
    {
      method: 'POST',
      path: '/api/account/phone/verify',
      note: 'a malformed code (authorised first, then validated)',
      body: () => ({ code: 'abcd' }),
      expect: only(['user', 'editor', 'usersEditor', 'admin'], 400),
    },
    {
      method: 'PUT',
      path: '/api/account/preferences',
      note: 'an unknown standard (authorised first, then validated)',
      body: () => ({ shariahStandard: 'hanafi' }),
      expect: only(['user', 'editor', 'usersEditor', 'admin'], 400),
    },
    {
      method: 'POST',
      path: '/api/account/sign-out',
      note: 'an unknown scope (the sign-out itself is exercised by the revoked principals)',
      body: () => ({ scope: 'all' }),
      expect: only(['user', 'editor', 'usersEditor', 'admin'], 400),
    },
  ];

  it('has a cell for every AdminQueries, subscription, account and webhook route', () => {
    const covered = new Set(
      cells.map((c) => `${c.method} ${c.route ?? (c.path as string).split('?')[0]}`),
    );
    const routes = [
      ...[ADMIN_QUERIES_API, SUBSCRIPTION_API, ACCOUNT_API, STRIPE_WEBHOOK_API].flatMap((api) =>
        Object.values(api.endpoints).map((e) => `${e.method} ${api.prefix}${e.path}`),
      ),
    ];
    expect(routes.filter((r) => !covered.has(r))).toEqual([]);
  });

  it('refuses the expired token for its expiry alone (the same key with a live exp passes)', async () => {
    const live = resign(tokens.get('admin')!, identityKey, {});
    expect((await request(live, 'GET', '/api/admin/listUsers')).status).toBe(200);
  });

  it('answers each cell as SPEC §6 says and leaks nothing when it refuses', async () => {
    const failures: string[] = [];
    let requests = 0;
    let refused = 0;
    for (const cell of cells) {
      for (const principal of PRINCIPALS) {
        const body = await cell.body?.(principal);
        const path = typeof cell.path === 'string' ? cell.path : cell.path();
        const { status, text } = await send(principal, cell.method, path, body);
        requests += 1;
        const label = `${cell.method} ${path}${cell.note ? ` (${cell.note})` : ''} as ${principal}`;
        const expected = cell.expect[principal];
        if (status !== expected)
          failures.push(`${label}: ${status}, expected ${expected}: ${text}`);
        if (status === 200) {
          try {
            await cell.returns?.(JSON.parse(text), principal);
          } catch (error) {
            failures.push(`${label}: unexpected answer: ${(error as Error).message}`);
          }
          continue;
        }
        refused += 1;
        // A refusal says why and nothing else: one message, none of anybody's data.
        const parsed = JSON.parse(text) as Record<string, unknown>;
        if (Object.keys(parsed).join() !== 'message')
          failures.push(`${label}: extra fields: ${text}`);
        const leaked = [...secrets, 'Attributes', 'accessLevels'].filter((s) => text.includes(s));
        if (leaked.length) failures.push(`${label}: refused answer leaks ${leaked.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
    expect(requests).toBe(cells.length * PRINCIPALS.length);
    expect(refused).toBeGreaterThan(requests / 2);
  });

  it("answers another user's alert and notice ids with 404 and changes nothing", async () => {
    const created = await send('user', 'POST', '/api/subscription/alerts', {
      symbol: '^GSPC',
      condition: { kind: 'above', price: 1e9 },
    });
    const alert = JSON.parse(created.text) as Alert;
    const notice = await noticeFor(String(claimsOf(tokens.get('user')!).sub), alert.id);
    const before = await send('user', 'GET', '/api/subscription/alerts');
    const noticesBefore = await send('user', 'GET', '/api/subscription/notifications');
    for (const other of ['editor', 'usersEditor', 'admin'] as const) {
      const path = `/api/subscription/alerts/${alert.id}`;
      const edit = { condition: { kind: 'below', price: 1 }, armed: false, version: 1 };
      expect((await send(other, 'PUT', path, edit)).status).toBe(404);
      expect((await send(other, 'DELETE', path)).status).toBe(404);
      const read = `/api/subscription/notifications/${notice}/read`;
      expect((await send(other, 'POST', read)).status).toBe(404);
      expect((await send(other, 'POST', '/api/subscription/notifications/read')).status).toBe(200);
    }
    expect((await send('user', 'GET', '/api/subscription/alerts')).text).toBe(before.text);
    const noticesAfter = await send('user', 'GET', '/api/subscription/notifications');
    expect(noticesAfter.text).toBe(noticesBefore.text);
    expect((JSON.parse(noticesAfter.text) as NotificationsAnswer).unread).toBeGreaterThan(0);
  });

  it('versions an editor’s set over HTTP: a stale write is a 409 and loses nothing', async () => {
    const before = await permissionsOf(EMAIL.editor);
    const shariah = { ...empty, SHARIAH: { ...empty.SHARIAH, read: [ALL] } };
    const put = (permissionSet: PermissionSet, version: number) =>
      send('admin', 'PUT', '/api/admin/editorPermissions', {
        email: EMAIL.editor,
        permissionSet,
        version,
      });
    const first = await put(shariah, before.version);
    expect(first.status).toBe(200);
    expect(JSON.parse(first.text)).toMatchObject({
      version: before.version + 1,
      lastChange: { by: EMAIL.admin },
    });
    // A second admin still holding the old version.
    const stale = await put(USERS_READ, before.version);
    expect(stale.status).toBe(409);
    expect(JSON.parse(stale.text)).toEqual({
      message: expect.stringMatching(/changed by someone else.*reload/),
    });
    const after = await permissionsOf(EMAIL.editor);
    expect(after).toMatchObject({
      permissionSet: { accessLevels: shariah },
      version: before.version + 1,
      lastChange: { by: EMAIL.admin, at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) },
    });
    // The editor's own lookup (§7) sees the winner's set, shape unchanged.
    const own = await send('editor', 'POST', '/api/subscription/permissions', {
      email: EMAIL.editor,
    });
    expect(JSON.parse(own.text)).toEqual({ permissionSet: { accessLevels: shariah } });
    expect((await put(empty, after.version)).status).toBe(200);
  });

  it('gave the administrator-made editor a users record from the directory', async () => {
    const { status, text } = await send('usersEditor', 'POST', '/api/subscription/user', {
      email: EMAIL.usersEditor,
    });
    expect(status).toBe(200);
    const record = JSON.parse(text) as Record<string, unknown>;
    expect(record).toMatchObject({
      email: EMAIL.usersEditor,
      phoneNumber: USERS_EDITOR.phoneNumber,
      subscription: null,
      permissionSet: { accessLevels: USERS_READ },
    });
    expect(record.sub).toEqual(expect.any(String));
    // The admins' audit trail is not the editor's to read.
    expect(text).not.toContain(EMAIL.admin);
  });

  it('disables and re-enables a user through the local identity service', async () => {
    const enabledOf = async () => {
      const path = `/api/admin/listUsers?email=${encodeURIComponent(EMAIL.user)}`;
      const { text } = await send('admin', 'GET', path);
      return (JSON.parse(text) as UserList).Users.find((u) =>
        u.Attributes.some((a) => a.Name === 'email' && a.Value === EMAIL.user),
      )?.Enabled;
    };
    const toggle = (action: 'disableUser' | 'enableUser') =>
      send('admin', 'POST', `/api/admin/${action}`, { username: EMAIL.user });
    expect((await toggle('disableUser')).status).toBe(200);
    expect(await enabledOf()).toBe(false);
    expect((await toggle('enableUser')).status).toBe(200);
    expect(await enabledOf()).toBe(true);
  });
});

import type { Page } from 'playwright-core';
import type { PermissionSet } from '../../core/permissions';
import { DEMO_ACCOUNTS } from '../../infra/local/demo-accounts';
import { DEV_EXPIRE_PATH } from '../../infra/local/dev-identity';
import type { OutboxMessage } from '../../infra/local/outbox';

import { signIn } from '../support/sign-in';
import type { StackConfig } from '../support/accounts';

export {
  createAccount,
  newAccount,
  PASSWORD,
  stackConfig,
  uniqueEmail,
  uniquePhone,
  type NewAccount,
  type StackConfig,
} from '../support/accounts';
import { sharedStackInfo } from '../support/shared-stack-info';

/** The stack's outbox, read over HTTP (/dev/outbox). */
export const outboxAt = (url: string) => ({
  list: async () =>
    ((await (await fetch(`${url}/dev/outbox?format=json`)).json()) as { messages: OutboxMessage[] })
      .messages,
});

/**
 * An ID token for API calls made by the test itself (the SPA signs in through its screens): a
 * demo account signs in as the device the global setup remembered for it; any other answers the
 * code step from the outbox.
 */
export async function idTokenFor(
  url: string,
  config: StackConfig,
  email: string,
  password: string,
) {
  const target = {
    endpoint: config.identityEndpoint,
    userPoolId: config.userPoolId,
    clientId: config.userPoolClientId,
    outbox: outboxAt(url),
  };
  const deviceProof = sharedStackInfo().deviceProofs[email];
  return (await signIn(target, email, password, deviceProof ? { deviceProof } : {})).idToken;
}

export const demoAdmin = () => DEMO_ACCOUNTS.find((a) => a.group === 'admin')!;

/** Calls the AdminQueries API as the demo admin. */
export async function asDemoAdmin(
  url: string,
  config: StackConfig,
  method: string,
  path: string,
  body?: unknown,
) {
  const admin = demoAdmin();
  const token = await idTokenFor(url, config, admin.email, admin.password);
  const response = await fetch(`${url}/api/admin${path}`, {
    method,
    headers: { Authorization: token, 'Content-Type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<unknown>;
}

export async function setEditorPermissions(
  url: string,
  config: StackConfig,
  email: string,
  permissionSet: PermissionSet,
) {
  // A change names the version it edits (no lost updates): read it first, as the SPA does.
  const { version } = (await asDemoAdmin(
    url,
    config,
    'GET',
    `/editorPermissions?email=${encodeURIComponent(email)}`,
  )) as { version: number };
  await asDemoAdmin(url, config, 'PUT', '/editorPermissions', { email, permissionSet, version });
}

/**
 * The newest code sent on the channel to the address after `since` (waiting up to 10 s): the SMS
 * code of the login step, the e-mailed sign-up or reset code.
 */
export async function codeFromOutbox(
  url: string,
  { channel, to, since }: { channel: 'email' | 'sms'; to: string; since: string },
): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const messages = await outboxAt(url).list();
    const found = messages.find(
      (m) => m.channel === channel && m.to === to && m.at >= since && m.code,
    );
    if (found?.code) return found.code;
    if (Date.now() > deadline) throw new Error(`No ${channel} code for ${to} since ${since}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Fills and submits the login form. */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.getByRole('heading', { name: 'Log in to your account' }).waitFor();
  await page.getByLabel('Email address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

type Credentials = { readonly email: string; readonly password: string; readonly phone: string };

/** Enters a code on the 'Verification Code' step and submits it. */
export async function enterCode(page: Page, code: string) {
  await page.getByLabel('ENTER OTP').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** Opens /login, submits the password and waits for the code step; answers the SMS's code. */
export async function reachCodeStep(page: Page, url: string, account: Credentials) {
  await page.goto(`${url}/login`);
  const since = new Date().toISOString();
  await submitLogin(page, account.email, account.password);
  await page.getByRole('heading', { name: 'Verification Code' }).waitFor();
  return codeFromOutbox(url, { channel: 'sms', to: account.phone, since });
}

/**
 * Logs in through /login (with the SMS code when the step comes) and waits to land off /login.
 * `phone` tells which SMS to read; a remembered e-mail skips the step.
 */
export async function login(page: Page, url: string, account: Credentials) {
  await page.goto(`${url}/login`);
  const since = new Date().toISOString();
  await submitLogin(page, account.email, account.password);
  const otp = page.getByRole('heading', { name: 'Verification Code' });
  const left = page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 15_000 });
  const step = await Promise.race([
    otp.waitFor({ timeout: 15_000 }).then(() => 'otp' as const),
    left.then(() => 'done' as const),
  ]);
  if (step === 'otp') {
    await enterCode(page, await codeFromOutbox(url, { channel: 'sms', to: account.phone, since }));
    await left;
  }
  return step;
}

/** Ages the account's open sign-in and unused codes past their lifetimes (local developer control). */
export async function expireCodes(url: string, email: string): Promise<void> {
  const response = await fetch(`${url}${DEV_EXPIRE_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (!response.ok) throw new Error(`expire ${email}: ${response.status} ${await response.text()}`);
}

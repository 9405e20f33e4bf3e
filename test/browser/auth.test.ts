import { seriousAxeViolations } from './axe';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CODE_EXPIRED_TEXT,
  INVALID_CODE_TEXT,
  SESSION_EXPIRED_REQUEST_CODE_TEXT,
} from '../../core/auth-errors';
import {
  asDemoAdmin,
  codeFromOutbox,
  createAccount,
  enterCode,
  expireCodes,
  login,
  newAccount,
  reachCodeStep,
  stackConfig,
  submitLogin,
  type StackConfig,
} from './accounts';
import { launchChromium } from './chromium';
import { sharedStackUrl } from '../support/shared-stack-info';

/** SPEC §2/§4/§8 sign-in flows in Chromium against the shared local stack and its outbox. */
describe('sign-in flows', () => {
  const url = sharedStackUrl();
  let browser: Browser;
  let config: StackConfig;

  beforeAll(async () => {
    browser = await launchChromium();
    config = await stackConfig(url);
  });

  afterAll(async () => {
    await browser?.close();
  });

  const newPage = async (): Promise<Page> =>
    (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();

  const path = (page: Page) => new URL(page.url()).pathname;

  const logout = async (page: Page) => {
    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
  };

  it('registers, verifies the e-mailed code, proves the phone with the SMS code and is signed in; a remembered device skips the code', async () => {
    const account = newAccount('register');
    const page = await newPage();
    await page.goto(`${url}/register`);
    await page.getByRole('heading', { name: 'Create your free account' }).waitFor();
    const since = new Date().toISOString();
    await page.getByLabel('Email address', { exact: true }).fill(account.email);
    await page.getByLabel('Phone number').fill(account.phone);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Register' }).click();

    await page.getByRole('heading', { name: 'Verify your e-mail address' }).waitFor();
    expect(path(page)).toBe('/verify-code');
    const code = await codeFromOutbox(url, { channel: 'email', to: account.email, since });
    const signingIn = new Date().toISOString();
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();

    // Auto sign-in (§4) reaches the server's code step: a new device proves the phone first.
    await page.getByRole('heading', { name: 'Verification Code' }).waitFor({ timeout: 30_000 });
    expect(path(page)).toBe('/login');
    await enterCode(
      page,
      await codeFromOutbox(url, { channel: 'sms', to: account.phone, since: signingIn }),
    );
    // Then the guest-only screen sends a user to /dashboard/.
    await page.waitForURL((u) => u.pathname === '/dashboard/', { timeout: 30_000 });
    await page.getByText(`Welcome back, ${account.email}.`).waitFor();
    await page.getByText('No active subscription').waitFor();
    // The e-mailed code verified the e-mail: the profile says so at once.
    await page.goto(`${url}/profile`);
    const verified = page.getByText('Email verified').locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => verified.textContent()).toBe('Yes');

    // Remember me was on: the server registered this device, and the next login skips the code.
    await logout(page);
    expect(await login(page, url, account)).toBe('done');
    expect(path(page)).toBe('/dashboard/');

    // Another browser (no device proof) gets the code step whatever it says.
    const elsewhere = await newPage();
    expect(await login(elsewhere, url, account)).toBe('otp');
    await elsewhere.context().close();
    await page.context().close();
  });

  it('answers a wrong code with the §8 text, then accepts the right one', async () => {
    const account = newAccount('wrong-otp');
    await createAccount(config, account);
    const page = await newPage();
    const first = await reachCodeStep(page, url, account);
    await expect(page.getByLabel('ENTER OTP').getAttribute('maxlength')).resolves.toBe('4');
    await enterCode(page, first === '0000' ? '1111' : '0000');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Error');
    expect(await alert.textContent()).toContain(INVALID_CODE_TEXT);

    // The step asks again; the code of the SMS still holds.
    await enterCode(page, first);
    await page.waitForURL((u) => u.pathname === '/dashboard/');
    await page.context().close();
  });

  it('answers a code step that outlived its session with the §8 text; a new login works', async () => {
    const account = newAccount('expired-otp');
    await createAccount(config, account);
    const page = await newPage();
    const code = await reachCodeStep(page, url, account);
    await expireCodes(url, account.email);
    await enterCode(page, code);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.locator('.auth-alert-title').textContent()).toBe('Error');
    expect(await alert.locator('.auth-alert-message').textContent()).toBe(
      SESSION_EXPIRED_REQUEST_CODE_TEXT,
    );
    // Back at the password step: logging in again texts a new code, which works.
    await page.getByRole('heading', { name: 'Log in to your account' }).waitFor();
    expect(await login(page, url, account)).toBe('otp');
    expect(path(page)).toBe('/dashboard/');
    await page.context().close();
  });

  it('answers an expired e-mailed sign-up code with the §8 text; a resent code verifies', async () => {
    const account = newAccount('expired-signup');
    const since = new Date().toISOString();
    await createAccount(config, account, { confirmed: false });
    const first = await codeFromOutbox(url, { channel: 'email', to: account.email, since });
    await expireCodes(url, account.email);
    const page = await newPage();
    await page.goto(`${url}/login`);
    await submitLogin(page, account.email, account.password);
    await page.getByRole('heading', { name: 'Verify your e-mail address' }).waitFor();
    await page.getByLabel('Verification code').fill(first);
    await page.getByRole('button', { name: 'Verify' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.locator('.auth-alert-message').textContent()).toBe(CODE_EXPIRED_TEXT);

    const resent = new Date().toISOString();
    await page.getByRole('button', { name: 'Resend code' }).click();
    await page.getByText('A new code has been sent to your e-mail address.').waitFor();
    const second = await codeFromOutbox(url, {
      channel: 'email',
      to: account.email,
      since: resent,
    });
    await page.getByLabel('Verification code').fill(second);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByText('Your e-mail address is verified. Log in to continue.').waitFor();
    expect(await login(page, url, account)).toBe('otp');
    expect(path(page)).toBe('/dashboard/');
    await page.context().close();
  });

  it('resets a forgotten password with the e-mailed code, then logs in with the new one', async () => {
    const account = newAccount('forgot');
    await createAccount(config, account);
    const page = await newPage();
    await page.goto(`${url}/login`);
    await page.getByRole('link', { name: 'Forgot password' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    const since = new Date().toISOString();
    await page.getByLabel('Email address', { exact: true }).fill(account.email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    const code = await codeFromOutbox(url, { channel: 'email', to: account.email, since });
    const newPassword = 'Renewed#Pass2025';
    await page.getByLabel('Verification code').fill(code);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByText('Your password has been reset. Log in with your new password.').waitFor();

    await submitLogin(page, account.email, account.password);
    await expect(page.getByRole('alert').textContent()).resolves.toContain(
      'Incorrect username or password.',
    );
    expect(await login(page, url, { ...account, password: newPassword })).toBe('otp');
    expect(path(page)).toBe('/dashboard/');
    await page.context().close();
  });

  it('logs out: back on /login, the private pages ask to sign in again', async () => {
    const account = newAccount('logout');
    await createAccount(config, account);
    const page = await newPage();
    await login(page, url, account);
    await page.goto(`${url}/profile`);
    await page.getByRole('heading', { name: 'Your profile' }).waitFor();
    await page.getByText(account.phone).waitFor();
    await logout(page);
    await page.goto(`${url}/profile`);
    await page.getByRole('heading', { name: 'Sign in required' }).waitFor();
    await page.context().close();
  });

  it('refreshes the tokens once they have expired: an hour and a half later the profile still loads', async () => {
    const account = newAccount('refresh');
    await createAccount(config, account);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.clock.install();
    const page = await context.newPage();
    await login(page, url, account);
    const refreshes: string[] = [];
    page.on('request', (request) => {
      const target = request.headers()['x-amz-target'] ?? '';
      if (target.endsWith('.GetTokensFromRefreshToken')) refreshes.push(target);
    });
    // ID and access tokens last an hour (core/identity.ts): the browser's clock moves past that.
    await page.clock.fastForward('01:30:00');
    await page.goto(`${url}/profile`);
    await page.getByRole('heading', { name: 'Your profile' }).waitFor();
    await page.getByText(account.phone).waitFor();
    expect(refreshes.length).toBeGreaterThan(0);
    await context.close();
  });

  it('retries the identity service per §7: a 503 and a dropped connection, then the login goes through', async () => {
    const account = newAccount('retry');
    await createAccount(config, account);
    const page = await newPage();
    const attempts: string[] = [];
    // The first two password steps fail as a flaky network would; the third reaches the service.
    await page.route(`${config.identityEndpoint}/**`, async (route) => {
      const target = route.request().headers()['x-amz-target'] ?? '';
      if (!target.endsWith('.InitiateAuth')) return route.continue();
      attempts.push(target);
      if (attempts.length === 1) {
        return route.fulfill({
          status: 503,
          contentType: 'application/x-amz-json-1.1',
          body: JSON.stringify({ __type: 'ServiceUnavailableException', message: 'Try again' }),
        });
      }
      if (attempts.length === 2) return route.abort('connectionreset');
      return route.continue();
    });
    expect(await login(page, url, account)).toBe('otp');
    expect(path(page)).toBe('/dashboard/');
    expect(attempts).toHaveLength(3);
    await page.context().close();
  });

  it('signs out of all devices: the other browser is signed out on its next visit', async () => {
    const account = newAccount('everywhere');
    await createAccount(config, account);
    const here = await newPage();
    const there = await newPage();
    await login(here, url, account);
    await login(there, url, account);
    await here.goto(`${url}/profile`);
    await here.getByRole('button', { name: 'Sign out of all devices' }).click();
    await here.waitForURL((u) => u.pathname === '/login');

    // The other browser still holds unexpired tokens; the service refuses them, so it ends too.
    await there.goto(`${url}/profile`);
    await there.getByRole('heading', { name: 'Sign in required' }).waitFor();
    await there.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
    await here.context().close();
    await there.context().close();
  });

  it("meets 'There is already a signed in user.' in a second tab and continues with that session", async () => {
    const account = newAccount('two-tabs');
    await createAccount(config, account);
    const first = await newPage();
    await first.goto(`${url}/login`);
    await first.getByRole('heading', { name: 'Log in to your account' }).waitFor();
    const second = await first.context().newPage();
    await login(second, url, account);

    await submitLogin(first, account.email, account.password);
    const alert = first.getByRole('alert');
    await alert.waitFor();
    expect(await alert.locator('.auth-alert-message').textContent()).toBe(
      'There is already a signed in user.',
    );
    await first.getByRole('button', { name: 'Continue to your account' }).click();
    await first.waitForURL((u) => u.pathname === '/dashboard/');
    await first.getByText(`Welcome back, ${account.email}.`).waitFor();
    await first.context().close();
  });

  it('refuses a disabled account', async () => {
    const account = newAccount('disabled');
    await createAccount(config, account);
    await asDemoAdmin(url, config, 'POST', '/disableUser', { username: account.email });
    const page = await newPage();
    await page.goto(`${url}/login`);
    await submitLogin(page, account.email, account.password);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('User is disabled.');
    expect(path(page)).toBe('/login');
    await page.context().close();
  });

  it('sends an unconfirmed account to /verify-code carrying the e-mail', async () => {
    const account = newAccount('unconfirmed');
    await createAccount(config, account, { confirmed: false });
    const page = await newPage();
    await page.goto(`${url}/login`);
    await submitLogin(page, account.email, account.password);
    await page.getByRole('heading', { name: 'Verify your e-mail address' }).waitFor();
    expect(path(page)).toBe('/verify-code');
    await page.getByText(account.email).waitFor();
    await page.context().close();
  });

  it("signs a non-admin out again when the login started on an admin page: 'Access denied'", async () => {
    const account = newAccount('admin-path');
    await createAccount(config, account);
    const page = await newPage();
    await page.goto(`${url}/admin/settings/users`);
    await page.getByRole('heading', { name: 'Sign in required' }).waitFor();
    await page.getByRole('link', { name: 'Log in' }).click();
    const since = new Date().toISOString();
    await submitLogin(page, account.email, account.password);
    await page.getByRole('heading', { name: 'Verification Code' }).waitFor();
    await enterCode(page, await codeFromOutbox(url, { channel: 'sms', to: account.phone, since }));
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Access denied');
    expect(path(page)).toBe('/login');
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
    await page.context().close();
  });

  it.each(['/login', '/register', '/verify-code', '/forget-password'])(
    'has no serious or critical axe violations on %s',
    async (route) => {
      const page = await newPage();
      await page.goto(`${url}${route}`);
      await page.locator('main h1').first().waitFor();
      // Errors shown too: submit the empty form.
      await page.locator('main form button[type="submit"]').click();
      await page.locator('.field-error').first().waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.context().close();
    },
  );
});

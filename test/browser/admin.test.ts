import { seriousAxeViolations } from './axe';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL, emptyPermissionSet } from '../../core/permissions';
import {
  createAccount,
  login,
  newAccount,
  setEditorPermissions,
  stackConfig,
  submitLogin,
  type NewAccount,
  type StackConfig,
} from './accounts';
import { launchChromium } from './chromium';
import { sharedStackUrl } from '../support/shared-stack-info';

/**
 * The admin screens in Chromium against the shared local stack: an admin manages an
 * editor's permission set and the users' sign-in, and the server's answers follow (SPEC §3, §4, §6).
 */
describe('admin: editors and users', () => {
  const url = sharedStackUrl();
  let browser: Browser;
  let config: StackConfig;
  let admin: NewAccount;

  beforeAll(async () => {
    browser = await launchChromium();
    config = await stackConfig(url);
    admin = newAccount('admin-ui');
    await createAccount(config, admin, { group: 'admin' });
  });

  afterAll(async () => {
    await browser?.close();
  });

  const newPage = async (): Promise<Page> =>
    (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const path = (page: Page) => new URL(page.url()).pathname;

  it('grants an editor Shariah read on the editors screen; the editor then opens that area', async () => {
    const editor = newAccount('editor-ui');
    await createAccount(config, editor, { group: 'editor' });
    const editorPage = await newPage();
    await login(editorPage, url, editor);
    await editorPage.goto(`${url}/admin/settings/shariah`);
    await editorPage.waitForURL((u) => u.pathname === '/401');

    const adminPage = await newPage();
    await login(adminPage, url, admin);
    expect(path(adminPage)).toBe('/admin/dashboard/');
    await adminPage.goto(`${url}/admin/settings/editors`);
    await adminPage.getByRole('link', { name: `Permissions of ${editor.email}` }).click();
    await adminPage.getByRole('heading', { name: `Permissions of ${editor.email}` }).waitFor();
    await adminPage.getByRole('checkbox', { name: 'Shariah: Read' }).check();
    expect(await seriousAxeViolations(adminPage)).toEqual([]);
    await adminPage.getByRole('button', { name: 'Save' }).click();
    await adminPage.getByText(`The permission set of ${editor.email} was saved.`).waitFor();
    await adminPage.getByText(new RegExp(`Last changed by ${admin.email}`)).waitFor();

    // The editor's next visit loads the new set: the Shariah area opens, Users stays closed.
    await editorPage.goto(`${url}/admin/settings/shariah`);
    await editorPage.getByRole('heading', { name: 'Shariah', exact: true }).waitFor();
    expect(path(editorPage)).toBe('/admin/settings/shariah');
    await editorPage.goto(`${url}/admin/settings/users`);
    await editorPage.waitForURL((u) => u.pathname === '/401');
    await adminPage.context().close();
    await editorPage.context().close();
  });

  it('disables an account on the users screen; that account can no longer sign in', async () => {
    const member = newAccount('to-disable');
    await createAccount(config, member);
    const adminPage = await newPage();
    await login(adminPage, url, admin);
    await adminPage.goto(`${url}/admin/settings/users`);
    await adminPage.getByLabel('Filter by e-mail').fill(member.email);
    const disable = adminPage.getByRole('button', { name: `Disable ${member.email}` });
    await disable.click();
    await adminPage.getByRole('button', { name: 'Disable account' }).click();
    await adminPage.getByText('The account was disabled.').waitFor();
    await adminPage.getByRole('button', { name: `Enable ${member.email}` }).waitFor();
    expect(await seriousAxeViolations(adminPage)).toEqual([]);

    const memberPage = await newPage();
    await memberPage.goto(`${url}/login`);
    await submitLogin(memberPage, member.email, member.password);
    const alert = memberPage.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('User is disabled.');

    // Enabled again, the account signs in.
    await adminPage.getByRole('button', { name: `Enable ${member.email}` }).click();
    await adminPage.getByText('The account was enabled.').waitFor();
    expect(await login(memberPage, url, member)).toBe('otp');
    expect(path(memberPage)).toBe('/dashboard/');
    await adminPage.context().close();
    await memberPage.context().close();
  });

  it('shows an editor with USERS read the users list without Enable or Disable', async () => {
    const editor = newAccount('users-reader');
    await createAccount(config, editor, { group: 'editor' });
    const set = emptyPermissionSet();
    await setEditorPermissions(url, config, editor.email, {
      ...set,
      USERS: { ...set.USERS, read: [ALL] },
    });
    const page = await newPage();
    await login(page, url, editor);
    await page.goto(`${url}/admin/settings/users`);
    await page.getByLabel('Filter by e-mail').fill(editor.email);
    await page.getByRole('rowheader', { name: editor.email }).waitFor();
    expect(await page.getByRole('button', { name: /^(Disable|Enable) / }).count()).toBe(0);
    await page.context().close();
  });
});

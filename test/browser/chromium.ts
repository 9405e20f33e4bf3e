import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

/**
 * Debian's Chromium; Playwright's own browser download is unavailable. Its headless shell
 * (`apt-get install chromium-headless-shell`, the same engine Playwright runs headless by default)
 * starts and closes about three times faster than the full browser in headless mode (about 1 s
 * against 4 s here), once per browser test file; the full browser is the fallback.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/** The full browser (`apt-get install chromium`): what Lighthouse drives, as its users run it. */
export const FULL_CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM_PATH);
/** The full browser needs its headless mode asked for; the shell has no other. */
const HEADLESS_ARGS = basename(CHROMIUM_PATH) === basename(HEADLESS_SHELL) ? [] : ['--headless'];

/** Headless Chromium with the flags this machine needs (no sandbox as root, no background traffic). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      ...HEADLESS_ARGS,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * One Chromium for a test file (launched before its tests, closed after them) and a fresh context
 * per page, so tests share no cookies or storage.
 */
export function chromiumForFile(viewport = { width: 1280, height: 900 }) {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    newPage: async (): Promise<Page> => {
      if (!browser) throw new Error('Chromium is not running: call newPage inside a test');
      return (await browser.newContext({ viewport })).newPage();
    },
  };
}

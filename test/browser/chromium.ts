import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

/** Debian's Chromium (`apt-get install chromium`); Playwright's own browser download is unavailable. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless Chromium with the flags this machine needs (no sandbox as root, no background traffic). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
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

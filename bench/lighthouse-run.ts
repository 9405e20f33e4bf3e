import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { FULL_CHROMIUM_PATH } from '../test/browser/chromium';

/**
 * One Lighthouse mobile run (simulated throttling, as its default) in a fresh headless Chromium:
 * the full result, for the bench's scores and the A/B tool's metrics. `trustSpki` is the local
 * edge's certificate (infra/local/edge.ts), the one certificate this browser accepts unsigned.
 */
export async function runLighthouse(
  url: string,
  categories: readonly string[] = ['performance', 'accessibility'],
  trustSpki?: string,
): Promise<Result> {
  const chrome = await chromeLauncher.launch({
    chromePath: FULL_CHROMIUM_PATH,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...(trustSpki ? [`--ignore-certificate-errors-spki-list=${trustSpki}`] : []),
    ],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...categories],
      formFactor: 'mobile',
    });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

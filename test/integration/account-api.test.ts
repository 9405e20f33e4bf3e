import { beforeAll, describe, expect, it } from 'vitest';
import { formatDeviceProof, newDeviceProof } from '../../core/device-proof';
import { ensureDemoAccount, identityClient } from '../../infra/local/identity/bootstrap';
import { PASSWORD, uniqueEmail, uniquePhone } from '../support/accounts';
import { sharedStack } from '../support/shared-stack';
import { codeTexted, signIn } from '../support/sign-in';

/** Accounts of the file's own (made as an administrator makes them), unique e-mails and phones. */
const ACCOUNT = { email: uniqueEmail('mover'), password: PASSWORD, phoneNumber: uniquePhone() };
/** A number whose last four digits (all a masked number shows) differ from the old one's. */
const NEW_NUMBER = (() => {
  for (;;) {
    const number = uniquePhone();
    if (number.slice(-4) !== ACCOUNT.phoneNumber.slice(-4)) return number;
  }
})();
/** A second account: each test stays within the send cap of 5 codes per 15 minutes per user. */
const LEAVER = { email: uniqueEmail('leaver'), password: PASSWORD, phoneNumber: uniquePhone() };
/** A third, for the profile's settings. */
const CHOOSER = { email: uniqueEmail('chooser'), password: PASSWORD, phoneNumber: uniquePhone() };
const masked = (phone: string) => `+*******${phone.slice(-4)}`;

/**
 * The account API over HTTP on the shared local stack: a phone change texts the new number and
 * moves the sign-in codes only once that code is entered; sign-out everywhere voids every token
 * and every remembered device at once.
 */
describe('account API (local stack)', () => {
  const stack = sharedStack();
  const target = stack.target;

  beforeAll(async () => {
    const identity = identityClient(stack.endpoints.identity);
    await ensureDemoAccount(identity, stack.pool.userPoolId, ACCOUNT);
    await ensureDemoAccount(identity, stack.pool.userPoolId, LEAVER);
    await ensureDemoAccount(identity, stack.pool.userPoolId, CHOOSER);
    identity.destroy();
  });

  const post = async (token: string, path: string, body: unknown, method = 'POST') => {
    const response = await fetch(`${stack.url}/api/account${path}`, {
      method,
      headers: { Authorization: token, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  /** Where the code of a sign-in went: the masked number its challenge named. */
  const codeGoesTo = async () => {
    let masked = '';
    await signIn(target, ACCOUNT.email, ACCOUNT.password, {
      answer: () => '',
      onChallenge: (parameters) => (masked = parameters.phone ?? ''),
    }).catch(() => undefined);
    return masked;
  };

  it('moves the sign-in codes to a new number only once its code is entered', async () => {
    const { idToken } = await signIn(target, ACCOUNT.email, ACCOUNT.password);
    const since = Date.now();
    const started = await post(idToken, '/phone', { phoneNumber: NEW_NUMBER });
    expect(started).toMatchObject({ status: 200, body: { phone: masked(NEW_NUMBER) } });
    // Not yet verified: sign-in codes still go to the old number.
    expect(await codeGoesTo()).toBe(masked(ACCOUNT.phoneNumber));
    const code = await codeTexted(stack.outbox, masked(NEW_NUMBER), since);
    expect(
      (await post(idToken, '/phone/verify', { code: code === '0000' ? '1111' : '0000' })).status,
    ).toBe(400);
    expect(await post(idToken, '/phone/verify', { code })).toEqual({
      status: 200,
      body: { phoneNumber: NEW_NUMBER },
    });
    expect(await codeGoesTo()).toBe(masked(NEW_NUMBER));
  });

  it('signs out everywhere: older tokens get 401 at every API, and remembered devices prove nothing', async () => {
    const proof = formatDeviceProof(newDeviceProof());
    const first = await signIn(target, LEAVER.email, LEAVER.password, { rememberDevice: proof });
    const second = await signIn(target, LEAVER.email, LEAVER.password, { deviceProof: proof });
    const user = (token: string) =>
      fetch(`${stack.url}/api/subscription/user`, {
        method: 'POST',
        headers: { Authorization: token, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: LEAVER.email }),
      });
    expect((await user(first.idToken)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // a second after the tokens' iat
    expect((await post(second.idToken, '/sign-out', { scope: 'everywhere' })).status).toBe(200);
    for (const token of [first.idToken, second.idToken]) {
      expect((await user(token)).status).toBe(401);
      expect((await post(token, '/phone', { phoneNumber: NEW_NUMBER })).status).toBe(401);
    }
    // Tokens carry whole seconds: one issued in the sign-out's own second counts as before it.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    // The remembered device must answer the code again.
    let asked = false;
    const again = await signIn(target, LEAVER.email, LEAVER.password, {
      deviceProof: proof,
      onChallenge: () => (asked = true),
    });
    expect(asked).toBe(true);
    expect((await user(again.idToken)).status).toBe(200);
  });

  it('keeps the Shariah standard the user chooses on their record, the default until then', async () => {
    const { idToken } = await signIn(target, CHOOSER.email, CHOOSER.password);
    const stored = async () => {
      const response = await fetch(`${stack.url}/api/subscription/user`, {
        method: 'POST',
        headers: { Authorization: idToken, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: CHOOSER.email }),
      });
      return ((await response.json()) as { shariahStandard?: string }).shariahStandard;
    };
    const choose = (token: string, body: unknown) => post(token, '/preferences', body, 'PUT');
    expect(await stored()).toBeUndefined();
    expect(await choose(idToken, { shariahStandard: 'msci' })).toEqual({
      status: 200,
      body: { shariahStandard: 'msci', verdictAlerts: true },
    });
    expect(await stored()).toBe('msci');
    const unknown = await choose(idToken, { shariahStandard: 'hanafi' });
    expect(unknown.status).toBe(400);
    expect(String(unknown.body.message)).toMatch(/^shariahStandard: must be one of aaoifi, sp/);
    expect((await choose(idToken, {})).status).toBe(400);
    expect((await choose('', { shariahStandard: 'sp' })).status).toBe(401);
    expect(await stored()).toBe('msci');
  });
});

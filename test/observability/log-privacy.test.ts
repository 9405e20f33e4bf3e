import { randomBytes } from 'node:crypto';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryStores } from '../../lambdas/auth-triggers/testing/memory-stores';
import {
  createEvent,
  defineEvent,
  passwordOk,
  postConfirmationEvent,
  srpA,
  USER_ATTRIBUTES,
  verifyEvent,
} from '../../lambdas/auth-triggers/testing/trigger-event-fixtures';
import {
  asDeployed,
  lambdaContext,
  type LambdaOutput,
} from '../../lambdas/shared/testing/lambda-output';

/**
 * Log lines reach CloudWatch Logs, which operators and support read: no e-mail, phone number,
 * code, token or password may be in them, whatever the handlers log and however they fail. The
 * triggers and an API run here as deployed (Powertools' Lambda output, event logging switched on
 * as an operator would for debugging) on inputs full of such values.
 */
const EMAIL = USER_ATTRIBUTES.email; // 'Ann@Example.com'
const PHONE = USER_ATTRIBUTES.phone_number; // '+15551234567'
const PASSWORD = 'Demo#User2025';
const TOKEN = 'eyJraWQiOiJrMSJ9.eyJzdWIiOiJhbm4ifQ.c2lnbmF0dXJl';

let restore = () => {};
afterEach(() => restore());

async function deployed() {
  const loaded = await asDeployed(
    async () => ({
      ...(await import('../../lambdas/shared/observability/instrument')),
      ...(await import('../../lambdas/auth-triggers/create-auth-challenge')),
      ...(await import('../../lambdas/auth-triggers/define-auth-challenge')),
      ...(await import('../../lambdas/auth-triggers/verify-auth-challenge-response')),
      ...(await import('../../lambdas/auth-triggers/post-confirmation')),
      ...(await import('../../lambdas/shared/dispatch')),
    }),
    { POWERTOOLS_LOGGER_LOG_EVENT: 'true' },
  );
  restore = loaded.restore;
  return loaded;
}

/** The captured lines without the fields whose digits could look like a code by chance. */
function logged(output: LambdaOutput): string {
  expect(output.lines.length).toBeGreaterThan(0);
  return JSON.stringify(output.json(), (key, value: unknown) =>
    ['timestamp', 'stack', 'location'].includes(key) ? undefined : value,
  );
}

function expectNoPersonalData(text: string, code?: string) {
  for (const secret of [EMAIL, EMAIL.toLowerCase(), PHONE, PHONE.slice(1), PASSWORD, TOKEN]) {
    expect(text).not.toContain(secret);
  }
  if (code) expect(text).not.toMatch(new RegExp(`\\b${code}\\b`));
}

describe('log lines carry no personal data, codes or secrets', () => {
  it('create-auth-challenge: an SMS failure that echoes the number and the text', async () => {
    const { modules, output } = await deployed();
    let code = '';
    const create = modules.createChallenge({
      sms: {
        async send(to, text) {
          code = /\d{4}/.exec(text)![0];
          throw new Error(`Invalid parameter: PhoneNumber ${to}, Message "${text}" for ${EMAIL}`);
        },
      },
      sealKey: async () => randomBytes(32),
      stores: memoryStores(),
    });
    const handler = modules.instrumented(create);
    await expect(handler(createEvent([srpA, passwordOk]), lambdaContext())).rejects.toThrow();
    expect(code).toMatch(/^\d{4}$/);
    const text = logged(output);
    expect(text).toContain('Invocation failed');
    expectNoPersonalData(text, code);
  });

  it('define, verify and post-confirmation: events with the attributes, the answer and a device', async () => {
    const { modules, output } = await deployed();
    const stores = memoryStores();
    const define = modules.instrumented(modules.defineChallenge({ stores }));
    const verify = modules.instrumented(modules.verifyChallengeResponse({ stores }));
    const confirm = modules.instrumented(modules.recordConfirmedUser(stores.users));
    await define(
      defineEvent([srpA, passwordOk], { password: PASSWORD, token: TOKEN }),
      lambdaContext(),
    );
    await verify(
      verifyEvent('4821', { answer: '4821', expiresAt: String(Date.now() + 60_000), phone: PHONE }),
      lambdaContext(),
    );
    await confirm(postConfirmationEvent('PostConfirmation_ConfirmSignUp'), lambdaContext());
    const text = logged(output);
    // Each invocation logged its event (the switch is on), with the secrets taken out.
    expect(text.match(/Lambda invocation event/g)).toHaveLength(3);
    expectNoPersonalData(text, '4821');
  });

  it('an API: the caller’s token, claims and body, and an unexpected error naming the user', async () => {
    const { modules, output } = await deployed();
    const api = modules.createApiHandler([{ method: 'POST', resource: '/phone', auth: 'none' }], {
      'POST /phone': async () => {
        throw new Error(`User ${EMAIL} has no phone ${PHONE}`);
      },
    });
    const handler = modules.instrumented(api);
    const event = {
      httpMethod: 'POST',
      resource: '/phone',
      path: '/phone',
      headers: { Authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ phoneNumber: PHONE, code: '7391', password: PASSWORD }),
      isBase64Encoded: false,
      requestContext: { authorizer: { claims: { email: EMAIL, phone_number: PHONE } } },
    } as unknown as APIGatewayProxyEvent;
    const response = await handler(event, lambdaContext());
    expect(response.statusCode).toBe(500);
    const text = logged(output);
    expect(text).toContain('Unhandled error');
    expectNoPersonalData(text, '7391');
  });
});

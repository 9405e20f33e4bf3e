import { describe, expect, it } from 'vitest';
import { DEVICE_PROOF, formatDeviceProof, newDeviceProof } from '../../core/device-proof';
import { decide, defineChallenge, signInOutcome } from './define-auth-challenge';
import { registrationOf } from './device-check';
import { memoryStores } from './testing/memory-stores';
import {
  codeStep,
  defineEvent,
  passwordOk,
  passwordWrong,
  srpA,
  USER_ATTRIBUTES,
  type Step,
} from './testing/trigger-event-fixtures';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const sub = USER_ATTRIBUTES.sub;

function setup() {
  const stores = memoryStores();
  const handler = defineChallenge({ stores, now: () => NOW });
  const next = async (session: Step[], metadata?: Record<string, string>) =>
    (await handler(defineEvent(session, metadata))).response;
  return { stores, next };
}

/** A device registered for the user `at`, and the metadata presenting its proof. */
async function rememberedDevice(stores: ReturnType<typeof memoryStores>, at = NOW - 60_000) {
  const proof = newDeviceProof();
  await stores.devices.remember(sub, registrationOf(proof, at), DEVICE_PROOF.maxPerUser);
  return { proof, metadata: { [DEVICE_PROOF.presentKey]: formatDeviceProof(proof) } };
}

describe('define auth challenge: the server decides the code step (SPEC §4, CUSTOM_WITH_SRP)', () => {
  it('answers the opening SRP_A with the password step, whatever the metadata', async () => {
    const { next } = setup();
    expect(await next([srpA])).toMatchObject({
      challengeName: 'PASSWORD_VERIFIER',
      issueTokens: false,
      failAuthentication: false,
    });
  });

  it('asks for the code after the password whatever the client says, without a device proof', async () => {
    const { next } = setup();
    // A client's flag (otp=false) and anything else a client might send skip nothing.
    const claims: (Record<string, string> | undefined)[] = [
      undefined,
      {},
      { otp: 'false' },
      { otp: 'true' },
      { [DEVICE_PROOF.presentKey]: 'true' },
      { [DEVICE_PROOF.presentKey]: formatDeviceProof(newDeviceProof()) },
    ];
    for (const metadata of claims) {
      expect(await next([srpA, passwordOk], metadata)).toMatchObject({
        challengeName: 'CUSTOM_CHALLENGE',
        issueTokens: false,
        failAuthentication: false,
      });
    }
  });

  it('issues tokens without the code for a device that completed it for this user', async () => {
    const { stores, next } = setup();
    const { metadata } = await rememberedDevice(stores);
    expect(await next([srpA, passwordOk], metadata)).toMatchObject({
      issueTokens: true,
      failAuthentication: false,
    });
  });

  it('refuses a proof with a wrong secret, of another user, expired, or older than a sign-out everywhere', async () => {
    const wrongSecret = setup();
    const { proof } = await rememberedDevice(wrongSecret.stores);
    const forged = formatDeviceProof({ id: proof.id, secret: newDeviceProof().secret });
    expect(
      await wrongSecret.next([srpA, passwordOk], { [DEVICE_PROOF.presentKey]: forged }),
    ).toMatchObject({ challengeName: 'CUSTOM_CHALLENGE' });

    const otherUser = setup();
    const stranger = newDeviceProof();
    await otherUser.stores.devices.remember('someone-else', registrationOf(stranger, NOW), 10);
    const strangerProof = { [DEVICE_PROOF.presentKey]: formatDeviceProof(stranger) };
    expect(await otherUser.next([srpA, passwordOk], strangerProof)).toMatchObject({
      challengeName: 'CUSTOM_CHALLENGE',
    });

    const expired = setup();
    const old = await rememberedDevice(expired.stores, NOW - DEVICE_PROOF.lifetimeMs - 1);
    expect(await expired.next([srpA, passwordOk], old.metadata)).toMatchObject({
      challengeName: 'CUSTOM_CHALLENGE',
    });

    const signedOut = setup();
    const device = await rememberedDevice(signedOut.stores, NOW - 120_000);
    await signedOut.stores.revocations.revokeAllBefore(sub, NOW - 60_000);
    expect(await signedOut.next([srpA, passwordOk], device.metadata)).toMatchObject({
      challengeName: 'CUSTOM_CHALLENGE',
    });
  });

  it('issues tokens after a right code, asks again after a wrong one, fails at the third', async () => {
    const { next } = setup();
    expect(await next([srpA, passwordOk, codeStep(true)])).toMatchObject({ issueTokens: true });
    expect(await next([srpA, passwordOk, codeStep(false)])).toMatchObject({
      challengeName: 'CUSTOM_CHALLENGE',
    });
    expect(await next([srpA, passwordOk, codeStep(false), codeStep(true)])).toMatchObject({
      issueTokens: true,
    });
    const third = await next([srpA, passwordOk, codeStep(false), codeStep(false), codeStep(false)]);
    expect(third).toMatchObject({ issueTokens: false, failAuthentication: true });
  });

  it.each<[string, Step[]]>([
    ['an empty session (CUSTOM_WITHOUT_SRP: no password proof)', []],
    ['a failed SRP_A', [{ ...srpA, challengeResult: false }]],
    ['a wrong password', [srpA, passwordWrong]],
    ['a code without a password', [codeStep(true)]],
    ['a code step in place of the password', [srpA, codeStep(true)]],
    ['a foreign step among the codes', [srpA, passwordOk, codeStep(false), passwordOk]],
  ])('fails %s, even with a proven device', async (_, session) => {
    const { stores, next } = setup();
    const { metadata } = await rememberedDevice(stores);
    expect(await next(session, metadata)).toMatchObject({
      issueTokens: false,
      failAuthentication: true,
    });
  });

  it('decides without the event too (no session at all fails)', () => {
    expect(decide(undefined, true)).toEqual({ issueTokens: false, failAuthentication: true });
  });
});

describe('sign-in outcome (the SignIn metric)', () => {
  it('is a success when tokens are issued, a failure when the sign-in fails, else open', () => {
    expect(signInOutcome(decide([srpA, passwordOk, codeStep(true)], false))).toBe('success');
    expect(signInOutcome(decide([srpA, passwordOk], true))).toBe('success');
    expect(signInOutcome(decide([srpA, passwordWrong], false))).toBe('failure');
    const threeWrong = [codeStep(false), codeStep(false), codeStep(false)];
    expect(signInOutcome(decide([srpA, passwordOk, ...threeWrong], false))).toBe('failure');
    expect(signInOutcome(decide([srpA, passwordOk], false))).toBeUndefined();
    expect(signInOutcome(decide([srpA], false))).toBeUndefined();
  });
});

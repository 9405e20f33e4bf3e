import { randomBytes } from 'node:crypto';
// An independent client implementation: the SRP helper of Cognito's own JavaScript SDK.
import AuthenticationHelper from 'amazon-cognito-identity-js/lib/AuthenticationHelper';
import BigInteger from 'amazon-cognito-identity-js/lib/BigInteger';
import { describe, expect, it } from 'vitest';
import {
  claimSignature,
  N,
  padHex,
  passwordExponent,
  randomSaltHex,
  serverKey,
  signaturesMatch,
  startServerSession,
} from './srp-math';

interface Helper {
  getLargeAValue(cb: (err: unknown, A: { toString(radix: number): string }) => void): void;
  getPasswordAuthenticationKey(
    username: string,
    password: string,
    B: unknown,
    salt: unknown,
    cb: (err: unknown, key: Buffer) => void,
  ): void;
}

const poolName = 'AbCdEf123';
const userId = '3391ad00-84b3-4adb-88bb-6568ec8d1083';

async function clientKey(password: string, B: bigint, saltHex: string) {
  const helper = new (AuthenticationHelper as unknown as new (pool: string) => Helper)(poolName);
  const A = await new Promise<bigint>((resolve, reject) =>
    helper.getLargeAValue((err, value) =>
      err ? reject(err) : resolve(BigInt(`0x${value.toString(16)}`)),
    ),
  );
  const Big = BigInteger as unknown as new (hex: string, radix: number) => unknown;
  const key = await new Promise<Buffer>((resolve, reject) =>
    helper.getPasswordAuthenticationKey(
      userId,
      password,
      new Big(B.toString(16), 16),
      new Big(saltHex, 16),
      (err, k) => (err ? reject(err) : resolve(k)),
    ),
  );
  return { A, key };
}

describe("Cognito SRP (server side) against Cognito's client SDK", () => {
  it('pads hex the way Cognito does', () => {
    expect(padHex(0x14n)).toBe('14');
    expect(padHex(0xecn)).toBe('00ec');
    expect(padHex(0xabcn)).toBe('0abc');
    expect(padHex(N).length).toBe(770);
  });

  it('derives the same key and accepts the client signature for the right password', async () => {
    const salt = randomSaltHex();
    const session = startServerSession(
      passwordExponent(poolName, userId, 'Demo#User2025', salt),
      salt,
    );
    const { A, key } = await clientKey('Demo#User2025', session.B, salt);
    const server = serverKey(session, A);
    expect(server?.equals(key)).toBe(true);

    const secretBlock = randomBytes(32).toString('base64');
    const timestamp = 'Sun Nov 22 14:20:05 UTC 2026';
    const clientSignature = claimSignature(key, poolName, userId, secretBlock, timestamp).toString(
      'base64',
    );
    expect(
      signaturesMatch(
        claimSignature(server!, poolName, userId, secretBlock, timestamp),
        clientSignature,
      ),
    ).toBe(true);
  });

  it('rejects a client that used the wrong password', async () => {
    const salt = randomSaltHex();
    const session = startServerSession(
      passwordExponent(poolName, userId, 'Demo#User2025', salt),
      salt,
    );
    const { A, key } = await clientKey('Wrong#Pass2025', session.B, salt);
    const server = serverKey(session, A)!;
    const sig = claimSignature(key, poolName, userId, 'AAAA', 't').toString('base64');
    expect(signaturesMatch(claimSignature(server, poolName, userId, 'AAAA', 't'), sig)).toBe(false);
  });

  it('refuses A ≡ 0 (mod N), which would fix the key', () => {
    const salt = randomSaltHex();
    const session = startServerSession(1n, salt);
    expect(serverKey(session, 0n)).toBeUndefined();
    expect(serverKey(session, N)).toBeUndefined();
    expect(serverKey(session, 2n * N)).toBeUndefined();
  });
});

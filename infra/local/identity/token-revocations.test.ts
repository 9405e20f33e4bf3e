import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TokenRevocations } from './token-revocations';

/** An unsigned token with the claims the ledger reads (it never checks signatures itself). */
const token = (claims: Record<string, unknown>) =>
  `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function ledger(now: { ms: number }) {
  dir ||= await mkdtemp(join(tmpdir(), 'revocations-'));
  return TokenRevocations.open(join(dir, 'sub', 'tokens.json'), () => now.ms);
}

describe('token revocations', () => {
  const t0 = Date.UTC(2026, 0, 2, 3, 4, 5, 100);
  const exp = Math.floor(t0 / 1000) + 3600;
  const claims = (jti: string, ms: number) => ({
    jti,
    username: 'ann',
    iat: Math.floor(ms / 1000),
    exp,
  });

  it('revokes what a user held at a global sign-out, not what they get right after', async () => {
    const now = { ms: t0 };
    const revocations = await ledger(now);
    revocations.recordIssued(token(claims('before', t0)), 'refresh-1');
    now.ms = t0 + 200;
    await revocations.revokeUser('ann');
    now.ms = t0 + 400; // same second as the sign-out
    revocations.recordIssued(token(claims('after', now.ms)), 'refresh-2');
    expect(revocations.isRevoked(claims('before', t0))).toBe(true);
    expect(revocations.isRevoked(claims('after', t0 + 400))).toBe(false);
    expect(revocations.isRevoked({ ...claims('bob', t0), username: 'bob' })).toBe(false);
  });

  it('revokes the access tokens minted from a revoked refresh token only', async () => {
    const now = { ms: t0 };
    const revocations = await ledger(now);
    revocations.recordIssued(token(claims('a1', t0)), 'refresh-a');
    revocations.recordIssued(token(claims('a2', t0)), 'refresh-a');
    revocations.recordIssued(token(claims('b1', t0)), 'refresh-b');
    await revocations.revokeRefreshToken('refresh-a');
    expect(['a1', 'a2', 'b1'].map((jti) => revocations.isRevoked(claims(jti, t0)))).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('keeps revocations across a restart, judging unknown tokens by their iat', async () => {
    const now = { ms: t0 };
    const first = await ledger(now);
    first.recordIssued(token(claims('minted', t0)), 'refresh-a');
    await first.revokeRefreshToken('refresh-a');
    now.ms = t0 + 5_000;
    await first.revokeUser('ann');
    const reopened = await ledger(now);
    expect(reopened.isRevoked(claims('minted', t0))).toBe(true);
    expect(reopened.isRevoked(claims('old', t0))).toBe(true);
    expect(reopened.isRevoked(claims('new', t0 + 6_000))).toBe(false);
  });
});

import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenRevocations } from './token-revocations';

/** An unsigned token with the claims the ledger reads (it never checks signatures itself). */
const token = (claims: Record<string, unknown>) =>
  `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = '';
});

const fileIn = async () => {
  dir ||= await mkdtemp(join(tmpdir(), 'revocations-'));
  return join(dir, 'sub', 'tokens.json');
};

async function ledger(now: { ms: number }, warn: (message: string) => void = () => {}) {
  return TokenRevocations.open(await fileIn(), { now: () => now.ms, warn });
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
    await revocations.recordIssued(token(claims('before', t0)), 'refresh-1');
    now.ms = t0 + 200;
    await revocations.revokeUser('ann');
    now.ms = t0 + 400; // same second as the sign-out
    await revocations.recordIssued(token(claims('after', now.ms)), 'refresh-2');
    expect(revocations.isRevoked(claims('before', t0))).toBe(true);
    expect(revocations.isRevoked(claims('after', t0 + 400))).toBe(false);
    expect(revocations.isRevoked({ ...claims('bob', t0), username: 'bob' })).toBe(false);
  });

  it('revokes the access tokens minted from a revoked refresh token only', async () => {
    const now = { ms: t0 };
    const revocations = await ledger(now);
    await revocations.recordIssued(token(claims('a1', t0)), 'refresh-a');
    await revocations.recordIssued(token(claims('a2', t0)), 'refresh-a');
    await revocations.recordIssued(token(claims('b1', t0)), 'refresh-b');
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
    await first.recordIssued(token(claims('minted', t0)), 'refresh-a');
    await first.revokeRefreshToken('refresh-a');
    now.ms = t0 + 5_000;
    await first.revokeUser('ann');
    const reopened = await ledger(now);
    expect(reopened.isRevoked(claims('minted', t0))).toBe(true);
    expect(reopened.isRevoked(claims('old', t0))).toBe(true);
    expect(reopened.isRevoked(claims('new', t0 + 6_000))).toBe(false);
  });

  it('knows after a restart which access tokens a refresh token minted before it', async () => {
    const now = { ms: t0 };
    await (await ledger(now)).recordIssued(token(claims('minted', t0)), 'refresh-a');
    const reopened = await ledger(now);
    await reopened.revokeRefreshToken('refresh-a');
    expect(reopened.isRevoked(claims('minted', t0))).toBe(true);
    // The file holds a digest of the refresh token, never the token itself.
    expect(await readFile(await fileIn(), 'utf8')).not.toContain('refresh-a');
  });

  it('forgets tokens once they have expired, so the file does not grow', async () => {
    const now = { ms: t0 };
    const revocations = await ledger(now);
    await revocations.recordIssued(token(claims('old', t0)), 'refresh-a');
    now.ms = exp * 1000 + 1;
    await revocations.recordIssued(token({ ...claims('new', now.ms), exp: exp + 3600 }), 'r-b');
    const text = await readFile(await fileIn(), 'utf8');
    expect(text).toContain('"new"');
    expect(text).not.toContain('"old"');
  });

  it('writes again after a failed write', async () => {
    const now = { ms: t0 };
    const revocations = await ledger(now);
    const file = await fileIn();
    // A file where the folder should be: the first write fails.
    await writeFile(join(dir, 'sub'), 'in the way');
    await expect(revocations.revokeUser('ann')).rejects.toThrow();
    await rm(join(dir, 'sub'));
    await revocations.revokeUser('bob');
    const saved = JSON.parse(await readFile(file, 'utf8')) as { users: Record<string, number> };
    expect(Object.keys(saved.users).sort()).toEqual(['ann', 'bob']);
  });

  it('starts with nothing revoked, and says so, when the file is damaged', async () => {
    const file = await fileIn();
    await mkdir(join(dir, 'sub'));
    await writeFile(file, '{"users": {"ann": 17');
    const warn = vi.fn();
    const revocations = await ledger({ ms: t0 }, warn);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('unreadable'));
    expect(revocations.isRevoked(claims('any', t0))).toBe(false);
    await revocations.revokeUser('ann');
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ users: { ann: t0 } });
    expect(await readdir(join(dir, 'sub'))).toEqual(['tokens.json']); // no temporary left
  });

  it('flush waits for the write in flight', async () => {
    const revocations = await ledger({ ms: t0 });
    void revocations.revokeUser('ann');
    await revocations.flush();
    expect(await readFile(await fileIn(), 'utf8')).toContain('"ann"');
  });
});

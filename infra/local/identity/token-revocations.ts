import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { TokenClaims } from './local-tokens';
import { decodeClaims } from './local-tokens';

/** Cognito access tokens live at most a day; revocations older than that decide nothing. */
const KEEP_USER_REVOCATION_MS = 25 * 60 * 60_000;

interface Persisted {
  /** username → epoch ms: access tokens issued until then are revoked (GlobalSignOut, disable). */
  readonly users: Record<string, number>;
  /** access-token jti → its exp (epoch s): revoked with the refresh token it came from. */
  readonly tokens: Record<string, number>;
}

interface Issued {
  readonly issuedAtMs: number;
  readonly exp: number;
}

/**
 * Which access tokens no longer count, as Cognito tracks it: all a user's tokens issued before a
 * global sign-out (or being disabled), and those minted from a revoked refresh token (RevokeToken).
 * Kept in a file so a restart does not bring revoked tokens back.
 */
export class TokenRevocations {
  /** When each access token was issued, to the millisecond (a JWT's iat has whole seconds). */
  private readonly issued = new Map<string, Issued>();
  /** refresh token → the access tokens minted from it. */
  private readonly minted = new Map<string, Set<string>>();
  /** File writes in order: two sign-outs at once must not interleave their writes. */
  private writing: Promise<void> = Promise.resolve();

  private constructor(
    private readonly file: string,
    private state: Persisted,
    private readonly now: () => number,
  ) {}

  static async open(file: string, now: () => number = Date.now): Promise<TokenRevocations> {
    let state: Persisted = { users: {}, tokens: {} };
    try {
      state = JSON.parse(await readFile(file, 'utf8')) as Persisted;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    return new TokenRevocations(file, state, now);
  }

  /** Notes an access token just issued, and the refresh token it came with or from. */
  recordIssued(accessToken: string, refreshToken: string | undefined): void {
    const claims = decodeClaims(accessToken);
    if (!claims?.jti) return;
    const nowMs = this.now();
    for (const [jti, { exp }] of this.issued) if (exp * 1000 < nowMs) this.issued.delete(jti);
    this.issued.set(claims.jti, { issuedAtMs: nowMs, exp: claims.exp ?? 0 });
    if (refreshToken) {
      const jtis = this.minted.get(refreshToken) ?? new Set<string>();
      this.minted.set(refreshToken, jtis.add(claims.jti));
    }
  }

  async revokeUser(username: string): Promise<void> {
    await this.save({ ...this.state.users, [username]: this.now() }, this.state.tokens);
  }

  async revokeRefreshToken(refreshToken: string): Promise<void> {
    const tokens = { ...this.state.tokens };
    for (const jti of this.minted.get(refreshToken) ?? []) {
      tokens[jti] = this.issued.get(jti)?.exp ?? Math.ceil(this.now() / 1000) + 86_400;
    }
    this.minted.delete(refreshToken);
    await this.save(this.state.users, tokens);
  }

  isRevoked(claims: TokenClaims): boolean {
    if (claims.jti && this.state.tokens[claims.jti] !== undefined) return true;
    const revokedAt = this.state.users[claims.username ?? ''];
    if (revokedAt === undefined) return false;
    const issuedAt =
      (claims.jti && this.issued.get(claims.jti)?.issuedAtMs) || (claims.iat ?? 0) * 1000;
    return issuedAt <= revokedAt;
  }

  private async save(users: Persisted['users'], tokens: Persisted['tokens']): Promise<void> {
    const nowMs = this.now();
    this.state = {
      users: Object.fromEntries(
        Object.entries(users).filter(([, at]) => at + KEEP_USER_REVOCATION_MS > nowMs),
      ),
      tokens: Object.fromEntries(Object.entries(tokens).filter(([, exp]) => exp * 1000 > nowMs)),
    };
    const text = JSON.stringify(this.state);
    this.writing = this.writing.then(async () => {
      await mkdir(dirname(this.file), { recursive: true });
      await writeFile(this.file, text, 'utf8');
    });
    await this.writing;
  }
}

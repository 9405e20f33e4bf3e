import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { TokenClaims } from './local-tokens';
import { decodeClaims } from './local-tokens';

/** Cognito access tokens live at most a day; revocations older than that decide nothing. */
const KEEP_USER_REVOCATION_MS = 25 * 60 * 60_000;

/** An access token this service issued: when (to the millisecond; iat has whole seconds), until. */
interface IssuedToken {
  readonly at: number;
  /** Its exp (epoch s): after it the token is refused anyway, and the record is dropped. */
  readonly exp: number;
  /** A digest of the refresh token it came with or from, for RevokeToken. */
  readonly from?: string;
}

interface Persisted {
  /** username → epoch ms: access tokens issued until then are revoked (GlobalSignOut, disable). */
  readonly users: Record<string, number>;
  /** access-token jti → its exp (epoch s): revoked with the refresh token it came from. */
  readonly tokens: Record<string, number>;
  /** access-token jti → how it was issued. */
  readonly issued: Record<string, IssuedToken>;
}

export interface TokenRevocationsOptions {
  readonly now?: () => number;
  /** Where a damaged file is reported. */
  readonly warn?: (message: string) => void;
}

const empty = (): Persisted => ({ users: {}, tokens: {}, issued: {} });
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The file's state, or undefined when it is not one (a write cut short, an edit gone wrong). */
function parseState(text: string): Persisted | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(json) || !isRecord(json.users) || !isRecord(json.tokens)) return undefined;
  return {
    users: json.users as Persisted['users'],
    tokens: json.tokens as Persisted['tokens'],
    issued: (isRecord(json.issued) ? json.issued : {}) as Persisted['issued'],
  };
}

/** Refresh tokens are bearer secrets: the file keeps only a digest to match them by. */
const digest = (refreshToken: string) =>
  createHash('sha256').update(refreshToken).digest('base64url');

/**
 * Which access tokens no longer count, as Cognito tracks it: all a user's tokens issued before a
 * global sign-out (or being disabled), and those minted from a revoked refresh token (RevokeToken).
 * All of it — including which access tokens each refresh token minted — is kept in a file, written
 * whole to a temporary file and renamed into place, so a restart does not bring revoked tokens
 * back. Each record is dropped once the token it is about has expired, so the file stays small.
 */
export class TokenRevocations {
  /** File writes in order: two sign-outs at once must not interleave their writes. */
  private writing: Promise<void> = Promise.resolve();

  private constructor(
    private readonly file: string,
    private state: Persisted,
    private readonly now: () => number,
  ) {}

  static async open(
    file: string,
    options: TokenRevocationsOptions = {},
  ): Promise<TokenRevocations> {
    const { now = Date.now, warn = (message: string) => console.warn(message) } = options;
    let state = empty();
    try {
      const text = await readFile(file, 'utf8');
      const parsed = parseState(text);
      if (parsed) state = parsed;
      else warn(`Token revocations in ${file} are unreadable; starting with none.`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    return new TokenRevocations(file, state, now);
  }

  /** Notes an access token just issued, and the refresh token it came with or from. */
  async recordIssued(accessToken: string, refreshToken: string | undefined): Promise<void> {
    const claims = decodeClaims(accessToken);
    if (!claims?.jti) return;
    const record: IssuedToken = {
      at: this.now(),
      exp: claims.exp ?? 0,
      ...(refreshToken ? { from: digest(refreshToken) } : {}),
    };
    await this.save({ ...this.state, issued: { ...this.state.issued, [claims.jti]: record } });
  }

  async revokeUser(username: string): Promise<void> {
    await this.save({ ...this.state, users: { ...this.state.users, [username]: this.now() } });
  }

  async revokeRefreshToken(refreshToken: string): Promise<void> {
    const from = digest(refreshToken);
    const tokens = { ...this.state.tokens };
    for (const [jti, issued] of Object.entries(this.state.issued)) {
      if (issued.from === from) tokens[jti] = issued.exp;
    }
    await this.save({ ...this.state, tokens });
  }

  isRevoked(claims: TokenClaims): boolean {
    if (claims.jti && this.state.tokens[claims.jti] !== undefined) return true;
    const revokedAt = this.state.users[claims.username ?? ''];
    if (revokedAt === undefined) return false;
    const issuedAt = (claims.jti && this.state.issued[claims.jti]?.at) || (claims.iat ?? 0) * 1000;
    return issuedAt <= revokedAt;
  }

  /** Resolves once every write asked for so far has finished (or failed). */
  async flush(): Promise<void> {
    await this.writing.catch(() => {});
  }

  private async save(next: Persisted): Promise<void> {
    const nowMs = this.now();
    const live = <T>(record: Record<string, T>, alive: (value: T) => boolean) =>
      Object.fromEntries(Object.entries(record).filter(([, value]) => alive(value)));
    this.state = {
      users: live(next.users, (at) => at + KEEP_USER_REVOCATION_MS > nowMs),
      tokens: live(next.tokens, (exp) => exp * 1000 > nowMs),
      issued: live(next.issued, (issued) => issued.exp * 1000 > nowMs),
    };
    const text = JSON.stringify(this.state);
    // A failed write must not fail every later one: each write starts after the last, whatever it did.
    const write = this.writing.catch(() => {}).then(() => this.writeWhole(text));
    this.writing = write;
    await write;
  }

  /** Never a half-written file: a crash mid-write leaves the previous one in place. */
  private async writeWhole(text: string): Promise<void> {
    await mkdir(dirname(this.file), { recursive: true });
    const temporary = `${this.file}.${process.pid}.tmp`;
    await writeFile(temporary, text, 'utf8');
    await rename(temporary, this.file);
  }
}

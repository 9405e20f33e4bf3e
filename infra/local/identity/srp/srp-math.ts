import {
  createHash,
  createHmac,
  getDiffieHellman,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/**
 * The server half of Cognito's SRP-6a variant (USER_SRP_AUTH, CUSTOM_WITH_SRP): 3072-bit group of
 * RFC 5054 (= RFC 3526 group 15), g = 2, SHA-256, Cognito's hex padding, and the HKDF-derived key
 * ('Caldera Derived Key') that signs the PASSWORD_VERIFIER response. Cognito keeps a verifier;
 * the local service derives one from the stored password for each challenge.
 */
export const N = BigInt(`0x${getDiffieHellman('modp15').getPrime('hex')}`);
export const g = 2n;

/** Cognito's padHex: even-length hex, with a leading 00 when the top bit would read as negative. */
export function padHex(value: bigint): string {
  let hex = value.toString(16);
  if (hex.length % 2 === 1) hex = `0${hex}`;
  if ('89abcdef'.includes(hex[0]!)) hex = `00${hex}`;
  return hex;
}

const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
/** SHA-256 of the bytes a hex string encodes, as 64 hex digits. */
export const hexHash = (hex: string) => sha256Hex(Buffer.from(hex, 'hex')).padStart(64, '0');

export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = ((base % modulus) + modulus) % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    e >>= 1n;
    b = (b * b) % modulus;
  }
  return result;
}

export const k = BigInt(`0x${hexHash(padHex(N) + padHex(g))}`);

/** x = H(salt | H(poolName | userIdForSrp | ':' | password)). */
export function passwordExponent(
  poolName: string,
  userIdForSrp: string,
  password: string,
  saltHex: string,
): bigint {
  const inner = sha256Hex(`${poolName}${userIdForSrp}:${password}`).padStart(64, '0');
  return BigInt(`0x${hexHash(padHex(BigInt(`0x${saltHex}`)) + inner)}`);
}

export interface ServerSession {
  readonly saltHex: string;
  readonly b: bigint;
  readonly B: bigint;
  readonly v: bigint;
}

/** The server's ephemeral values for a challenge: B = k·v + g^b (mod N), never 0. */
export function startServerSession(x: bigint, saltHex: string): ServerSession {
  const v = modPow(g, x, N);
  for (;;) {
    const b = BigInt(`0x${randomBytes(128).toString('hex')}`) % N;
    const B = (k * v + modPow(g, b, N)) % N;
    if (B !== 0n && b !== 0n) return { saltHex, b, B, v };
  }
}

export function randomSaltHex(): string {
  return randomBytes(16).toString('hex');
}

/** HKDF-SHA256 as Cognito uses it: one block, 16 bytes, info 'Caldera Derived Key'. */
function hkdf(ikm: Buffer, salt: Buffer): Buffer {
  const prk = createHmac('sha256', salt).update(ikm).digest();
  const info = Buffer.concat([Buffer.from('Caldera Derived Key', 'utf8'), Buffer.from([1])]);
  return createHmac('sha256', prk).update(info).digest().subarray(0, 16);
}

/** The key both sides derive: S = (A · v^u)^b mod N, u = H(A | B). Undefined for an invalid A. */
export function serverKey(session: ServerSession, A: bigint): Buffer | undefined {
  if (A % N === 0n) return undefined;
  const u = BigInt(`0x${hexHash(padHex(A) + padHex(session.B))}`);
  if (u === 0n) return undefined;
  const S = modPow(A * modPow(session.v, u, N), session.b, N);
  return hkdf(Buffer.from(padHex(S), 'hex'), Buffer.from(padHex(u), 'hex'));
}

/** PASSWORD_CLAIM_SIGNATURE = HMAC(key, poolName | userIdForSrp | secretBlock | timestamp). */
export function claimSignature(
  key: Buffer,
  poolName: string,
  userIdForSrp: string,
  secretBlockBase64: string,
  timestamp: string,
): Buffer {
  return createHmac('sha256', key)
    .update(
      Buffer.concat([
        Buffer.from(poolName, 'utf8'),
        Buffer.from(userIdForSrp, 'utf8'),
        Buffer.from(secretBlockBase64, 'base64'),
        Buffer.from(timestamp, 'utf8'),
      ]),
    )
    .digest();
}

export function signaturesMatch(expected: Buffer, claimedBase64: string): boolean {
  const claimed = Buffer.from(claimedBase64, 'base64');
  return claimed.length === expected.length && timingSafeEqual(claimed, expected);
}

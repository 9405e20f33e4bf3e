import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * The one-time code carried in a challenge's `challengeMetadata`, sealed (AES-256-GCM).
 *
 * Cognito hands later trigger calls only the session's challengeName/challengeResult/
 * challengeMetadata — never earlier private parameters — so re-using the code after a wrong answer
 * means the metadata must carry it. Sealed, it is unreadable wherever the session shows up
 * (trigger events, logs); the user pool and user name are bound in, so one user's seal is useless
 * in another's session.
 */
const MARKER = 'CODE-';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function sealCode(code: string, key: Buffer, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context));
  const sealed = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
  return `${MARKER}${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
}

/** The sealed code, or undefined when the metadata is absent, foreign, tampered with or re-keyed. */
export function openCode(
  metadata: string | undefined,
  key: Buffer,
  context: string,
): string | undefined {
  if (!metadata?.startsWith(MARKER)) return undefined;
  const raw = Buffer.from(metadata.slice(MARKER.length), 'base64url');
  if (raw.length <= IV_BYTES + TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES))
      .setAAD(Buffer.from(context))
      .setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const opened = Buffer.concat([
      decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]);
    return opened.toString('utf8');
  } catch {
    return undefined;
  }
}

import type { IncomingMessage } from 'node:http';
import * as z from 'zod';
import { MAX_BODY_BYTES } from './api-gateway';
import { readBody } from './request-body';

/** The developer control's path (local mode only; AWS has no such thing). */
export const DEV_EXPIRE_PATH = '/dev/identity/expire';

const expireRequest = z.object({ email: z.email('email must be an e-mail address') });

export interface DevAnswer {
  readonly status: number;
  readonly body: unknown;
}

/** A /dev/ control's JSON body, validated: its data, or the 4xx answer that names the problem. */
export async function readDevJson<T>(
  req: IncomingMessage,
  schema: z.ZodType<T>,
  example: string,
): Promise<{ data: T } | DevAnswer> {
  if (req.method !== 'POST') return { status: 405, body: { message: 'Use POST' } };
  const raw = await readBody(req, MAX_BODY_BYTES);
  if (raw === 'too-large') return { status: 413, body: { message: 'Request body too large' } };
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    return { status: 400, body: { message: `The body must be JSON: ${example}` } };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    return { status: 400, body: { message: parsed.error.issues[0]?.message ?? 'Invalid body' } };
  }
  return { data: parsed.data };
}

/**
 * POST /dev/identity/expire {"email"}: ages that user's open sign-in sessions and unused codes past
 * their lifetimes, so a developer (or a browser test) sees the "expired" answers of SPEC §8 at once.
 */
export async function handleDevExpire(
  req: IncomingMessage,
  expireForUser: (email: string) => Promise<number>,
): Promise<DevAnswer> {
  const parsed = await readDevJson(req, expireRequest, '{"email": "…"}');
  if (!('data' in parsed)) return parsed;
  const expired = await expireForUser(parsed.data.email);
  if (expired === 0) {
    return {
      status: 404,
      body: { message: 'Nothing to expire: no such user, or no open sign-in or code' },
    };
  }
  return { status: 200, body: { expired } };
}

/** Answers shorter than this are encoded each time: cheaper than looking them up. */
const MIN_CHARS = 4_096;
/** How many recent long answers keep their bytes. */
const SLOTS = 4;

const recent: { readonly text: string; readonly bytes: Buffer }[] = [];
let next = 0;

/**
 * A response body's UTF-8 bytes, reused for a long body answered again: the APIs answer a cached
 * copy (the stock list) with the same string every time, and encoding it afresh per request is 6 %
 * of the local server's CPU under load. Long bodies are compared with ===, which is a pointer
 * check for the same string and stops at the length or first difference otherwise.
 *
 * The bytes are shared between responses: never modify them.
 */
export function bodyBytes(text: string): Buffer {
  if (text.length < MIN_CHARS) return Buffer.from(text);
  for (const entry of recent) if (entry.text === text) return entry.bytes;
  const bytes = Buffer.from(text);
  recent[next] = { text, bytes };
  next = (next + 1) % SLOTS;
  return bytes;
}

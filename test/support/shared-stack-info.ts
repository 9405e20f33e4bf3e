import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import type { SharedStackInfo } from './stack-global-setup';

/** What the global setup writes once the shared stack serves, or why it could not start. */
export type SharedStackFile =
  | { readonly ready: SharedStackInfo; readonly failed?: undefined }
  | { readonly failed: string; readonly ready?: undefined };

/** The slowest start seen on a loaded 2-core machine was about 100 s. */
const START_TIMEOUT_MS = 300_000;
const POLL_MS = 100;

/**
 * Waits until the global setup has started the shared stack (it starts in the background while
 * other files run) and throws its error when it could not. Run by the stack files' setup file.
 */
export async function awaitSharedStack(file = inject('sharedStackFile')): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const text = await readFile(file, 'utf8').catch(() => undefined);
    if (text !== undefined) {
      const content = JSON.parse(text) as SharedStackFile;
      if (content.failed !== undefined) {
        throw new Error(`The shared local stack did not start:\n${content.failed}`);
      }
      return;
    }
    if (Date.now() > deadline) {
      throw new Error(`The shared local stack did not start within ${START_TIMEOUT_MS / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

let read: SharedStackInfo | undefined;

/**
 * Where the shared stack's parts listen and what it was started with. Synchronous, so a file can
 * read it where it declares its tests: the stack files' setup file has waited for it already.
 */
export function sharedStackInfo(): SharedStackInfo {
  if (!read) {
    const content = JSON.parse(readFileSync(inject('sharedStackFile'), 'utf8')) as SharedStackFile;
    if (!content.ready) throw new Error(`The shared local stack did not start:\n${content.failed}`);
    read = content.ready;
  }
  return read;
}

/** The shared stack's base URL (the product as the browser reaches it). */
export const sharedStackUrl = (): string => sharedStackInfo().url;

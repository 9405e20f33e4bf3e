import { startChildServer, type ChildServer } from './child-server';

/** The bytes the bare server answers: GET …/profile/… gets `profile`, anything else `list`. */
export interface BareBodies {
  readonly list: Uint8Array;
  readonly profile: Uint8Array;
}

/**
 * A bare node:http server answering fixed bytes, in a child process as the stack under test is
 * (child-stack.ts): the floor the API's throughput is compared with, measured the same way.
 */
export const startBareServer = (bodies: BareBodies): Promise<ChildServer> =>
  startChildServer(new URL('./bare-server-child.ts', import.meta.url), bodies);

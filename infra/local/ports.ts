import { createServer } from 'node:net';

/** Asks the OS for a free loopback port (for emulators that must know their port up front). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('Could not determine a free port'));
      });
    });
  });
}

/** Fails with a message naming the port when it is already taken. */
export async function assertPortFree(port: number, what: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(
              `Port ${port} (${what}) is already in use. Stop whatever is listening there or choose another port (e.g. PORT=3001 npm start).`,
            )
          : error,
      );
    });
    server.listen(port, () => server.close(() => resolve()));
  });
}

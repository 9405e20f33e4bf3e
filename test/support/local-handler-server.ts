import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { keepAliveClient } from './keep-alive-client';

/** One request handler of the local server on a free loopback port, with a client and a close. */
export async function serveHandler(
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
): Promise<{ client: ReturnType<typeof keepAliveClient>; close: () => Promise<void> }> {
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const client = keepAliveClient(
    `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
  );
  return {
    client,
    close: async () => {
      client.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

// The child process of startBareServer (bare-server.ts): node:http and nothing else.
import { createServer } from 'node:http';
import type { BareBodies } from './bare-server';
import { serveInChild } from './serve-in-child';

serveInChild<BareBodies>(async ({ list, profile }) => {
  const server = createServer((req, res) => {
    const body = req.url?.includes('/profile/') ? profile : list;
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
});

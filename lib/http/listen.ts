import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Listening = { origin: string; port: number; close(): Promise<void> };

/**
 * Starts a server and gives its origin (http://HOST:PORT) and an idempotent close that also
 * drops kept-alive connections (a test's cleanup may close a server the test already closed).
 */
export async function listen(server: Server, port: number, host: string, beforeClose?: () => void): Promise<Listening> {
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const hostInUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | null = null;
  return {
    origin: `http://${hostInUrl}:${address.port}`,
    port: address.port,
    close: () => {
      closing ??= new Promise<void>((resolve, reject) => {
        beforeClose?.();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

// A local HTTP server for tests of HTTP clients: each request is answered by the next handler of a
// script (500 when the script ran out), and every request is recorded with the connection it came on.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;
type Seen = { body: string; headers: IncomingMessage['headers']; url: string; method: string; socketId: number };
export type ScriptedServer = { baseUrl: string; origin: string; seen: Seen[]; close(): Promise<void> };

export async function serveScript(handlers: Handler[]): Promise<ScriptedServer> {
  const seen: Seen[] = [];
  const sockets = new Map<unknown, number>();
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      if (!sockets.has(request.socket)) sockets.set(request.socket, sockets.size + 1);
      seen.push({
        body,
        headers: request.headers,
        url: request.url ?? '',
        method: request.method ?? '',
        socketId: sockets.get(request.socket) as number,
      });
      const handler = handlers.shift();
      if (handler) return handler(request, response, body);
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end('{"error":{"message":"script ran out"}}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl: `${origin}/v1`,
    origin,
    seen,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

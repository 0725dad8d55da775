import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedRequest = { method: string; path: string; body: unknown };

/**
 * Sits between the harness and a server and keeps every request body, so a test can check what
 * the server really received (history, tools, ids, temperature).
 */
export async function startRecordingProxy(
  targetOrigin: string,
): Promise<{ url: string; requests: RecordedRequest[]; close(): Promise<void> }> {
  const target = new URL(targetOrigin);
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const raw = Buffer.concat(chunks);
      let body: unknown = null;
      if (raw.length > 0) body = JSON.parse(raw.toString('utf8'));
      requests.push({ method: incoming.method ?? 'GET', path: incoming.url ?? '/', body });
      const forward = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          method: incoming.method,
          path: incoming.url,
          headers: incoming.headers,
        },
        (response) => {
          outgoing.writeHead(response.statusCode ?? 502, response.headers);
          response.pipe(outgoing);
        },
      );
      forward.on('error', (error) => {
        outgoing.writeHead(502);
        outgoing.end(String(error));
      });
      forward.end(raw);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

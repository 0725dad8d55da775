// The baseline: the least a client can do to make the same model calls. node:http with a keep-alive
// agent, JSON.stringify of each request, read the answer, JSON.parse it; nothing else.
import { Agent, request as httpRequest } from 'node:http';
import { parseJson } from '../lib/protocol/json';

export type BareResult = { calls: number; failures: number };

/** Replays the request bodies (already parsed) against `url`, `concurrency` at a time. */
export async function runBareLoop(url: string, bodies: unknown[], concurrency: number): Promise<BareResult> {
  const target = new URL(`${url.replace(/\/+$/, '')}/chat/completions`);
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  let next = 0;
  let failures = 0;

  const call = (body: unknown) =>
    new Promise<void>((resolve, reject) => {
      const text = JSON.stringify(body);
      const outgoing = httpRequest(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const parsed = parseJson(Buffer.concat(chunks).toString('utf8'));
            const choices = parsed.ok ? (parsed.value as { choices?: unknown } | null)?.choices : undefined;
            if (response.statusCode !== 200 || !Array.isArray(choices)) failures += 1;
            resolve();
          });
          response.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(text);
    });

  const worker = async () => {
    while (next < bodies.length) await call(bodies[next++]);
  };

  await Promise.all(Array.from({ length: Math.min(concurrency, bodies.length) }, worker));
  agent.destroy();
  return { calls: bodies.length, failures };
}

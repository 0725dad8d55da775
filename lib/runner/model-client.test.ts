import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpModelClient } from './model-client';

type Reply = { status: number; body: string; headers?: Record<string, string> };
let server: Server | null = null;

async function serve(replies: Reply[]): Promise<{ baseUrl: string; bodies: unknown[] }> {
  const bodies: unknown[] = [];
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      bodies.push(JSON.parse(text));
      const reply = replies.shift() ?? { status: 500, body: '{"error":{"message":"script ran out"}}' };
      response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      response.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${(server!.address() as AddressInfo).port}/v1`, bodies };
}

afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(null)));
  server = null;
});

const completion = JSON.stringify({
  id: 'x',
  object: 'chat.completion',
  choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop' }],
});
const retry = { attempts: 3, baseDelayMs: 1, maxDelayMs: 5 };
const request = { model: 'm', messages: [{ role: 'user' as const, content: 'hello' }], temperature: 0 };

describe('HttpModelClient', () => {
  it('sends the request body as given and returns the completion', async () => {
    const { baseUrl, bodies } = await serve([{ status: 200, body: completion }]);
    const outcome = await new HttpModelClient({ baseUrl, retry }).complete(request);
    expect(outcome.ok).toBe(true);
    expect(outcome.retryWaitMs).toBe(0);
    expect(bodies[0]).toEqual(request);
  });

  it('retries 5xx and 429 and succeeds', async () => {
    const { baseUrl, bodies } = await serve([
      { status: 503, body: '{"error":{"message":"busy"}}' },
      { status: 429, body: '{"error":{"message":"slow down"}}', headers: { 'retry-after': '0' } },
      { status: 200, body: completion },
    ]);
    const outcome = await new HttpModelClient({ baseUrl, retry }).complete(request);
    expect(outcome.ok).toBe(true);
    expect(outcome.attempts).toBe(3);
    expect(bodies).toHaveLength(3);
  });

  it('keeps the backoff and failed attempts out of the latency, as retryWaitMs', async () => {
    const { baseUrl } = await serve([
      { status: 503, body: '{"error":{"message":"busy"}}' },
      { status: 200, body: completion },
    ]);
    // A backoff of at least 40 ms: the wait is then surely larger than nothing, whatever the load.
    const started = performance.now();
    const outcome = await new HttpModelClient({
      baseUrl,
      retry: { attempts: 2, baseDelayMs: 40, maxDelayMs: 40 },
    }).complete(request);
    const total = performance.now() - started;
    expect(outcome.ok).toBe(true);
    expect(outcome.retryWaitMs as number).toBeGreaterThan(0);
    expect(outcome.latencyMs + (outcome.retryWaitMs as number)).toBeLessThanOrEqual(total + 1);
  });

  it('gives up after the last attempt with the server message', async () => {
    const { baseUrl } = await serve(
      [500, 500, 500].map((status) => ({ status, body: '{"error":{"message":"engine dead"}}' })),
    );
    const outcome = await new HttpModelClient({ baseUrl, retry }).complete(request);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.error).toContain('engine dead');
      expect(outcome.error).toContain('after 3 attempts');
      expect(outcome.status).toBe(500);
    }
  });

  it('does not retry a 400', async () => {
    const { baseUrl, bodies } = await serve([{ status: 400, body: '{"error":{"message":"bad tool_choice"}}' }]);
    const outcome = await new HttpModelClient({ baseUrl, retry }).complete(request);
    expect(outcome.ok).toBe(false);
    expect(bodies).toHaveLength(1);
  });

  it('reports a server that is down as unreachable after retrying', async () => {
    const { baseUrl } = await serve([]);
    await new Promise((resolve) => server!.close(resolve));
    server = null;
    const outcome = await new HttpModelClient({ baseUrl, retry }).complete(request);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error).toMatch(/cannot reach the model server/);
    expect(outcome.attempts).toBe(3);
  });

  it('treats a 200 that is not a chat completion as a server error', async () => {
    const { baseUrl } = await serve([{ status: 200, body: '{"hello":"world"}' }]);
    const outcome = await new HttpModelClient({ baseUrl, retry }).complete(request);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error).toContain('no choices');
  });
});

// HttpModelClient with `stream: true` against scripted HTTP servers: event streams read as they come,
// a server that answers JSON instead, errors inside a stream, and retries before a stream starts.
import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpModelClient } from './model-client';
import type { StreamProgress } from './stream-assembler';

let server: Server | null = null;
afterEach(async () => {
  if (server) {
    server.closeAllConnections();
    await new Promise((resolve) => server!.close(resolve));
  }
  server = null;
});

type Handler = (response: ServerResponse, body: string) => void;

async function serve(handlers: Handler[]): Promise<{ url: string; bodies: string[] }> {
  const bodies: string[] = [];
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      bodies.push(body);
      (handlers.shift() ?? ((res: ServerResponse) => res.writeHead(500).end()))(response, body);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}/v1`, bodies };
}

const chunk = (delta: Record<string, unknown>, finish: string | null = null) => {
  const choices = [{ index: 0, delta, finish_reason: finish }];
  return `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices })}\n\n`;
};

/** Writes the events one at a time, each after the previous has been flushed, so the client sees them arrive. */
const eventStream =
  (events: string[]): Handler =>
  (response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const next = () => {
      const event = events.shift();
      if (event === undefined) return response.end();
      response.write(event, () => setImmediate(next));
    };
    next();
  };

const retry = { attempts: 3, baseDelayMs: 1, maxDelayMs: 2 };
const request = { model: 'm', messages: [{ role: 'user' as const, content: 'hi' }], stream: true };

describe('HttpModelClient streaming', () => {
  it('reads an event stream as it comes, reports each step, and returns the assembled completion', async () => {
    // The server writes each event only after the client has reported the one before: proof that
    // it reads the stream as it arrives rather than at the end.
    let reported: () => void = () => {};
    const events = [
      chunk({ role: 'assistant', content: '' }),
      chunk({ content: 'Hel' }),
      chunk({ content: 'lo' }),
      chunk({}, 'stop'),
      'data: [DONE]\n\n',
    ];
    const { url, bodies } = await serve([
      (response) => {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        const next = () => {
          const event = events.shift();
          if (event === undefined) return response.end();
          reported = next;
          response.write(event);
        };
        next();
      },
    ]);
    const seen: StreamProgress[] = [];
    const outcome = await new HttpModelClient({ baseUrl: url, retry }).complete(request, undefined, (progress) => {
      seen.push(progress);
      reported();
    });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect((outcome.body as any).choices[0].message).toEqual({ role: 'assistant', content: 'Hello' });
    expect(seen.map((progress) => progress.text)).toEqual(['', 'Hel', 'Hello', 'Hello', 'Hello']);
    expect(JSON.parse(bodies[0]).stream).toBe(true);
  });

  it('takes a JSON answer from a server that ignored stream', async () => {
    const completion = {
      id: 'x',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content: 'plain' }, finish_reason: 'stop' }],
    };
    const { url } = await serve([
      (response) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(completion)),
    ]);
    const outcome = await new HttpModelClient({ baseUrl: url, retry }).complete(request);
    expect(outcome).toMatchObject({ ok: true, body: completion });
  });

  it('retries a 503 before the stream, and reports an error event inside it without retrying', async () => {
    const { url, bodies } = await serve([
      (response) => response.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"message":"busy"}}'),
      eventStream([
        chunk({ content: 'x' }),
        `data: ${JSON.stringify({ error: { message: 'the prompt is too long', code: 400 } })}\n\n`,
      ]),
    ]);
    const outcome = await new HttpModelClient({ baseUrl: url, retry }).complete(request);
    expect(outcome).toMatchObject({
      ok: false,
      attempts: 2,
      error: expect.stringContaining('model server reported an error in the stream: the prompt is too long'),
    });
    expect(bodies).toHaveLength(2);
  });

  it('counts a stream cut off mid-way as a connection failure', async () => {
    const { url } = await serve(
      Array.from({ length: 3 }, () => (response: ServerResponse) => {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write(chunk({ content: 'partial' }), () => response.destroy());
      }),
    );
    const outcome = await new HttpModelClient({ baseUrl: url, retry }).complete(request);
    expect(outcome).toMatchObject({
      ok: false,
      attempts: 3,
      error: expect.stringContaining('cannot reach the model server'),
    });
  });
});

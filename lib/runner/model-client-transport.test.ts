// The HTTP side of HttpModelClient: connections, timeouts, cancelling, redirects, encodings.
import { afterEach, describe, expect, it } from 'vitest';
import { getEventListeners } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { HttpModelClient } from './model-client';
import { serveScript, type Handler, type ScriptedServer } from '../testing/scripted-http-server';

let server: ScriptedServer | null = null;

async function serve(handlers: Handler[]): Promise<ScriptedServer> {
  server = await serveScript(handlers);
  return server;
}

afterEach(async () => {
  await server?.close();
  server = null;
});

const completion = {
  id: 'x',
  object: 'chat.completion',
  choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop' }],
};
const answer: Handler = (_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(completion));
};
const never: Handler = () => {};
const retry = { attempts: 3, baseDelayMs: 1, maxDelayMs: 5 };
const request = { model: 'm', messages: [{ role: 'user' as const, content: 'hello' }], temperature: 0 };

describe('HttpModelClient over HTTP', () => {
  it('keeps one connection alive across calls', async () => {
    const { baseUrl, seen } = await serve([answer, answer, answer, answer]);
    const client = new HttpModelClient({ baseUrl, retry });
    for (let call = 0; call < 4; call++) expect((await client.complete(request)).ok).toBe(true);
    expect(seen.map((entry) => entry.socketId)).toEqual([1, 1, 1, 1]);
  });

  it('posts JSON to /chat/completions with the key, the extra body fields under the request', async () => {
    const { baseUrl, seen } = await serve([answer]);
    const client = new HttpModelClient({
      baseUrl: `${baseUrl}/`,
      retry,
      apiKey: 'secret',
      extraBody: { top_k: 5, temperature: 1 },
    });
    const outcome = await client.complete(request);
    expect(outcome).toMatchObject({ ok: true, body: completion, attempts: 1 });
    expect(seen[0].method).toBe('POST');
    expect(seen[0].url).toBe('/v1/chat/completions');
    expect(seen[0].headers.authorization).toBe('Bearer secret');
    expect(seen[0].headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen[0].body)).toEqual({ top_k: 5, ...request });
  });

  // Long enough that, on a loaded machine, each attempt reaches the server before it times out.
  it('times out a server that does not answer, and retries the timeout', async () => {
    const { baseUrl, seen } = await serve([never, never]);
    const timeouts = { firstByteMs: 1000 };
    const outcome = await new HttpModelClient({ baseUrl, retry: { ...retry, attempts: 2 }, timeouts }).complete(
      request,
    );
    expect(outcome).toMatchObject({
      ok: false,
      error: 'no first byte from the model server within 1 s (first-byte timeout) (after 2 attempts)',
      attempts: 2,
    });
    expect(seen).toHaveLength(2);
  });

  it('cancels a request in flight when the signal aborts', async () => {
    const controller = new AbortController();
    const { baseUrl } = await serve([() => controller.abort()]);
    const outcome = await new HttpModelClient({ baseUrl, retry }).complete(request, controller.signal);
    expect(outcome).toMatchObject({ ok: false, error: 'request cancelled', attempts: 1 });
  });

  it('leaves no listener on a shared signal after its calls', async () => {
    const controller = new AbortController();
    const { baseUrl } = await serve([answer, answer, answer]);
    const client = new HttpModelClient({ baseUrl, retry });
    for (let call = 0; call < 3; call++) await client.complete(request, controller.signal);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('retries a connection dropped in the middle of an answer', async () => {
    const cut: Handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
      response.write('{"choices":');
      setImmediate(() => response.socket?.destroy());
    };
    const { baseUrl } = await serve([cut, answer]);
    const outcome = await new HttpModelClient({ baseUrl, retry }).complete(request);
    expect(outcome).toMatchObject({ ok: true, body: completion, attempts: 2 });
  });

  it('reports a server that closes the connection as unreachable, naming the cause', async () => {
    const { baseUrl } = await serve([1, 2, 3].map((): Handler => (incoming) => incoming.socket.destroy()));
    const outcome = await new HttpModelClient({ baseUrl, retry }).complete(request);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok)
      expect(outcome.error).toBe(
        'cannot reach the model server (Connection error.: socket hang up) (after 3 attempts)',
      );
  });

  it('follows a 307 redirect with the same body', async () => {
    const { baseUrl, origin, seen } = await serve([
      (_request, response) => {
        response.writeHead(307, { location: `${origin}/v2/chat/completions` });
        response.end();
      },
      answer,
    ]);
    const outcome = await new HttpModelClient({ baseUrl, retry }).complete(request);
    expect(outcome.ok).toBe(true);
    expect(seen.map((entry) => [entry.method, entry.url])).toEqual([
      ['POST', '/v1/chat/completions'],
      ['POST', '/v2/chat/completions'],
    ]);
    expect(seen[1].body).toBe(seen[0].body);
  });

  it('reads a gzip-encoded answer', async () => {
    const { baseUrl } = await serve([
      (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        response.end(gzipSync(JSON.stringify(completion)));
      },
    ]);
    expect(await new HttpModelClient({ baseUrl, retry }).complete(request)).toMatchObject({
      ok: true,
      body: completion,
    });
  });

  it('keeps a 200 that is not JSON as text and reports it', async () => {
    const { baseUrl } = await serve([
      (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end('hello');
      },
    ]);
    const outcome = await new HttpModelClient({ baseUrl, retry }).complete(request);
    expect(outcome).toMatchObject({
      ok: false,
      error: 'model server returned a non-JSON body: hello',
      body: 'hello',
      attempts: 1,
    });
  });

  it('words status errors as the OpenAI SDK did', async () => {
    const { baseUrl } = await serve([
      (_request, response) => {
        response.writeHead(400, { 'content-type': 'text/plain' });
        response.end('bad');
      },
      (_request, response) => {
        response.writeHead(404);
        response.end();
      },
      (_request, response) => {
        response.writeHead(422, { 'content-type': 'application/json' });
        response.end('{"error":{"message":{"field":"messages"}}}');
      },
    ]);
    const client = new HttpModelClient({ baseUrl, retry });
    expect(await client.complete(request)).toMatchObject({
      ok: false,
      status: 400,
      error: 'model server answered 400: 400 bad',
    });
    expect(await client.complete(request)).toMatchObject({
      ok: false,
      status: 404,
      error: 'model server answered 404: 404 status code (no body)',
    });
    expect(await client.complete(request)).toMatchObject({
      ok: false,
      status: 422,
      error: 'model server answered 422: 422 {"field":"messages"}',
      body: { message: { field: 'messages' } },
    });
  });

  it('reports an unusable base URL as a failed request instead of throwing', async () => {
    const outcome = await new HttpModelClient({ baseUrl: 'not a url', retry }).complete(request);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error).toMatch(/^model request failed: /);
  });
});

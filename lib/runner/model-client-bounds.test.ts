// What a model server may send: answers past the size or nesting limits, or unreadable ones, are
// failed calls with a reason (never a crash, never an answer that fills memory), and what is kept
// of them is bounded.
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { HttpModelClient } from './model-client';
import { serveScript, type ScriptedServer } from '../testing/scripted-http-server';

let server: ScriptedServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const retry = { attempts: 1, baseDelayMs: 1, maxDelayMs: 5 };
const request = { model: 'm', messages: [{ role: 'user' as const, content: 'hello' }], temperature: 0 };
const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const completion = (message: Record<string, unknown>) => ({
  object: 'chat.completion',
  choices: [{ index: 0, message: { role: 'assistant', ...message } }],
});

async function answerWith(write: (response: ServerResponse) => void, limits?: { maxResponseBytes?: number }) {
  server = await serveScript([(_request, response) => write(response)]);
  return new HttpModelClient({ baseUrl: server.baseUrl, retry, limits }).complete(request);
}

function json(body: unknown, headers: Record<string, string> = {}) {
  return (response: ServerResponse) => {
    response.writeHead(200, { 'content-type': 'application/json', ...headers });
    response.end(typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body));
  };
}

describe('HttpModelClient bounds what a server sends', () => {
  it('stops reading an answer past the size limit', async () => {
    const outcome = await answerWith(json(completion({ content: 'x'.repeat(300_000) })), { maxResponseBytes: 100_000 });
    expect(outcome).toMatchObject({ ok: false, error: expect.stringMatching(/larger than 100000 bytes/), attempts: 1 });
    // The default limit is a few megabytes: the same answer is read.
    expect((await answerWith(json(completion({ content: 'x'.repeat(300_000) })))).ok).toBe(true);
  });

  it('stops decompressing a gzip bomb at the limit', async () => {
    const bomb = gzipSync(
      Buffer.concat([Buffer.from(JSON.stringify(completion({ content: 'hi' }))), Buffer.alloc(64 * 1024 * 1024, 0x20)]),
    );
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const outcome = await answerWith(json(bomb, { 'content-encoding': 'gzip' }), { maxResponseBytes: 1024 * 1024 });
    expect(outcome).toMatchObject({
      ok: false,
      error: expect.stringMatching(/decompresses to more than 1048576 bytes/),
    });
  });

  it('refuses JSON nested past the limit in the body, the arguments and the content', async () => {
    const body = await answerWith(
      json(`{"choices":[{"message":{"role":"assistant","content":"hi"}}],"extra":${deep(100_000)}}`),
    );
    expect(body).toMatchObject({
      ok: false,
      error: expect.stringMatching(/not valid JSON \(JSON nests deeper than 64 levels\)/),
    });
    const args = await answerWith(
      json(
        completion({
          tool_calls: [{ id: 'a', type: 'function', function: { name: 'f', arguments: `{"x":${deep(100_000)}}` } }],
        }),
      ),
    );
    expect(args).toMatchObject({
      ok: false,
      error: 'model server sent tool call 1 (f) with arguments nested deeper than 64 levels',
    });
    const content = await answerWith(json(completion({ content: deep(1000) })));
    expect(content).toMatchObject({
      ok: false,
      error: 'model server sent an answer whose content is nested deeper than 64 levels',
    });
    // At the limit, everything is read.
    expect((await answerWith(json(completion({ content: deep(64) })))).ok).toBe(true);
  });

  it('quotes a broken answer in one short line and keeps the text as the body', async () => {
    const whole = JSON.stringify(completion({ content: 'cut here' }));
    const truncated = await answerWith(json(whole.slice(0, 30)));
    expect(truncated).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^model server sent an answer that is not valid JSON \(.+\): \{/),
      body: { text: whole.slice(0, 30), bytes: 30 },
    });
    const page = `<html><body>${'<p>upstream went away</p>'.repeat(5000)}</body></html>`;
    const gateway = await answerWith((response) => {
      response.writeHead(502, { 'content-type': 'text/html' });
      response.end(page);
    });
    expect(gateway).toMatchObject({
      ok: false,
      status: 502,
      body: { contentType: 'text/html', bytes: page.length, text: page },
    });
    if (!gateway.ok) {
      expect(gateway.error).toMatch(/^model server answered 502: 502 <html><body><p>upstream went away/);
      expect(gateway.error).toContain(`(${page.length} bytes in all, kept with the call)`);
      expect(gateway.error.length).toBeLessThan(400);
    }
  });
});

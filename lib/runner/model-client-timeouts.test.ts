// A hostile or broken server against HttpModelClient: a redirect out of HTTP, a server that never
// answers, one that stops in the middle of its answer and one that drips forever. Each ends as a
// failed model call with its reason; the timeouts are small so that no test waits on a clock.
import { afterEach, describe, expect, it } from 'vitest';
import { HttpModelClient } from './model-client';
import { parseRequestTimeouts } from './request-timeouts';
import { serveScript, type Handler, type ScriptedServer } from '../testing/scripted-http-server';

let server: ScriptedServer | null = null;
const timers: NodeJS.Timeout[] = [];

afterEach(async () => {
  for (const timer of timers.splice(0)) clearInterval(timer);
  await server?.close();
  server = null;
});

const retry = { attempts: 1, baseDelayMs: 1, maxDelayMs: 5 };
const request = { model: 'm', messages: [{ role: 'user' as const, content: 'hello' }], temperature: 0 };
const never: Handler = () => {};

async function failure(handlers: Handler[], timeouts: Parameters<typeof parseRequestTimeouts>[0]) {
  server = await serveScript(handlers);
  const client = new HttpModelClient({ baseUrl: server.baseUrl, retry, timeouts: parseRequestTimeouts(timeouts) });
  const outcome = await client.complete({ ...request, stream: true });
  expect(outcome.ok).toBe(false);
  return outcome.ok ? '' : outcome.error;
}

describe('HttpModelClient against a hostile server', () => {
  it('a redirect to file:///etc/passwd is a failed call naming the redirect, never followed', async () => {
    server = await serveScript([
      (_request, response) => {
        response.writeHead(302, { location: 'file:///etc/passwd' });
        response.end();
      },
    ]);
    const outcome = await new HttpModelClient({ baseUrl: server.baseUrl, retry: { ...retry, attempts: 3 } }).complete(
      request,
    );
    expect(outcome).toMatchObject({ ok: false, attempts: 1 });
    if (!outcome.ok) expect(outcome.error).toMatch(/redirected to file:\/\/\/etc\/passwd, which is not an HTTP URL/);
    expect(server.seen).toHaveLength(1);
  });

  it('a server that never answers: no first byte within the first-byte timeout', async () => {
    expect(await failure([never], 'first-byte=0.2')).toMatch(/no first byte from the model server within 0\.2 s/);
  });

  it('a server that stops in the middle of its answer: the idle timeout', async () => {
    const stalls: Handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: {"id":"x","object":"chat.completion.chunk","choices":[]}\n\n');
    };
    expect(await failure([stalls], 'idle=0.2')).toMatch(/model server sent nothing for 0\.2 s in the middle/);
  });

  it('a server that drips forever: the total timeout', async () => {
    const drips: Handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      timers.push(setInterval(() => response.write(': still here\n\n'), 20));
    };
    expect(await failure([drips], 'total=0.3,idle=60')).toMatch(/answer not complete within 0\.3 s/);
  });
});

describe('--request-timeout', () => {
  it('takes seconds for the total, or named parts', () => {
    expect(parseRequestTimeouts('120')).toEqual({ totalMs: 120_000 });
    expect(parseRequestTimeouts('total=300,idle=30,first-byte=60')).toEqual({
      totalMs: 300_000,
      idleMs: 30_000,
      firstByteMs: 60_000,
    });
  });

  it('refuses what it cannot read, naming it', () => {
    expect(() => parseRequestTimeouts('soon')).toThrow(/"soon"/);
    expect(() => parseRequestTimeouts('total=0')).toThrow(/total/);
    expect(() => parseRequestTimeouts('lunch=5')).toThrow(/lunch/);
  });
});

// The small requests to a model server's own routes (/models when probing, /tokenize...) read at most
// one answer's worth: a server that never stops sending, or sends a gzip bomb, is cut off at the limit
// (the server sees the connection closed after a few megabytes, not gigabytes).
import { createServer, get, type IncomingMessage, type ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeEndpoint } from '../experiments/probe-endpoint';
import { LIMITS } from '../protocol/limits';
import { requestJson } from '../serving/http-json';
import { listen, type Listening } from './listen';
import { BodyTooLargeError, readBounded, readBoundedText, utf8Text } from './bounded-body';

const LIMIT = LIMITS.responseBytes.default;
let server: Listening;
/** Bytes the endless route wrote before the client let go, per request. */
const written: number[] = [];
const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20));

/** Writes 64 KB chunks as fast as the client reads, until it goes away. */
function endless(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let bytes = 0;
  const pump = () => {
    while (!response.destroyed && response.write(chunk)) bytes += chunk.length;
  };
  response.on('drain', pump);
  response.on('close', () => written.push(bytes));
  response.write('{"data": [');
  pump();
}

beforeAll(async () => {
  const http = createServer((request, response) => {
    if (request.url?.startsWith('/endless')) return endless(response);
    if (request.url?.startsWith('/bomb')) {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      return response.end(bomb);
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('\ufeff{"data": [{"id": "fg"}]}');
  });
  server = await listen(http, 0, '127.0.0.1');
});

afterAll(async () => {
  await server?.close();
});

describe('readBoundedText', () => {
  it('reads an answer within the limit as response.text() would', async () => {
    expect(await readBoundedText(await fetch(`${server.origin}/ok`))).toBe('{"data": [{"id": "fg"}]}');
  });

  it('stops at the limit, counted after decompression', async () => {
    await expect(readBoundedText(await fetch(`${server.origin}/bomb`))).rejects.toBeInstanceOf(BodyTooLargeError);
    await expect(readBoundedText(await fetch(`${server.origin}/endless`), 1024)).rejects.toThrow(
      /more than 1024 bytes/,
    );
  });
});

/** A node:http GET of one of the server's routes. */
function message(route: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => get(`${server.origin}${route}`, resolve).on('error', reject));
}

describe('readBounded', () => {
  it('reads a node:http message within the limit, or hands each chunk on and keeps none', async () => {
    expect(utf8Text(await readBounded(await message('/ok')))).toBe('{"data": [{"id": "fg"}]}');
    const chunks: Buffer[] = [];
    expect(await readBounded(await message('/ok'), 1024, (chunk) => chunks.push(chunk))).toEqual(Buffer.alloc(0));
    expect(utf8Text(Buffer.concat(chunks))).toBe('{"data": [{"id": "fg"}]}');
  });

  it('stops a node:http message at the limit and lets the connection go', async () => {
    written.length = 0;
    const endless = await message('/endless');
    await expect(readBounded(endless, 1024)).rejects.toThrow(/more than 1024 bytes/);
    await expect.poll(() => endless.destroyed).toBe(true);
    await expect.poll(() => written.length).toBe(1);
  });
});

describe("requests to a model server's own routes", () => {
  it('probing a server that never stops sending its model list finds it up, names no model, and lets go', async () => {
    written.length = 0;
    const probe = await probeEndpoint(`${server.origin}/endless`, 600_000);
    expect(probe).toMatchObject({ reachable: true, models: [] });
    await expect.poll(() => written.length).toBe(1);
    // What the server managed to write before the client let go: the limit and the sockets' buffers.
    expect(written[0]).toBeLessThan(LIMIT + 32 * 1024 * 1024);
    expect(await probeEndpoint(`${server.origin}/ok`)).toMatchObject({ reachable: true, models: ['fg'] });
  });

  it('a JSON request answered without end or with a bomb fails with the limit named', async () => {
    written.length = 0;
    const answer = await requestJson(`${server.origin}/endless`, { method: 'GET', timeoutMs: 600_000 });
    expect(answer).toMatchObject({ ok: false, error: expect.stringMatching(new RegExp(`more than ${LIMIT} bytes`)) });
    await expect.poll(() => written.length).toBe(1);
    expect(written[0]).toBeLessThan(LIMIT + 32 * 1024 * 1024);
    expect(await requestJson(`${server.origin}/bomb`, { method: 'GET' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/more than/),
    });
  });
});

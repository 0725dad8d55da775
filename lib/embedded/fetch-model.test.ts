// fetch-model against a local HTTP server that serves a generated GGUF file, with Range support,
// a connection dropped half way, and the failures a real host produces.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runFetchModelCommand } from '../cli/fetch-model-command';
import { ConfigurationError, InputError, ServerError } from '../errors';
import { writeTinyModel } from '../testing/gguf/tiny-model';
import { fetchModel, type DownloadProgress } from './fetch-model';

type Behaviour = {
  /** Requests whose answer stops after half the body (the socket is destroyed). */
  dropFirst: number;
  honourRange: boolean;
  status: number;
  body: Buffer | null;
};

let folder: string;
let model: Buffer;
let modelSha: string;
let server: Server;
let origin: string;
let behaviour: Behaviour;
const requests: { url: string; range: string | undefined; authorization: string | undefined }[] = [];

function serve(request: IncomingMessage, response: import('node:http').ServerResponse): void {
  requests.push({ url: request.url ?? '', range: request.headers.range, authorization: request.headers.authorization });
  const content = behaviour.body ?? model;
  if (behaviour.status !== 200) {
    response.writeHead(behaviour.status, { 'content-type': 'text/plain' });
    response.end('nope');
    return;
  }
  let start = 0;
  const match = /^bytes=(\d+)-$/.exec(request.headers.range ?? '');
  if (match && behaviour.honourRange) {
    start = Number(match[1]);
    if (start >= content.length) {
      response.writeHead(416, { 'content-range': `bytes */${content.length}` });
      response.end();
      return;
    }
    response.writeHead(206, {
      'content-length': content.length - start,
      'content-range': `bytes ${start}-${content.length - 1}/${content.length}`,
      'accept-ranges': 'bytes',
    });
  } else {
    response.writeHead(200, {
      'content-length': content.length,
      'accept-ranges': behaviour.honourRange ? 'bytes' : 'none',
    });
  }
  const rest = content.subarray(start);
  if (behaviour.dropFirst > 0) {
    behaviour.dropFirst -= 1;
    // The connection closes half way through the body, as a dropped download does.
    response.write(rest.subarray(0, Math.floor(rest.length / 2)), () => response.socket?.end());
    return;
  }
  response.end(rest);
}

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'remora-fetch-'));
  const written = await writeTinyModel(path.join(folder, 'source.gguf'), { seed: 4 });
  model = readFileSync(written.path);
  modelSha = createHash('sha256').update(model).digest('hex');
  server = createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
  rmSync(folder, { recursive: true, force: true });
});
beforeEach(() => {
  behaviour = { dropFirst: 0, honourRange: true, status: 200, body: null };
  requests.length = 0;
});

let counter = 0;
function target(): string {
  counter += 1;
  return path.join(folder, `out-${counter}.gguf`);
}

describe('fetchModel', () => {
  it('downloads, checks the magic and the checksum, and reports progress', async () => {
    const out = target();
    const progress: DownloadProgress[] = [];
    const result = await fetchModel({
      url: `${origin}/model.gguf`,
      out,
      sha256: modelSha.toUpperCase(),
      onProgress: (update) => progress.push(update),
    });
    expect(result).toEqual({ path: out, bytes: model.length, sha256: modelSha, resumedFrom: 0, alreadyPresent: false });
    expect(readFileSync(out).equals(model)).toBe(true);
    expect(existsSync(`${out}.part`)).toBe(false);
    expect(progress.at(-1)).toEqual({ received: model.length, total: model.length, resumedFrom: 0 });
  });

  it('resumes with a Range request after the connection drops half way', async () => {
    behaviour.dropFirst = 1;
    const out = target();
    const notices: string[] = [];
    const result = await fetchModel({
      url: `${origin}/model.gguf`,
      out,
      sha256: modelSha,
      retryDelayMs: 0,
      onNotice: (text) => notices.push(text),
    });
    expect(readFileSync(out).equals(model)).toBe(true);
    expect(result.sha256).toBe(modelSha);
    // The second request asks for the rest of what arrived (at most half: bytes in flight may be lost with the
    // connection).
    expect(requests).toHaveLength(2);
    expect(requests[0].range).toBeUndefined();
    const resumedAt = Number(/^bytes=(\d+)-$/.exec(requests[1].range ?? '')?.[1]);
    expect(resumedAt).toBeGreaterThan(0);
    expect(resumedAt).toBeLessThanOrEqual(Math.floor(model.length / 2));
    expect(notices[0]).toMatch(/connection (dropped|closed) after \d+ (of \d+ )?bytes.*retrying \(2 of 5\)/);
  });

  it('keeps the .part file when it gives up, and the next run resumes it', async () => {
    behaviour.dropFirst = 1;
    const out = target();
    const failure = await fetchModel({ url: `${origin}/model.gguf`, out, attempts: 1 }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ServerError);
    expect((failure as Error).message).toMatch(
      /did not complete after 1 attempts: .*kept in .*\.part; run the same command again to resume/,
    );
    const kept = statSync(`${out}.part`).size;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThanOrEqual(Math.floor(model.length / 2));
    expect(existsSync(out)).toBe(false);

    const result = await fetchModel({ url: `${origin}/model.gguf`, out, sha256: modelSha });
    expect(result.resumedFrom).toBe(kept);
    expect(requests.at(-1)?.range).toBe(`bytes=${kept}-`);
    expect(readFileSync(out).equals(model)).toBe(true);
  });

  it('starts over when the server ignores the Range header', async () => {
    const out = target();
    writeFileSync(`${out}.part`, model.subarray(0, 100));
    behaviour.honourRange = false;
    const notices: string[] = [];
    await fetchModel({ url: `${origin}/model.gguf`, out, onNotice: (text) => notices.push(text) });
    expect(readFileSync(out).equals(model)).toBe(true);
    expect(notices).toContain('the server does not resume this download; starting over');
  });

  it('finishes a .part file that is already whole (the server answers 416)', async () => {
    const out = target();
    writeFileSync(`${out}.part`, model);
    const result = await fetchModel({ url: `${origin}/model.gguf`, out, sha256: modelSha });
    expect(result.resumedFrom).toBe(model.length);
    expect(readFileSync(out).equals(model)).toBe(true);
  });

  it('removes a download whose checksum does not match', async () => {
    const out = target();
    const wrong = '0'.repeat(64);
    await expect(fetchModel({ url: `${origin}/model.gguf`, out, sha256: wrong })).rejects.toThrow(
      new RegExp(`checksum does not match: expected ${wrong}, got ${modelSha}`),
    );
    expect(existsSync(out)).toBe(false);
    expect(existsSync(`${out}.part`)).toBe(false);
  });

  it('refuses what is not a GGUF file, such as a web page', async () => {
    behaviour.body = Buffer.from('<!doctype html><html>a model page</html>');
    const out = target();
    const failure = await fetchModel({ url: `${origin}/page`, out }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(InputError);
    expect((failure as Error).message).toMatch(
      /is not a GGUF file \(it starts with "<!do", not "GGUF"\).*resolve\/main/,
    );
    expect(existsSync(`${out}.part`)).toBe(false);
  });

  it('reports HTTP errors clearly, with a hint for gated models, without retrying a 404', async () => {
    behaviour.status = 404;
    await expect(fetchModel({ url: `${origin}/missing.gguf`, out: target() })).rejects.toThrow(
      /answered 404 Not Found/,
    );
    expect(requests).toHaveLength(1);
    behaviour.status = 401;
    await expect(fetchModel({ url: `${origin}/gated.gguf`, out: target() })).rejects.toThrow(/--token-env/);
    behaviour.status = 503;
    await expect(
      fetchModel({ url: `${origin}/busy.gguf`, out: target(), attempts: 2, retryDelayMs: 0 }),
    ).rejects.toThrow(/after 2 attempts: the server answered 503/);
  });

  it('keeps an existing file: refused without --force, skipped when its checksum matches', async () => {
    const out = target();
    writeFileSync(out, model);
    await expect(fetchModel({ url: `${origin}/model.gguf`, out })).rejects.toBeInstanceOf(ConfigurationError);
    expect(await fetchModel({ url: `${origin}/model.gguf`, out, sha256: modelSha })).toMatchObject({
      alreadyPresent: true,
    });
    expect(requests).toHaveLength(0);
    writeFileSync(out, 'old');
    await fetchModel({ url: `${origin}/model.gguf`, out, force: true });
    expect(readFileSync(out).equals(model)).toBe(true);
  });

  it('refuses bad arguments', async () => {
    await expect(fetchModel({ url: 'ftp://example.com/x.gguf', out: target() })).rejects.toThrow(/only http and https/);
    await expect(fetchModel({ url: 'not a url', out: target() })).rejects.toThrow(/not a URL/);
    await expect(fetchModel({ url: `${origin}/model.gguf`, out: target(), sha256: 'abc' })).rejects.toThrow(
      /64 hexadecimal digits/,
    );
  });
});

describe('remora fetch-model', () => {
  it('sends the token from the named environment variable and prints the path and checksum', async () => {
    const out = target();
    const result = await runFetchModelCommand(
      `${origin}/model.gguf`,
      { out, sha256: modelSha, tokenEnv: 'MY_TOKEN' },
      { MY_TOKEN: 'secret' },
    );
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(
      `saved ${out} (${(model.length / 1024 / 1024).toFixed(1)} MB)\nsha256 ${modelSha} (verified)`,
    );
    expect(requests[0].authorization).toBe('Bearer secret');
  });

  it('exits 2 with the reason when it cannot', async () => {
    const missingToken = await runFetchModelCommand(`${origin}/model.gguf`, { out: target(), tokenEnv: 'NOT_SET' }, {});
    expect(missingToken).toMatchObject({ exitCode: 2, stdout: '' });
    expect(missingToken.stderr).toMatch(/NOT_SET \(--token-env\) is not set/);
    behaviour.status = 404;
    const notFound = await runFetchModelCommand(`${origin}/model.gguf`, { out: target() }, {});
    expect(notFound.exitCode).toBe(2);
    expect(notFound.stderr).toMatch(/^fetch-model: the server answered 404/m);
  });
});

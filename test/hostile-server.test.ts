// The harness against a hostile model server: a redirect to file:///etc/passwd and a server that
// never answers end as failed model calls, recorded with their reason and counted in `errors`, not
// as an internal error. The timeout is small so that no test waits on a clock.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeFolders, scratchRepository } from '../lib/campaigns/testing/campaign-harness';
import { runCli } from './cli-process';

const folder = mkdtempSync(path.join(tmpdir(), 'remora-hostile-server-'));
let server: Server;
let baseUrl = '';

beforeAll(async () => {
  // The models list answers (the harness checks the server first); every completion is hostile.
  server = createServer((request, response) => {
    if (request.method === 'GET') {
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end('{"object":"list","data":[{"id":"m","object":"model"}]}');
    }
    if (request.url?.startsWith('/redirect/')) {
      response.writeHead(302, { location: 'file:///etc/passwd' });
      return response.end();
    }
    // /hang/: never answers.
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(folder, { recursive: true, force: true });
});

async function harness(prefix: string, ...extra: string[]) {
  const db = path.join(folder, `${prefix}.db`);
  const run = await runCli([
    'harness',
    '--agent',
    'harness',
    '--base-url',
    `${baseUrl}/${prefix}/v1`,
    '--model',
    'm',
    '--requests-per-variant',
    '2',
    '--db',
    db,
    '--json',
    ...extra,
  ]);
  expect(run.stderr).not.toMatch(/internal error/);
  const summary = JSON.parse(run.stdout);
  const reader = new Database(db, { readonly: true });
  const calls = reader.prepare('select status, error from model_calls').all() as { status: string; error: string }[];
  reader.close();
  return { summary, calls };
}

describe('a hostile model server', () => {
  it('a redirect to a file: URL is a recorded model-call error with its reason', async () => {
    const { summary, calls } = await harness('redirect');
    expect(calls).toHaveLength(2);
    for (const call of calls) {
      expect(call.status).toBe('error');
      expect(call.error).toMatch(/redirected to file:\/\/\/etc\/passwd, which is not an HTTP URL/);
    }
    expect(summary.variants[0].errors).toEqual({ model_request_failed: 2 });
  }, 60_000);

  it('a server that never answers: --request-timeout first-byte, recorded as the reason', async () => {
    const { calls } = await harness('hang', '--request-timeout', 'first-byte=0.2');
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call.error).toMatch(/no first byte from the model server within 0\.2 s/);
  }, 60_000);

  it('campaign run --request-timeout: a node whose server never answers ends with the reason recorded', async () => {
    const repos: string[] = [];
    const repo = scratchRepository({ 'shapes.py': 'def area(width, height):\n    return width * height\n' }, repos);
    const db = path.join(folder, 'campaign.db');
    try {
      const run = await runCli([
        'campaign',
        'run',
        '--agent',
        'docstring',
        '--repo',
        repo,
        '--base-url',
        `${baseUrl}/hang/v1`,
        '--model',
        'm',
        '--request-timeout',
        'first-byte=0.2',
        '--db',
        db,
        '--json',
      ]);
      expect(run.stderr).not.toMatch(/internal error|unknown option/);
      const reader = new Database(db, { readonly: true });
      const calls = reader.prepare('select error from model_calls').all() as { error: string }[];
      reader.close();
      expect(calls.length).toBeGreaterThan(0);
      for (const call of calls) expect(call.error).toMatch(/no first byte from the model server within 0\.2 s/);
    } finally {
      removeFolders(repos);
    }
  }, 120_000);
});

// `remora serve` over real HTTP on 127.0.0.1, with the project's own HTTP model client, and the
// command itself in a child process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCli } from '../../test/cli-process';
import { startServeFromCli } from '../cli/serve-command';
import { parseResponse } from '../parsing/parse-response';
import { HttpModelClient } from '../runner/model-client';
import { ModelRegistry, sharedModelRegistry } from './model-registry';
import { startEmbeddedServer, type EmbeddedServer } from './server';
import { TEST_TOOLS, writeTestModels, type TestModels } from './testing/tiny-models';

let models: TestModels;
let server: EmbeddedServer;
const registry = new ModelRegistry();

beforeAll(async () => {
  models = await writeTestModels();
  server = await startEmbeddedServer({
    ggufPath: models.random,
    registry,
    port: 0,
    settings: { sequences: 2, threads: 1 },
  });
});
afterAll(async () => {
  await server?.close();
  await registry.close();
  await sharedModelRegistry().close();
  models?.remove();
});

async function post(body: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(`${server.url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

describe('the embedded server', () => {
  it('listens on 127.0.0.1 and lists the loaded model', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const response = await fetch(`${server.url}/models`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ object: 'list', data: [{ id: 'tiny-random', object: 'model' }] });
    expect((await fetch(`${server.url.replace(/\/v1$/, '')}/health`)).status).toBe(200);
  });

  it('answers the project HTTP client with a native call under required', async () => {
    const client = new HttpModelClient({ baseUrl: server.url, retry: { attempts: 1, baseDelayMs: 0, maxDelayMs: 0 } });
    const outcome = await client.complete({
      model: 'functiongemma',
      messages: [{ role: 'user', content: 'Set an alarm for 7' }],
      tools: TEST_TOOLS,
      tool_choice: { type: 'function', function: { name: 'set_alarm' } },
      temperature: 0,
      max_tokens: 300,
    });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const body = outcome.body as any;
    expect(body.model).toBe('functiongemma');
    expect(body.choices[0].finish_reason).toBe('tool_calls');
    expect(parseResponse(body.choices[0].message)).toMatchObject({
      path: 'tool_calls',
      calls: [{ name: 'set_alarm' }],
    });
    expect(body.remora.raw_text).toMatch(/^<start_function_call>call:set_alarm\{.*\}<end_function_call>$/s);
  });

  it('returns OpenAI logprobs when asked, one per generated token', async () => {
    const { status, json } = await post({
      messages: [{ role: 'user', content: 'hi' }],
      max_tokens: 5,
      temperature: 0,
      logprobs: true,
    });
    expect(status).toBe(200);
    expect(json.choices[0].logprobs.content).toHaveLength(json.usage.completion_tokens);
    for (const entry of json.choices[0].logprobs.content) expect(entry.logprob).toBeLessThanOrEqual(0);
  });

  it('refuses bad requests with 400 and the reason, and unknown routes with 404', async () => {
    expect(await post('{not json')).toMatchObject({
      status: 400,
      json: { error: { message: expect.stringMatching(/not JSON/) } },
    });
    expect(await post({ messages: [] })).toMatchObject({
      status: 400,
      json: { error: { message: expect.stringMatching(/at least one message/) } },
    });
    expect(await post({ messages: [{ role: 'user', content: 'x' }], stream: true })).toMatchObject({
      status: 400,
      json: { error: { message: expect.stringMatching(/streaming is not supported/) } },
    });
    expect(await post({ messages: [{ role: 'user', content: 'x' }], tool_choice: 'required' })).toMatchObject({
      status: 400,
      json: { error: { message: expect.stringMatching(/needs tools/) } },
    });
    expect((await fetch(`${server.url}/completions`)).status).toBe(404);
  });

  it('stops generating when the client goes away', async () => {
    const { request } = await import('node:http');
    const outgoing = request(`${server.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    outgoing.on('error', () => undefined); // the socket is destroyed below on purpose
    outgoing.end(JSON.stringify({ messages: [{ role: 'user', content: 'hi' }], temperature: 0, max_tokens: 3000 }));
    const pool = server.model.pool;
    await expect.poll(() => pool.freeCount).toBe(1);
    outgoing.destroy();
    await expect.poll(() => pool.freeCount).toBe(2);
    // Left alone, the random model writes all 3000 tokens for this prompt; cancelled, far fewer.
    const longest = Math.max(...pool.sequences.map((sequence) => sequence.nextTokenIndex));
    expect(longest).toBeLessThan(2000);
  });

  it('startServeFromCli prints the URL and refuses a missing file before listening', async () => {
    const lines: string[] = [];
    const output = { write: (text: string) => lines.push(text) };
    const started = await startServeFromCli({ gguf: models.scripted, port: 0, threads: 1, sequences: 1 }, output, {
      write: () => true,
    });
    try {
      expect(lines).toEqual([`${started.url}\n`]);
      expect((await fetch(`${started.url}/models`)).status).toBe(200);
    } finally {
      await started.close();
    }
    await expect(
      startServeFromCli({ gguf: `${models.folder}/none.gguf`, port: 0 }, output, { write: () => true }),
    ).rejects.toThrow(/none\.gguf does not exist/);
  });
});

describe('remora serve (the command, in a child process)', () => {
  it('serves until stopped', async () => {
    const { child, done } = startCli([
      'serve',
      '--gguf',
      models.scripted,
      '--port',
      '0',
      '--threads',
      '1',
      '--sequences',
      '1',
    ]);
    const url = await new Promise<string>((resolve, reject) => {
      let text = '';
      child.stdout?.on('data', (chunk) => {
        text += chunk;
        const line = text.split('\n')[0];
        if (text.includes('\n')) resolve(line);
      });
      child.on('close', (code) => reject(new Error(`serve exited with ${code}`)));
    });
    try {
      const response = await fetch(`${url}/chat/completions`, {
        method: 'POST',
        body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }], temperature: 0 }),
      });
      const body = await response.json();
      expect(body.choices[0].message.tool_calls[0].function.name).toBe('go');
    } finally {
      child.kill('SIGINT');
    }
    expect((await done).code).toBe(0);
  });

  it('exits with a clear message for a file that is not there', async () => {
    const run = await startCli(['serve', '--gguf', `${models.folder}/none.gguf`]).done;
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/serve: the GGUF model .*none\.gguf does not exist/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});

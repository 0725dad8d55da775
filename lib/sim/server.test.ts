import { afterEach, describe, expect, it } from 'vitest';
import OpenAI from 'openai';
import { startSimServer, type SimServer, type SimServerOptions } from './server';
import { get, lintRequest, LINT_TOOLS, post } from './test-helpers';
import { countTokensEstimate, renderPrompt } from '../families/functiongemma/render';
import { normalizeMessages, normalizeTools } from '../families/functiongemma/render-input';
import { ConfigurationError } from '../errors';

const servers: SimServer[] = [];
async function start(options: SimServerOptions = {}): Promise<SimServer> {
  const server = await startSimServer({ port: 0, ...options });
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** The parts of a completion that must repeat exactly (`created` is the clock). */
function stable(result: { status: number; body: any }) {
  const { created: _created, ...rest } = result.body;
  return { status: result.status, ...rest };
}

describe('routes', () => {
  it('lists the model, answers health, marks every answer as simulated and 404s unknown routes', async () => {
    const server = await start({ model: 'my-sim' });
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/v1`);
    const models = await get(server, '/v1/models');
    expect(models.status).toBe(200);
    expect(models.body.data[0].id).toBe('my-sim');
    expect(models.headers.get('x-remora-simulated')).toBe('1');
    expect((await get(server, '/health')).status).toBe(200);
    const missing = await get(server, '/v1/nothing');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ type: 'not_found_error', code: 'not_found' });
    expect(missing.headers.get('x-remora-simulated')).toBe('1');
  });

  it('with an API key, answers the model routes only to a request that brings it', async () => {
    const server = await start({ apiKey: 'sim-secret-1' });
    const refused = await get(server, '/v1/models');
    expect(refused.status).toBe(401);
    expect(refused.body.error).toMatchObject({ type: 'authentication_error', code: 'invalid_api_key' });
    const client = new OpenAI({ baseURL: server.url, apiKey: 'sim-secret-1', maxRetries: 0 });
    expect((await client.models.list()).data[0].id).toBe(server.options.model);
    const wrong = new OpenAI({ baseURL: server.url, apiKey: 'other', maxRetries: 0 });
    await expect(
      wrong.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }),
    ).rejects.toMatchObject({ status: 401 });
    expect(server.stats().requests).toBe(0);
    expect((await get(server, '/health')).status).toBe(200);
  });

  it('answers an OpenAI-shaped completion with usage from the rendered prompt', async () => {
    const server = await start({ http500Rate: 0, http429Rate: 0 });
    const request = lintRequest(1);
    const result = await post(server, '/v1/chat/completions', request);
    expect(result.status).toBe(200);
    expect(result.headers.get('x-remora-simulated')).toBe('1');
    expect(result.body).toMatchObject({
      object: 'chat.completion',
      system_fingerprint: 'remora-sim',
      model: 'functiongemma-270m-it-sim',
    });
    expect(result.body.id).toMatch(/^chatcmpl-[0-9a-f]{32}$/);
    const prompt = renderPrompt({
      messages: normalizeMessages(request.messages as any),
      tools: normalizeTools(request.tools as any),
    });
    expect(result.body.usage.prompt_tokens).toBe(countTokensEstimate(prompt));
    expect(result.body.usage.total_tokens).toBe(result.body.usage.prompt_tokens + result.body.usage.completion_tokens);
  });

  it('refuses bad requests with 400 and an OpenAI error body', async () => {
    const server = await start();
    const cases: [unknown, string][] = [
      ['{"messages": [', 'invalid_json'],
      [{ model: 'x' }, 'invalid_request'],
      [{ messages: [] }, 'invalid_request'],
      [{ messages: [{ role: 'user', content: 'hi' }], top_logprobs: 3 }, 'invalid_request'],
      [{ messages: [{ role: 'user', content: 'hi' }], stream_options: { include_usage: true } }, 'invalid_request'],
      [{ messages: [{ role: 'user', content: 'hi' }], tool_choice: 'required' }, 'invalid_request'],
      [{ ...lintRequest(1), tool_choice: { type: 'function', function: { name: 'nope' } } }, 'invalid_request'],
    ];
    for (const [body, code] of cases) {
      const result = await post(server, '/v1/chat/completions', body);
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.body.error).toMatchObject({ type: 'invalid_request_error', code });
      expect(typeof result.body.error.message).toBe('string');
    }
    expect(server.stats()).toMatchObject({ requests: cases.length, completions: 0, badRequests: cases.length });
  });

  it('injects 500 and 429 answers at the configured rates and counts them', async () => {
    const failing = await start({ http500Rate: 1, http429Rate: 0 });
    const error = await post(failing, '/v1/chat/completions', lintRequest(1));
    expect(error.status).toBe(500);
    expect(error.body.error.type).toBe('server_error');
    const limited = await start({ http500Rate: 0, http429Rate: 1 });
    expect((await post(limited, '/v1/chat/completions', lintRequest(1))).status).toBe(429);
    expect(failing.stats().httpErrors).toEqual({ '429': 0, '500': 1 });
    expect(limited.stats().httpErrors).toEqual({ '429': 1, '500': 0 });
  });

  it('answers after the configured latency, and closes with answers still pending', async () => {
    const slow = await start({ latencyMs: 30, http500Rate: 0, http429Rate: 0 });
    const answered = await post(slow, '/v1/chat/completions', lintRequest(1));
    expect(answered.status).toBe(200);
    const stuck = await start({ latencyMs: 600_000 });
    const pending = post(stuck, '/v1/chat/completions', lintRequest(1)).then(
      () => 'answered',
      () => 'connection closed',
    );
    while (stuck.stats().requests === 0) await new Promise((resolve) => setImmediate(resolve));
    await stuck.close();
    expect(await pending).toBe('connection closed');
  });

  it('zeroes its counts on POST /sim/reset', async () => {
    const server = await start();
    await post(server, '/v1/chat/completions', lintRequest(1));
    expect((await get(server, '/sim/stats')).body.requests).toBe(1);
    expect((await post(server, '/sim/reset', {})).status).toBe(200);
    expect((await get(server, '/sim/stats')).body.requests).toBe(0);
  });

  it('rejects invalid settings as a configuration error', async () => {
    await expect(startSimServer({ port: 0, unknownToolRate: 2 })).rejects.toBeInstanceOf(ConfigurationError);
    await expect(startSimServer({ port: 0, shapes: { text: 0 } })).rejects.toThrow(/at least one shape/);
  });
});

describe('determinism', () => {
  const requests = Array.from({ length: 30 }, (_, index) => lintRequest(index % 10));

  it('gives the same answers for the same seed and requests, and different ones for another seed', async () => {
    const run = async (seed: number) => {
      const server = await start({ seed });
      const answers = [];
      for (const request of requests) answers.push(stable(await post(server, '/v1/chat/completions', request)));
      return answers;
    };
    const first = await run(11);
    expect(await run(11)).toEqual(first);
    expect(await run(12)).not.toEqual(first);
  });

  it('does not depend on arrival order: the same requests at once, reversed, give the same answers', async () => {
    const sequential = await start({ seed: 3 });
    const inOrder = [];
    for (const request of requests)
      inOrder.push(JSON.stringify(stable(await post(sequential, '/v1/chat/completions', request))));
    const concurrent = await start({ seed: 3 });
    const reversed = await Promise.all(
      [...requests].reverse().map((request) => post(concurrent, '/v1/chat/completions', request)),
    );
    expect(reversed.map((result) => JSON.stringify(stable(result))).sort()).toEqual(inOrder.sort());
    expect(concurrent.stats()).toEqual(sequential.stats());
  });

  it('varies identical requests with varyRepeats, and repeats them exactly without', async () => {
    const answersFor = async (varyRepeats: boolean) => {
      const server = await start({ seed: 9, varyRepeats, http500Rate: 0, http429Rate: 0 });
      const answers = new Set<string>();
      for (let index = 0; index < 15; index += 1)
        answers.add(JSON.stringify(stable(await post(server, '/v1/chat/completions', lintRequest(1)))));
      return answers.size;
    };
    expect(await answersFor(true)).toBeGreaterThan(1);
    expect(await answersFor(false)).toBe(1);
  });

  it('by default repeats a request exactly at temperature 0 and varies it above, as a real server does', async () => {
    const server = await start({ seed: 9, http500Rate: 0, http429Rate: 0 });
    const answersAt = async (temperature: number | undefined) => {
      const answers = new Set<string>();
      const request = { ...lintRequest(1), ...(temperature === undefined ? {} : { temperature }) } as ReturnType<
        typeof lintRequest
      >;
      for (let index = 0; index < 15; index += 1)
        answers.add(JSON.stringify(stable(await post(server, '/v1/chat/completions', request))));
      return answers.size;
    };
    expect(await answersAt(0)).toBe(1);
    expect(await answersAt(0.7)).toBeGreaterThan(1);
    expect(await answersAt(undefined)).toBeGreaterThan(1);
  });

  it('ignores call ids, which clients invent at random', async () => {
    const server = await start({ seed: 4, varyRepeats: false });
    const withId = (id: string) => ({
      ...lintRequest(1),
      messages: [
        ...lintRequest(1).messages,
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id, type: 'function', function: { name: 'run_linter', arguments: '{"check_only": true}' } }],
        },
        { role: 'tool', tool_call_id: id, content: '{"issues": 2}' },
      ],
    });
    const first = stable(await post(server, '/v1/chat/completions', withId('call_abc')));
    const second = stable(await post(server, '/v1/chat/completions', withId('call_xyz')));
    expect(second).toEqual(first);
  });
});

describe('real OpenAI client', () => {
  it('runs a multi-turn exchange with assistant tool_calls and role tool results', async () => {
    const server = await start({
      seed: 21,
      shapes: { tool_calls: 1 },
      http500Rate: 0,
      http429Rate: 0,
      unknownToolRate: 0,
    });
    const client = new OpenAI({ baseURL: server.url, apiKey: 'not-needed', maxRetries: 0 });
    const messages: OpenAI.ChatCompletionMessageParam[] = [
      { role: 'system', content: 'You fix lint problems.' },
      { role: 'user', content: 'Fix src/app.py' },
    ];
    const tools = LINT_TOOLS as OpenAI.ChatCompletionTool[];
    const first = await client.chat.completions.create({ model: 'functiongemma-270m-it-sim', messages, tools });
    const call = first.choices[0].message.tool_calls?.[0];
    expect(call?.type).toBe('function');
    expect(call?.id).toMatch(/^chatcmpl-tool-[0-9a-f]{32}$/);
    messages.push(first.choices[0].message as OpenAI.ChatCompletionMessageParam);
    messages.push({ role: 'tool', tool_call_id: call!.id, content: '{"ok": true}' });
    const second = await client.chat.completions.create({ model: 'functiongemma-270m-it-sim', messages, tools });
    expect(second.choices[0].message.tool_calls?.length).toBe(1);
    expect(second.usage!.prompt_tokens).toBeGreaterThan(first.usage!.prompt_tokens);
    expect(server.stats().modes.auto).toBe(2);
  });
});

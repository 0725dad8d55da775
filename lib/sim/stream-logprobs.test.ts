// The simulator's logprobs and streaming, over real HTTP.
import { afterEach, describe, expect, it } from 'vitest';
import { startSimServer, type SimServer, type SimServerOptions } from './server';
import { lintRequest, LINT_TOOLS, post } from './test-helpers';
import { tokenize } from './token-logprobs';
import { StreamAssembler } from '../runner/stream-assembler';
import { analyzeResponse, rebuildRawOutput, readTokenLogprobs } from '../parsing/logprobs';
import { decodeNativeCalls } from '../families/functiongemma/native-decode';

const servers: SimServer[] = [];
async function start(options: SimServerOptions = {}): Promise<SimServer> {
  const server = await startSimServer({ port: 0, http500Rate: 0, http429Rate: 0, ...options });
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function postStream(
  server: SimServer,
  body: unknown,
): Promise<{ status: number; contentType: string | null; text: string }> {
  const response = await fetch(`${server.origin}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, contentType: response.headers.get('content-type'), text: await response.text() };
}

const TOOL_NAMES = LINT_TOOLS.map((tool) => tool.function.name);

describe('tokenize', () => {
  it('keeps control tokens whole, splits names at underscores, and loses no character', () => {
    expect(tokenize('<start_function_call>call:apply_fix{line_number:123456}<end_function_call>')).toEqual([
      '<start_function_call>',
      'call',
      ':',
      'apply',
      '_fix',
      '{',
      'line',
      '_number',
      ':',
      '123',
      '456',
      '}',
      '<end_function_call>',
    ]);
    const text = 'Ünïcode 🙂 <escape>x<escape> <notatoken> __a';
    expect(tokenize(text).join('')).toBe(text);
  });
});

describe('logprobs', () => {
  it('returns OpenAI-shaped token logprobs whose tokens rebuild the raw output, the answer unchanged', async () => {
    const server = await start({ seed: 3, shapes: { tool_calls: 1 }, lossyBareValuesRate: 1, varyRepeats: false });
    const plain = await post(server, '/v1/chat/completions', lintRequest(4));
    const withLogprobs = await post(
      server,
      '/v1/chat/completions',
      lintRequest(4, { logprobs: true, top_logprobs: 3 }),
    );
    expect(plain.body.choices[0].logprobs).toBeNull();
    expect(withLogprobs.body.choices[0].message).toEqual(plain.body.choices[0].message);

    const content = withLogprobs.body.choices[0].logprobs.content;
    for (const entry of content) {
      expect(Object.keys(entry).sort()).toEqual(['bytes', 'logprob', 'token', 'top_logprobs']);
      expect(entry.logprob).toBeLessThanOrEqual(0);
      expect(entry.top_logprobs).toHaveLength(3);
      expect(entry.top_logprobs.map((alternative: { token: string }) => alternative.token)).toContain(entry.token);
      const total = entry.top_logprobs.reduce(
        (sum: number, alternative: { logprob: number }) => sum + Math.exp(alternative.logprob),
        0,
      );
      expect(total).toBeLessThanOrEqual(1.000001);
    }
    const raw = rebuildRawOutput(readTokenLogprobs(withLogprobs.body)!);
    const call = plain.body.choices[0].message.tool_calls[0];
    expect(decodeNativeCalls(raw).calls[0].name).toBe(call.function.name);

    const insight = analyzeResponse(withLogprobs.body, { toolNames: TOOL_NAMES })!;
    expect(insight.toolNameConfidence).toBeGreaterThan(0);
    expect(insight.toolNameConfidence).toBeLessThan(1);
    expect(insight.toolNames[0].runnerUps.length).toBeGreaterThan(0);
    expect(
      insight.toolNames[0].runnerUps
        .flatMap((runnerUp) => runnerUp.names)
        .every((name) => TOOL_NAMES.includes(name) && name !== call.function.name),
    ).toBe(true);
  });

  it('lets the lost-value check see what the emulated vLLM parser dropped', async () => {
    // Bare values always: run_linter's boolean check_only is written bare and dropped.
    const server = await start({
      seed: 1,
      shapes: { tool_calls: 1 },
      lossyBareValuesRate: 1,
      unknownToolRate: 0,
      invalidArgumentsRate: 0,
    });
    let seen = 0;
    for (let index = 0; index < 30 && seen === 0; index += 1) {
      const result = await post(server, '/v1/chat/completions', lintRequest(index, { logprobs: true }));
      const insight = analyzeResponse(result.body, { toolNames: TOOL_NAMES })!;
      const call = result.body.choices[0].message.tool_calls[0];
      if (call.function.name !== 'run_linter') continue;
      seen += 1;
      expect(JSON.parse(call.function.arguments)).toEqual({});
      expect(insight.lostValues).toEqual([
        { call: 0, name: 'run_linter', key: 'check_only', rawValue: expect.any(Boolean), kind: 'missing' },
      ]);
    }
    expect(seen).toBe(1);
  });

  it('is deterministic: the same request gets the same logprobs', async () => {
    const first = await start({ seed: 9, varyRepeats: false });
    const second = await start({ seed: 9, varyRepeats: false });
    const request = lintRequest(2, { logprobs: true, top_logprobs: 5 });
    const [a, b] = [
      await post(first, '/v1/chat/completions', request),
      await post(second, '/v1/chat/completions', request),
    ];
    expect(a.body.choices[0].logprobs).toEqual(b.body.choices[0].logprobs);
  });
});

describe('streaming', () => {
  it('streams server-sent events that add up to the same message, with usage when asked', async () => {
    const server = await start({ seed: 4, shapes: { tool_calls: 1, text: 1 }, varyRepeats: false });
    for (let index = 0; index < 12; index += 1) {
      const plain = await post(server, '/v1/chat/completions', lintRequest(index, { logprobs: true }));
      const streamed = await postStream(
        server,
        lintRequest(index, { logprobs: true, stream: true, stream_options: { include_usage: true } }),
      );
      expect(streamed.status).toBe(200);
      expect(streamed.contentType).toContain('text/event-stream');
      expect(streamed.text.endsWith('data: [DONE]\n\n')).toBe(true);

      const assembler = new StreamAssembler();
      assembler.feed(streamed.text);
      assembler.end();
      const body = assembler.assemble() as any;
      const expected = plain.body.choices[0].message;
      // An empty answer's "" comes back as null: no text arrived.
      expect(body.choices[0].message.content).toEqual(expected.content === '' ? null : expected.content);
      expect(body.choices[0].message.tool_calls ?? []).toEqual(expected.tool_calls);
      expect(body.choices[0].finish_reason).toBe(plain.body.choices[0].finish_reason);
      expect(body.choices[0].logprobs).toEqual(plain.body.choices[0].logprobs);
      expect(body.usage).toEqual(plain.body.usage);
      if (expected.tool_calls.length > 0 && expected.tool_calls[0].function.arguments.length > 7) {
        // The arguments arrive in several fragments.
        expect(streamed.text.split('"arguments"').length - 1).toBeGreaterThan(2);
      }
    }
  });

  it('answers injected errors as JSON before any stream starts', async () => {
    const server = await start({ http500Rate: 1 });
    const result = await postStream(server, lintRequest(1, { stream: true }));
    expect(result.status).toBe(500);
    expect(result.contentType).toContain('application/json');
  });
});

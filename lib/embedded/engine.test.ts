// The embedded engine with the real llama.cpp binding on tiny models the project writes itself.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPrompt } from '../functiongemma/render';
import { checkArguments } from '../parsing/arguments';
import { parseResponse } from '../parsing/parse-response';
import type { ChatMessage } from '../protocol/messages';
import type { EmbeddedCompletionBody } from './chat-completion';
import { EmbeddedEngine, EmbeddedModelClient } from './engine';
import { ModelRegistry, type LoadedModel } from './model-registry';
import { writeTinyModel } from '../testing/gguf/tiny-model';
import { TEST_TOOLS, writeTestModels, type TestModels } from './testing/tiny-models';

let models: TestModels;
const registry = new ModelRegistry();
let random: EmbeddedEngine;
let scripted: EmbeddedEngine;
let randomModel: LoadedModel;

beforeAll(async () => {
  models = await writeTestModels();
  // One thread: on a busy 2-core machine llama.cpp's threads wait on each other far longer than they compute.
  random = new EmbeddedEngine({ ggufPath: models.random, registry, settings: { sequences: 2, threads: 1 } });
  scripted = new EmbeddedEngine({ ggufPath: models.scripted, registry, settings: { sequences: 2, threads: 1 } });
  randomModel = await random.load();
  await scripted.load();
});
afterAll(async () => {
  await registry.close();
  models?.remove();
});

const ask: ChatMessage[] = [
  { role: 'system', content: 'You are a helpful assistant.' },
  { role: 'user', content: 'What is the weather in Tokyo?' },
];

async function body(
  engine: EmbeddedEngine,
  request: Parameters<EmbeddedEngine['complete']>[0],
): Promise<EmbeddedCompletionBody> {
  const outcome = await engine.complete(request);
  if (!outcome.ok) throw new Error(`expected a completion, got ${outcome.status}: ${outcome.error}`);
  return outcome.body;
}

describe('loading', () => {
  it('loads a file once and shares it', async () => {
    const again = new EmbeddedEngine({ ggufPath: models.random, registry });
    expect(await again.load()).toBe(randomModel);
    expect(randomModel.warnings).toEqual([]);
    expect(randomModel.settings.sequences).toBe(2);
  });

  it('turns a missing, foreign or corrupt file into a clear error, not a crash', async () => {
    const foreign = path.join(models.folder, 'notes.gguf');
    writeFileSync(foreign, 'these are not weights, just some text');
    const corrupt = path.join(models.folder, 'corrupt.gguf');
    writeFileSync(corrupt, Buffer.concat([Buffer.from('GGUF'), Buffer.from([3, 0, 0, 0]), Buffer.alloc(64, 0xff)]));
    const cases: [string, RegExp][] = [
      [path.join(models.folder, 'missing.gguf'), /missing\.gguf does not exist/],
      [foreign, /notes\.gguf is not a GGUF model: it starts with "thes"/],
      [corrupt, /cannot load the GGUF model .*corrupt\.gguf/],
    ];
    for (const [file, message] of cases) {
      const outcome = await new EmbeddedEngine({ ggufPath: file, registry }).complete({ model: 'm', messages: ask });
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) expect(outcome.error).toMatch(message);
      const client = await new EmbeddedModelClient({ ggufPath: file, registry }).complete({
        model: 'm',
        messages: ask,
      });
      expect(client).toMatchObject({ ok: false, attempts: 1 });
    }
  });
});

describe('native prompting and stopping', () => {
  it('stops at <end_function_call>, keeps it in the raw text, and returns the parsed call like a server', async () => {
    const result = await body(scripted, { model: 'tiny', messages: ask, tools: TEST_TOOLS, temperature: 0 });
    expect(result.remora.raw_text).toBe('<start_function_call>call:go{}<end_function_call>');
    expect(result.remora.stopped_by).toBe('<end_function_call>');
    const choice = result.choices[0];
    expect(choice.finish_reason).toBe('tool_calls');
    expect(choice.message.content).toBeNull();
    expect(choice.message.tool_calls).toEqual([
      { id: expect.stringMatching(/^call_[0-9a-f]+$/), type: 'function', function: { name: 'go', arguments: '{}' } },
    ]);
    expect(parseResponse(choice.message)).toMatchObject({ path: 'tool_calls', calls: [{ name: 'go', arguments: {} }] });
    // Usage counts real tokens: the rendered prompt's, and every generated one (the stop token too).
    const prompt = randomModel.model.tokenize(renderPrompt({ messages: ask, tools: TEST_TOOLS }), true);
    expect(result.usage).toEqual({
      prompt_tokens: prompt.length,
      completion_tokens: 6,
      total_tokens: prompt.length + 6,
    });
    expect(result.remora.tokens.map((token) => token.text)).toEqual([
      '<start_function_call>',
      'call:',
      'go',
      '{',
      '}',
      '<end_function_call>',
    ]);
    for (const token of result.remora.tokens) expect(token.probability).toBeGreaterThan(0.9);
    expect(result.model).toBe('tiny');
  });

  it('stops at <end_of_turn> without keeping it, after a tool result, reusing the cached prompt', async () => {
    const messages: ChatMessage[] = [
      ...ask,
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'go', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 'call_1', name: 'go', content: '{"ok":true}' },
    ];
    const result = await body(scripted, { model: 'tiny', messages, tools: TEST_TOOLS, temperature: 0 });
    expect(result.remora.raw_text).toBe('Done');
    expect(result.remora.stopped_by).toBe('<end_of_turn>');
    expect(result.choices[0]).toMatchObject({ finish_reason: 'stop', message: { role: 'assistant', content: 'Done' } });
    expect(result.usage.completion_tokens).toBe(2);
  });

  it('stops at <start_function_response> so that the model cannot invent a tool result', async () => {
    const messages: ChatMessage[] = [
      ...ask,
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'go', arguments: '{}' } }],
      },
    ];
    const result = await body(scripted, { model: 'tiny', messages, temperature: 0 });
    expect(result.remora.raw_text).toBe('Oops');
    expect(result.remora.stopped_by).toBe('<start_function_response>');
  });

  it('also stops when the model spells a stop token out in plain characters', async () => {
    const file = path.join(models.folder, 'spelled.gguf');
    await writeTinyModel(file, {
      transitions: {
        '\n': '<start_function_call>',
        '<start_function_call>': 'call:',
        'call:': 'go',
        go: '{',
        '{': '}',
        '}': '<',
        '<': 'end_function_call>',
        'end_function_call>': 'X',
      },
    });
    const spelled = new EmbeddedEngine({ ggufPath: file, registry, settings: { sequences: 1, threads: 1 } });
    const result = await body(spelled, { model: 'tiny', messages: ask, temperature: 0, max_tokens: 20 });
    expect(result.remora.tokens.map((token) => token.text).slice(-2)).toEqual(['<', 'end_function_call>']);
    expect(result.remora.raw_text).toBe('<start_function_call>call:go{}<end_function_call>');
    expect(result.remora.stopped_by).toBe('<end_function_call>');
    expect(result.choices[0].finish_reason).toBe('tool_calls');
  });

  it('honours max_tokens: a cut call comes back as content, which the parser calls malformed', async () => {
    const result = await body(scripted, { model: 'tiny', messages: ask, temperature: 0, max_tokens: 3 });
    expect(result.choices[0].finish_reason).toBe('length');
    expect(result.usage.completion_tokens).toBe(3);
    expect(result.choices[0].message.content).toBe('<start_function_call>call:go');
    expect(parseResponse(result.choices[0].message).path).toBe('malformed');
  });

  it('tool_choice none forbids starting a call', async () => {
    const result = await body(scripted, {
      model: 'tiny',
      messages: ask,
      tools: TEST_TOOLS,
      tool_choice: 'none',
      temperature: 0,
      max_tokens: 8,
    });
    expect(result.remora.constraint).toBe('no_calls');
    expect(result.remora.raw_text).not.toContain('<start_function_call>');
    expect(result.choices[0].message.tool_calls).toBeUndefined();
  });

  it('refuses what a server refuses, with a 400', async () => {
    const cases = [
      { request: { model: 'm', messages: ask, tool_choice: 'required' as const }, message: /needs tools/ },
      {
        request: {
          model: 'm',
          messages: ask,
          tools: TEST_TOOLS,
          tool_choice: { type: 'function' as const, function: { name: 'nope' } },
        },
        message: /"nope", which is not among/,
      },
      {
        request: { model: 'm', messages: [{ role: 'user' as const, content: 'x'.repeat(5000) }] },
        message: /the prompt has \d+ tokens; the context holds 4096/,
      },
      {
        request: {
          model: 'm',
          messages: ask,
          tools: [{ type: 'function' as const, function: { name: 'two words', description: '', parameters: {} } }],
          tool_choice: 'required' as const,
        },
        message: /no tool has a name FunctionGemma can call/,
      },
    ];
    for (const { request, message } of cases) {
      const outcome = await random.complete(request);
      expect(outcome).toMatchObject({ ok: false, status: 400 });
      if (!outcome.ok) expect(outcome.error).toMatch(message);
    }
  });
});

describe('sampling', () => {
  it('is reproducible for a seed at temperature 1, varies across seeds, and greedy ignores the seed', async () => {
    const request = { model: 'm', messages: ask, temperature: 1, max_tokens: 12 };
    const first = await body(random, { ...request, seed: 1 });
    const again = await body(random, { ...request, seed: 1 });
    expect(again.remora.raw_text).toBe(first.remora.raw_text);
    const others = await Promise.all([2, 3, 4].map((seed) => body(random, { ...request, seed })));
    expect(new Set([first, ...others].map((result) => result.remora.raw_text)).size).toBeGreaterThan(1);
    const greedy = await Promise.all([5, 6].map((seed) => body(random, { ...request, temperature: 0, seed })));
    expect(greedy[0].remora.raw_text).toBe(greedy[1].remora.raw_text);
    // top_k 1 is greedy whatever the temperature.
    const topOne = await body(random, { ...request, top_k: 1, seed: 9 });
    expect(topOne.remora.raw_text).toBe(greedy[0].remora.raw_text);
  });
});

describe('several conversations at once', () => {
  it('runs two on separate sequences while a third waits, each as it would alone', async () => {
    const requests = ['Tokyo', 'Paris', 'Lima'].map((city) => ({
      model: 'm',
      messages: [{ role: 'user' as const, content: `Weather in ${city}?` }],
      tools: TEST_TOOLS,
      temperature: 0,
      max_tokens: 40,
    }));
    const alone = [];
    for (const request of requests) alone.push((await body(random, request)).remora.raw_text);
    const together = Promise.all(requests.map((request) => body(random, request)));
    await expect.poll(() => randomModel.pool.waitingCount).toBe(1);
    expect(randomModel.pool.freeCount).toBe(0);
    const results = await together;
    expect(results.map((result) => result.remora.raw_text)).toEqual(alone);
    expect(randomModel.pool.freeCount).toBe(2);
  });
});

describe('cancellation', () => {
  it('cancels a request waiting for a sequence and the ones generating', async () => {
    // Left alone, the random model writes all the tokens asked for: none of these can end before it is cancelled.
    const long = { model: 'm', messages: ask, temperature: 0, max_tokens: 3000 };
    const controllers = [new AbortController(), new AbortController(), new AbortController()];
    const outcomes = controllers.map((controller) => random.complete(long, controller.signal));
    await expect.poll(() => randomModel.pool.waitingCount).toBe(1);
    controllers[2].abort();
    expect(await outcomes[2]).toMatchObject({ ok: false, type: 'cancelled', error: 'request cancelled' });
    expect(randomModel.pool.waitingCount).toBe(0);
    controllers[0].abort();
    controllers[1].abort();
    for (const outcome of await Promise.all(outcomes.slice(0, 2)))
      expect(outcome).toMatchObject({ ok: false, type: 'cancelled' });
    expect(randomModel.pool.freeCount).toBe(2);
  });
});

describe('constrained decoding in the native format', () => {
  it('under required, every output of the random model is one valid native call to a declared tool', async () => {
    const seen = new Set<string>();
    for (let seed = 1; seed <= 24; seed += 1) {
      const result = await body(random, {
        model: 'm',
        messages: ask,
        tools: TEST_TOOLS,
        tool_choice: 'required',
        temperature: 1,
        seed,
        max_tokens: 400,
      });
      const raw = result.remora.raw_text;
      expect(raw, raw).toMatch(
        /^<start_function_call>call:(get_weather|set_alarm|submit_result)\{.*\}<end_function_call>$/s,
      );
      expect(result.remora.constraint).toBe('required');
      const parsed = parseResponse(result.choices[0].message);
      expect(parsed.path, raw).toBe('tool_calls');
      expect(parsed.calls).toHaveLength(1);
      const [call] = parsed.calls;
      const tool = TEST_TOOLS.find((candidate) => candidate.function.name === call.name);
      expect(tool, raw).toBeDefined();
      const check = checkArguments(tool?.function.parameters ?? {}, call.arguments);
      expect(check, raw).toMatchObject({ ok: true, coerced: false });
      seen.add(call.name);
    }
    // Random weights pick different tools: the grammar allows each of them.
    expect(seen.size).toBeGreaterThan(1);
  });

  it('a named tool choice only ever produces that tool', async () => {
    for (let seed = 1; seed <= 10; seed += 1) {
      const result = await body(random, {
        model: 'm',
        messages: ask,
        tools: TEST_TOOLS,
        tool_choice: { type: 'function', function: { name: 'set_alarm' } },
        temperature: 1,
        seed,
        max_tokens: 400,
      });
      expect(result.remora.constraint).toBe('named');
      const parsed = parseResponse(result.choices[0].message);
      expect(
        parsed.calls.map((call) => call.name),
        result.remora.raw_text,
      ).toEqual(['set_alarm']);
      expect(checkArguments(TEST_TOOLS[1].function.parameters, parsed.calls[0].arguments).ok).toBe(true);
    }
  });

  it('under auto there is no constraint: the same random model writes no call', async () => {
    const results = await Promise.all(
      [1, 2, 3].map((seed) =>
        body(random, {
          model: 'm',
          messages: ask,
          tools: TEST_TOOLS,
          tool_choice: 'auto',
          temperature: 1,
          seed,
          max_tokens: 30,
        }),
      ),
    );
    for (const result of results) {
      expect(result.remora.constraint).toBe('auto');
      expect(result.remora.raw_text).not.toMatch(/^<start_function_call>call:/);
    }
  });
});

// The embedded engine with the real llama.cpp binding on tiny models the project writes itself:
// loading, and the native prompt with the stop tokens a server would honour.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderPrompt } from '../families/functiongemma/render';
import { parseResponse } from '../parsing/parse-response';
import type { ChatMessage } from '../protocol/messages';
import { EmbeddedEngine, EmbeddedModelClient } from './engine';
import { writeTinyModel } from '../testing/gguf/tiny-model';
import { TEST_TOOLS } from './testing/tiny-models';
import { ask, body, engineSuite } from './testing/engine-suite';

const engines = engineSuite();

describe('loading', () => {
  it('loads a file once and shares it', async () => {
    const again = new EmbeddedEngine({ ggufPath: engines.models.random, registry: engines.registry });
    expect(await again.load()).toBe(engines.randomModel);
    expect(engines.randomModel.warnings).toEqual([]);
    expect(engines.randomModel.settings.sequences).toBe(2);
  });

  it('turns a missing, foreign or corrupt file into a clear error, not a crash', async () => {
    const foreign = path.join(engines.models.folder, 'notes.gguf');
    writeFileSync(foreign, 'these are not weights, just some text');
    const corrupt = path.join(engines.models.folder, 'corrupt.gguf');
    writeFileSync(corrupt, Buffer.concat([Buffer.from('GGUF'), Buffer.from([3, 0, 0, 0]), Buffer.alloc(64, 0xff)]));
    const cases: [string, RegExp][] = [
      [path.join(engines.models.folder, 'missing.gguf'), /missing\.gguf does not exist/],
      [foreign, /notes\.gguf is not a GGUF model: it starts with "thes"/],
      [corrupt, /cannot load the GGUF model .*corrupt\.gguf/],
    ];
    for (const [file, message] of cases) {
      const outcome = await new EmbeddedEngine({ ggufPath: file, registry: engines.registry }).complete({
        model: 'm',
        messages: ask,
      });
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) expect(outcome.error).toMatch(message);
      const client = await new EmbeddedModelClient({ ggufPath: file, registry: engines.registry }).complete({
        model: 'm',
        messages: ask,
      });
      expect(client).toMatchObject({ ok: false, attempts: 1 });
    }
  });
});

describe('native prompting and stopping', () => {
  it('stops at <end_function_call>, keeps it in the raw text, and returns the parsed call like a server', async () => {
    const result = await body(engines.scripted, { model: 'tiny', messages: ask, tools: TEST_TOOLS, temperature: 0 });
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
    const prompt = engines.randomModel.model.tokenize(renderPrompt({ messages: ask, tools: TEST_TOOLS }), true);
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
    const result = await body(engines.scripted, { model: 'tiny', messages, tools: TEST_TOOLS, temperature: 0 });
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
    const result = await body(engines.scripted, { model: 'tiny', messages, temperature: 0 });
    expect(result.remora.raw_text).toBe('Oops');
    expect(result.remora.stopped_by).toBe('<start_function_response>');
  });

  it('also stops when the model spells a stop token out in plain characters', async () => {
    const file = path.join(engines.models.folder, 'spelled.gguf');
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
    const spelled = new EmbeddedEngine({
      ggufPath: file,
      registry: engines.registry,
      settings: { sequences: 1, threads: 1 },
    });
    const result = await body(spelled, { model: 'tiny', messages: ask, temperature: 0, max_tokens: 20 });
    expect(result.remora.tokens.map((token) => token.text).slice(-2)).toEqual(['<', 'end_function_call>']);
    expect(result.remora.raw_text).toBe('<start_function_call>call:go{}<end_function_call>');
    expect(result.remora.stopped_by).toBe('<end_function_call>');
    expect(result.choices[0].finish_reason).toBe('tool_calls');
  });

  it('honours max_tokens: a cut call comes back as content, which the parser calls malformed', async () => {
    const result = await body(engines.scripted, { model: 'tiny', messages: ask, temperature: 0, max_tokens: 3 });
    expect(result.choices[0].finish_reason).toBe('length');
    expect(result.usage.completion_tokens).toBe(3);
    expect(result.choices[0].message.content).toBe('<start_function_call>call:go');
    expect(parseResponse(result.choices[0].message).path).toBe('malformed');
  });

  it('tool_choice none forbids starting a call', async () => {
    const result = await body(engines.scripted, {
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
      const outcome = await engines.random.complete(request);
      expect(outcome).toMatchObject({ ok: false, status: 400 });
      if (!outcome.ok) expect(outcome.error).toMatch(message);
    }
  });
});

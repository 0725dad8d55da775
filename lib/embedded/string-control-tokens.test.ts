// Constrained decoding must not let a control token into a string value: a model that strongly
// prefers `<bos>`, `<pad>`, `<start_of_turn>` or `<end_function_response>` (control tokens of the
// vocabulary, matched by llama.cpp through their text) still writes strings closed by `<escape>` with
// none of them inside. Real llama.cpp on a tiny model with those preferences.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTinyModel } from '../testing/gguf/tiny-model';
import { parseResponse } from '../parsing/parse-response';
import type { ToolSpec } from '../protocol/messages';
import { EmbeddedEngine } from './engine';
import { ModelRegistry } from './model-registry';

const TEMPTING = [
  '<bos>',
  '<pad>',
  '<start_of_turn>',
  '<end_function_response>',
  '<start_function_declaration>',
  '<end_function_declaration>',
];
const NOTE: ToolSpec = {
  type: 'function',
  function: {
    name: 'note',
    description: 'Keeps a note.',
    parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  },
};

const folder = mkdtempSync(path.join(tmpdir(), 'remora-control-'));
const registry = new ModelRegistry();
let engine: EmbeddedEngine;

beforeAll(async () => {
  const file = path.join(folder, 'tempted.gguf');
  const priors: Record<string, number> = { '<escape>': 3 };
  for (const token of TEMPTING) priors[token] = 9;
  await writeTinyModel(file, { seed: 11, tokenPriors: priors });
  engine = new EmbeddedEngine({ ggufPath: file, registry, settings: { sequences: 1, threads: 1 } });
  await engine.load();
});

afterAll(async () => {
  await registry.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('string values under the call grammar', () => {
  it('never hold a control token, however much the model wants one', async () => {
    for (let seed = 1; seed <= 8; seed += 1) {
      const outcome = await engine.complete({
        model: 'm',
        messages: [{ role: 'user', content: 'Note this.' }],
        tools: [NOTE],
        tool_choice: 'required',
        temperature: 1,
        seed,
        max_tokens: 120,
      });
      if (!outcome.ok) throw new Error(outcome.error);
      const raw = outcome.body.remora.raw_text;
      expect(raw, raw).toMatch(/^<start_function_call>call:note\{text:<escape>.*<escape>\}<end_function_call>$/s);
      const inside = raw.slice(raw.indexOf('<escape>') + '<escape>'.length, raw.lastIndexOf('<escape>'));
      for (const token of [...TEMPTING, '<escape>']) expect(inside, raw).not.toContain(token);
      expect(parseResponse(outcome.body.choices[0].message).path).toBe('tool_calls');
    }
  });
});

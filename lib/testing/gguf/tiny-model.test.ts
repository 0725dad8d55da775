// The tiny model loads in the real llama.cpp binding, and its vocabulary behaves like FunctionGemma's
// where the engine depends on it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LlamaModel, Token } from 'node-llama-cpp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLlama } from '../../embedded/llama-runtime';
import { renderPrompt } from '../../families/functiongemma/render';
import { tinyVocabulary, writeTinyModel } from './tiny-model';
import { FUNCTION_GEMMA_CONTROL_TOKENS } from '../../protocol/functiongemma-tokens';

const folder = mkdtempSync(path.join(tmpdir(), 'remora-tiny-'));
let random: LlamaModel;
let scripted: LlamaModel;

beforeAll(async () => {
  const llama = await loadLlama();
  await writeTinyModel(path.join(folder, 'random.gguf'), { seed: 11 });
  await writeTinyModel(path.join(folder, 'scripted.gguf'), { transitions: { '\n': 'Hello', Hello: '<end_of_turn>' } });
  random = await llama.loadModel({ modelPath: path.join(folder, 'random.gguf') });
  scripted = await llama.loadModel({ modelPath: path.join(folder, 'scripted.gguf') });
});
afterAll(async () => {
  await random?.dispose();
  await scripted?.dispose();
  rmSync(folder, { recursive: true, force: true });
});

describe('tiny model', () => {
  it('writes the same file for the same seed, another for another seed', async () => {
    const first = await writeTinyModel(path.join(folder, 'a.gguf'), { seed: 2 });
    const again = await writeTinyModel(path.join(folder, 'b.gguf'), { seed: 2 });
    const other = await writeTinyModel(path.join(folder, 'c.gguf'), { seed: 3 });
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(first.path).equals(readFileSync(again.path))).toBe(true);
    expect(readFileSync(first.path).equals(readFileSync(other.path))).toBe(false);
  });

  it('holds every FunctionGemma control token as one special token, matched only when parsing special tokens', () => {
    const vocabulary = tinyVocabulary();
    for (const control of [...FUNCTION_GEMMA_CONTROL_TOKENS, '<bos>', '<eos>']) {
      const tokens = random.tokenize(control, true);
      expect(tokens, control).toEqual([vocabulary.idOf(control)]);
      expect(random.isSpecialToken(tokens[0]), control).toBe(true);
      expect(random.detokenize(tokens, true)).toBe(control);
      // As plain text (no special parsing) the same characters are spelled out.
      expect(random.tokenize(control, false).length, control).toBe(control.length);
    }
  });

  it('ends generation at <end_of_turn> and <eos>, not at the call tokens', () => {
    expect(random.isEogToken(random.tokenize('<end_of_turn>', true)[0])).toBe(true);
    expect(random.isEogToken(random.tokenize('<eos>', true)[0])).toBe(true);
    expect(random.isEogToken(random.tokenize('<end_function_call>', true)[0])).toBe(false);
    expect(random.isEogToken(random.tokenize('<start_function_response>', true)[0])).toBe(false);
  });

  it('spells any text and gives it back unchanged, a rendered prompt included', () => {
    const texts = ['plain ascii', '  two  spaces\nand\ttabs', 'ünïcödé ✓ 漢字 🙂', 'a < b && c > d <escape', ''];
    for (const text of texts) expect(random.detokenize(random.tokenize(text, false), false)).toBe(text);
    const prompt = renderPrompt({
      messages: [{ role: 'user', content: 'Weather in Tōkyō?' }],
      tools: [
        {
          type: 'function',
          function: {
            name: 'get_weather',
            description: 'Gets the weather',
            parameters: { type: 'object', properties: { city: { type: 'string' } } },
          },
        },
      ],
    });
    const tokens = random.tokenize(prompt, true);
    expect(tokens[0]).toBe(random.tokens.bos);
    expect(random.detokenize(tokens, true)).toBe(prompt);
  });

  it('a scripted model follows its transitions under greedy decoding', async () => {
    const context = await scripted.createContext({ sequences: 1, contextSize: 512, threads: 1 });
    try {
      const sequence = context.getSequence();
      const prompt = scripted.tokenize(renderPrompt({ messages: [{ role: 'user', content: 'hi' }] }), true);
      const output: Token[] = [];
      for await (const token of sequence.evaluate(prompt, { temperature: 0, yieldEogToken: true })) {
        output.push(token);
        if (output.length >= 2) break;
      }
      expect(scripted.detokenize(output, true)).toBe('Hello<end_of_turn>');
    } finally {
      await context.dispose();
    }
  });
});

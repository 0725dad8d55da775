// The embedded engine with a tiny random-weight GGUF of each family (the project's own GGUF writer,
// the family's control tokens, chat template and end-of-turn token): the prompt comes from the
// GGUF's own template, and under tool_choice required every answer is a valid call in the family's
// syntax. Random weights write nonsense, so only the grammar can make that hold.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAMILIES } from '../families/registry';
import type { FamilyName } from '../families/family';
import { renderChoice } from '../families/chat-template';
import { checkArguments } from '../parsing/arguments';
import { writeTinyModel } from '../testing/gguf/tiny-model';
import { EmbeddedEngine } from './engine';
import { ModelRegistry } from './model-registry';
import { TEST_TOOLS } from './testing/tiny-models';
import { ask, body } from './testing/engine-suite';

const folder = mkdtempSync(path.join(tmpdir(), 'remora-family-gguf-'));
const registry = new ModelRegistry();
afterAll(async () => {
  await registry.close();
  rmSync(folder, { recursive: true, force: true });
});

// llama3-json's, xlam's and pythonic's templates write no marker of their own: they are named in the settings.
const NAMED: FamilyName[] = ['llama3-json', 'xlam', 'pythonic'];
const CONSTRAINED: FamilyName[] = ['hermes', 'mistral', 'granite', 'phi4-mini', 'llama3-json', 'xlam', 'pythonic'];
const engines = new Map<FamilyName, EmbeddedEngine>();

beforeAll(async () => {
  for (const name of CONSTRAINED) {
    const family = FAMILIES[name];
    const file = path.join(folder, `${name}.gguf`);
    await writeTinyModel(file, {
      seed: 7,
      name: `tiny-${name}`,
      tokenPriors: { '"': 8, ']': 6, '}': 4 },
      family: {
        controlTokens: [...family.controlTokens, family.specialTokens.eos, family.specialTokens.bos].filter(Boolean),
        chatTemplate: family.chatTemplate as string,
        eosToken: family.specialTokens.eos,
      },
    });
    const settings = { sequences: 1, threads: 1, ...(NAMED.includes(name) ? { family: name } : {}) };
    engines.set(name, new EmbeddedEngine({ ggufPath: file, registry, settings }));
  }
}, 120_000);

describe('the embedded engine in every family', () => {
  for (const name of CONSTRAINED) {
    it(`${name}: the GGUF's template renders the prompt; required answers are valid calls`, async () => {
      const engine = engines.get(name)!;
      const loaded = await engine.load();
      expect(loaded.family.name).toBe(name);
      for (const seed of [1, 2, 3]) {
        const result = await body(engine, {
          model: 'tiny',
          messages: ask,
          tools: TEST_TOOLS,
          tool_choice: 'required',
          temperature: 1,
          seed,
          max_tokens: 1500,
        });
        const family = FAMILIES[name];
        const expected = renderChoice(
          { family, template: family.chatTemplate as string, source: name },
          ask,
          TEST_TOOLS,
          true,
        );
        expect(result.usage.prompt_tokens).toBe(loaded.model.tokenize(expected, true).length);
        expect(result.choices[0].finish_reason, result.remora.raw_text).toBe('tool_calls');
        // The raw text is in the family's own syntax, which its reader reads back.
        expect(family.read(result.remora.raw_text).kind, result.remora.raw_text).toBe('calls');
        for (const call of result.choices[0].message.tool_calls ?? []) {
          const tool = TEST_TOOLS.find((candidate) => candidate.function.name === call.function.name);
          expect(tool, call.function.name).toBeDefined();
          const checked = checkArguments(tool!.function.parameters, JSON.parse(call.function.arguments));
          expect(checked, call.function.arguments).toMatchObject({ ok: true, coerced: false });
          for (const token of family.controlTokens) expect(call.function.arguments).not.toContain(token);
        }
      }
    }, 120_000);
  }

  it("tokenizes the family's markers once, at load: a completion tokenizes only its prompt", async () => {
    const engine = engines.get('hermes')!;
    const loaded = await engine.load();
    const tokenize = loaded.model.tokenize.bind(loaded.model);
    const texts: string[] = [];
    loaded.model.tokenize = ((text: string, special?: boolean) => {
      texts.push(text);
      return tokenize(text, special as true);
    }) as typeof loaded.model.tokenize;
    try {
      for (const tool_choice of ['none', 'required'] as const) {
        const result = await body(engine, {
          model: 'tiny',
          messages: ask,
          tools: TEST_TOOLS,
          tool_choice,
          seed: 1,
          max_tokens: 40,
        });
        expect(result.object).toBe('chat.completion');
      }
    } finally {
      loaded.model.tokenize = tokenize;
    }
    // Two requests, two prompts: no marker, frame or end-of-turn token was tokenized again.
    expect(texts).toHaveLength(2);
    for (const text of texts) expect(text).toContain('What is the weather in Tokyo?');
  }, 120_000);

  it('refuses a named tool whose name the family cannot write, with the reason', async () => {
    const engine = engines.get('pythonic')!;
    const tools = [{ ...TEST_TOOLS[0], function: { ...TEST_TOOLS[0].function, name: 'get-weather' } }];
    const refused = await engine.complete({
      model: 'tiny',
      messages: ask,
      tools,
      tool_choice: { type: 'function', function: { name: 'get-weather' } },
    });
    expect(refused).toMatchObject({ ok: false, status: 400 });
    if (!refused.ok) expect(refused.error).toContain('cannot be written in pythonic');
  });
});

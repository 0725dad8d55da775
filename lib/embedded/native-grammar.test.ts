// The call grammar as text, and checked by llama.cpp's own grammar parser. Text matching goes
// through node-llama-cpp's internal `_testText` (llama.cpp's grammar engine fed with characters): it
// cannot match token references, so token-level behaviour is tested in engine.test.ts and engine-decoding.test.ts.
import type { Llama, LlamaGrammar } from 'node-llama-cpp';
import { beforeAll, describe, expect, it } from 'vitest';
import { RuleSet, characterClass, literal, tokenReference } from './gbnf';
import { loadLlama } from './llama-runtime';
import { FORBIDDEN_IN_STRINGS, buildCallGrammar } from './native-grammar';
import { addStringContentRules } from './string-content-grammar';
import { TEST_TOOLS } from './testing/tiny-models';

const TOKENS = { startFunctionCall: 1001, endFunctionCall: 1002, escape: 1003 };
let llama: Llama;

beforeAll(async () => {
  llama = await loadLlama();
});

function textMatcher(grammar: LlamaGrammar): (text: string) => boolean {
  return (text) => (grammar as unknown as { _testText(text: string): boolean })._testText(text);
}

describe('gbnf helpers', () => {
  it('escapes literals and classes so that any text is matched as itself', async () => {
    expect(literal('a"b\\c\n✓')).toBe('"a\\"b\\\\c\\u000a\\u2713"');
    expect(characterClass(['<', ']', '-', '^'], true)).toBe('[^<\\]\\-\\^]');
    expect(tokenReference(12)).toBe('<[12]>');
    expect(() => tokenReference(-1)).toThrow();
    const grammar = await llama.createGrammar({ grammar: `root ::= ${literal('say "hi" \\ ✓\n🙂')}` });
    expect(textMatcher(grammar)('say "hi" \\ ✓\n🙂')).toBe(true);
    expect(textMatcher(grammar)('say "hi" \\ ✓\n')).toBe(false);
  });

  it('names rules uniquely and reuses a rule for the same body', () => {
    const rules = new RuleSet();
    const first = rules.add('a b', '"x"');
    expect(first).toBe('a-b');
    expect(rules.add('other', '"x"')).toBe('a-b');
    expect(rules.add('a b', '"y"')).toBe('a-b-2');
    rules.define('root', first);
    expect(rules.format().split('\n')[0]).toBe('root ::= a-b');
  });
});

describe('string content', () => {
  let matches: (text: string) => boolean;
  beforeAll(async () => {
    const rules = new RuleSet();
    const content = addStringContentRules(rules, FORBIDDEN_IN_STRINGS);
    rules.define('root', content);
    matches = textMatcher(await llama.createGrammar({ grammar: rules.format() }));
  });

  it('admits any text without the forbidden words, "<" included', () => {
    for (const text of [
      '',
      'Tokyo, Japan',
      'a < b and b <= c',
      '<escape',
      '<escap>',
      '<esc<end',
      '<<',
      'x <end_of_tur',
      '<start_function_',
      'üñí 🙂 <',
      '<end_function_respons',
      '<start_of_tur',
      '[multi',
      '<bo',
      '<un',
      'a [b] <c>',
      '<<bo',
    ]) {
      expect(matches(text), text).toBe(true);
    }
  });

  it('refuses every control token but the closing <escape>: turn, response, declaration, vocabulary ones', () => {
    for (const token of [
      '<bos>',
      '<eos>',
      '<pad>',
      '<unk>',
      '<mask>',
      '<start_of_turn>',
      '<end_of_turn>',
      '<end_function_response>',
      '<start_function_declaration>',
      '<end_function_declaration>',
      '<unused12>',
      '[multimodal]',
      '<start_of_image>',
    ]) {
      expect(matches(`text ${token} text`), token).toBe(false);
    }
  });

  it('refuses every forbidden word, wherever it is', () => {
    for (const word of FORBIDDEN_IN_STRINGS) {
      for (const text of [word, `before ${word}`, `${word} after`, `<${word}`, `<e${word}x`, `[${word}`, `<<${word}`])
        expect(matches(text), text).toBe(false);
    }
  });
});

describe('call grammar', () => {
  it('is null without callable tools and starts and ends with the call tokens', () => {
    expect(buildCallGrammar([], TOKENS)).toBeNull();
    expect(
      buildCallGrammar(
        [{ type: 'function', function: { name: 'two words', description: '', parameters: {} } }],
        TOKENS,
      ),
    ).toBeNull();
    const grammar = buildCallGrammar(TEST_TOOLS, TOKENS) ?? '';
    expect(grammar.split('\n')[0]).toBe('root ::= <[1001]> "call:" call <[1002]>');
    expect(grammar).toMatch(/^call ::= call-0 \| call-1 \| call-2$/m);
    expect(grammar).toContain('"get_weather"');
    // Strings open and close with the <escape> token; enum values are escaped strings.
    expect(grammar).toMatch(/^string ::= <\[1003\]> \S+ <\[1003\]>$/m);
    expect(grammar).toContain('<[1003]> "celsius" <[1003]> | <[1003]> "fahrenheit" <[1003]>');
  });

  it('leaves out enum values the format cannot hold', () => {
    const grammar =
      buildCallGrammar(
        [
          {
            type: 'function',
            function: {
              name: 'pick',
              description: '',
              parameters: { type: 'object', properties: { choice: { enum: ['ok', 'a<escape>b', 'c<end_of_turn>'] } } },
            },
          },
        ],
        TOKENS,
      ) ?? '';
    expect(grammar).toMatch(/^tool-0-choice-enum ::= <\[1003\]> "ok" <\[1003\]>$/m);
  });

  it('writes properties in the template order, required ones always, optional ones maybe', () => {
    const grammar = buildCallGrammar([TEST_TOOLS[1]], TOKENS) ?? '';
    // hour (required), label (optional), loud (required): sorted hour, label, loud.
    expect(grammar).toContain('tool-0-from-0 ::= "hour:" integer tool-0-from-1-more');
    expect(grammar).toContain('tool-0-from-1-more ::= ("," "label:" string tool-0-from-2-more) | tool-0-from-2-more');
    expect(grammar).toContain('tool-0-from-2-more ::= "," "loud:" boolean');
  });

  it('is accepted by llama.cpp for schemas of every shape', async () => {
    const schemas: Record<string, unknown>[] = [
      { type: 'object', properties: {} },
      {
        type: 'object',
        properties: {
          any: {},
          free: { type: 'object' },
          nested: {
            type: 'object',
            properties: { deep: { type: 'array', items: { type: 'object', properties: { x: { type: 'number' } } } } },
            required: ['deep'],
          },
        },
      },
      {
        type: 'object',
        properties: {
          maybe: { type: ['string', 'null'] },
          either: { anyOf: [{ type: 'integer' }, { type: 'boolean' }] },
          fixed: { const: 'v1' },
          mixed: { enum: ['a', 2, true, null, 'x<escape>y'] },
        },
      },
      {
        type: 'object',
        properties: {
          few: { type: 'array', items: { type: 'integer' }, minItems: 1, maxItems: 3 },
          many: { type: 'array', minItems: 2 },
        },
        required: ['few'],
      },
      { type: 'object', properties: { 'odd key': { type: 'string' }, 'dotted.key': { type: 'integer' } } },
    ];
    for (const [index, parameters] of schemas.entries()) {
      const text = buildCallGrammar(
        [{ type: 'function', function: { name: `tool_${index}`, description: '', parameters } }],
        TOKENS,
      );
      expect(text).not.toBeNull();
      await expect(llama.createGrammar({ grammar: text as string }), JSON.stringify(parameters)).resolves.toBeDefined();
    }
  });
});

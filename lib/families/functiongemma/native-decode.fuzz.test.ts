// The decoder reads untrusted model output: random and mutated text never makes it throw, and
// native values survive a round trip through the encoder.
import { describe, expect, it } from 'vitest';
import { decodeNativeCalls } from './native-decode';
import { decodeNativeValue } from './native-values';

const START = '<start_function_call>';
const END = '<end_function_call>';
const escaped = (text: string) => `<escape>${text}<escape>`;

// ---------------------------------------------------------------------------------------------
// Robustness: the decoder reads untrusted model output and must never throw.

function randomGenerator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

const FRAGMENTS = [
  START,
  END,
  '<start_function_response>',
  '<end_function_response>',
  '<end_of_turn>',
  '<escape>',
  '<eos>',
  'call:',
  'call:f',
  'get_weather',
  'a',
  'b-c',
  'x.y',
  '__proto__',
  'constructor',
  '{',
  '}',
  '[',
  ']',
  ',',
  ':',
  '"',
  '\\',
  ' ',
  '\n',
  '\t',
  '1',
  '-2',
  '3.5',
  '1e5',
  '007',
  'true',
  'false',
  'null',
  'NaN',
  '-',
  '.',
  'e',
  'é',
  '😀',
  '\u0000',
  '<',
  '>',
];

function randomText(random: () => number, length: number): string {
  let text = '';
  for (let index = 0; index < length; index += 1) text += FRAGMENTS[Math.floor(random() * FRAGMENTS.length)];
  return text;
}

function mutate(random: () => number, text: string): string {
  let result = text;
  const edits = 1 + Math.floor(random() * 4);
  for (let edit = 0; edit < edits; edit += 1) {
    const at = Math.floor(random() * (result.length + 1));
    const span = Math.floor(random() * 12);
    const choice = random();
    if (choice < 0.3) result = result.slice(0, at) + result.slice(at + span);
    else if (choice < 0.6)
      result = result.slice(0, at) + FRAGMENTS[Math.floor(random() * FRAGMENTS.length)] + result.slice(at);
    else if (choice < 0.8) result = result.slice(0, at);
    else result = result.slice(0, at) + result.slice(at, at + span) + result.slice(at);
  }
  return result;
}

const VALID_SAMPLES = [
  `Text first.${START}call:write_docstring{docstring:${escaped('A {b}, [c]:\nd')},` +
    `n:-1.5e3,flags:[true,false,null],cfg:{k:{j:${escaped('v')}}}}${END}`,
  `${START}call:a{x:1}${END}${START}call:b{y:[1,2,[3]]}${END}<start_function_response>response:a{}`,
  `${START}call:submit_result{summary:${escaped('done')},changed_files:[${escaped('a.py')}]}<end_of_turn>`,
];

function expectWellFormed(text: string): void {
  const result = decodeNativeCalls(text);
  expect(result.found).toBe(text.includes(START));
  expect(typeof result.textBefore).toBe('string');
  expect(result.error === null || typeof result.error === 'string').toBe(true);
  for (const call of result.calls) {
    expect(call.name).toMatch(/^[\w.-]+$/);
    expect(typeof call.arguments).toBe('object');
    expect(Array.isArray(call.arguments)).toBe(false);
    if (call.argumentsError !== undefined) expect(call.arguments).toEqual({});
  }
  // A broken call is always explained.
  if (result.calls.some((call) => call.argumentsError !== undefined)) expect(result.error).not.toBeNull();
  const value = decodeNativeValue(text);
  expect(typeof value.ok).toBe('boolean');
}

describe('decodeNativeCalls never throws', () => {
  it('survives thousands of random token soups', () => {
    const random = randomGenerator(20240601);
    for (let round = 0; round < 3000; round += 1) {
      const text = (random() < 0.7 ? START : '') + randomText(random, Math.floor(random() * 40));
      expect(() => expectWellFormed(text)).not.toThrow();
    }
  });

  it('survives thousands of mutations of valid output', () => {
    const random = randomGenerator(77);
    for (let round = 0; round < 3000; round += 1) {
      const sample = VALID_SAMPLES[round % VALID_SAMPLES.length];
      expect(() => expectWellFormed(mutate(random, sample))).not.toThrow();
    }
  });

  it('survives every prefix of valid output (truncation at any point)', () => {
    for (const sample of VALID_SAMPLES) {
      for (let length = 0; length <= sample.length; length += 1) expectWellFormed(sample.slice(0, length));
    }
  });

  it('survives non-string input', () => {
    for (const input of [undefined, null, 42, {}, [], Symbol('s')]) {
      expect(decodeNativeCalls(input as unknown as string).calls).toEqual([]);
      expect(decodeNativeValue(input as unknown as string).ok).toBe(false);
    }
  });
});

describe('decodeNativeValue round-trips the native encoding', () => {
  // A minimal encoder written here (the project's own lives in encode.ts) so that the decoder is
  // checked against the grammar's rules independently of it.
  function encode(value: unknown): string {
    if (typeof value === 'string') return escaped(value);
    if (Array.isArray(value)) return `[${value.map(encode).join(',')}]`;
    if (value !== null && typeof value === 'object') {
      return `{${Object.entries(value)
        .map(([key, item]) => `${key}:${encode(item)}`)
        .join(',')}}`;
    }
    return String(value);
  }

  function randomValue(random: () => number, depth: number): unknown {
    const kind = Math.floor(random() * (depth > 3 ? 4 : 6));
    if (kind === 0) return randomText(random, Math.floor(random() * 6)).replaceAll('<escape>', '');
    // No -0: the text "0" cannot carry it.
    if (kind === 1) return Math.round((random() - 0.5) * 1e6) / (random() < 0.5 ? 1 : 1000) || 0;
    if (kind === 2) return random() < 0.5;
    if (kind === 3) return null;
    if (kind === 4) return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(random, depth + 1));
    const object: Record<string, unknown> = {};
    for (let index = 0; index < Math.floor(random() * 4); index += 1)
      object[`key_${index}`] = randomValue(random, depth + 1);
    return object;
  }

  it('decodes what the grammar encodes, for a thousand random values', () => {
    const random = randomGenerator(5);
    for (let round = 0; round < 1000; round += 1) {
      const value = randomValue(random, 0);
      expect(decodeNativeValue(encode(value))).toEqual({ ok: true, value });
    }
  });
});

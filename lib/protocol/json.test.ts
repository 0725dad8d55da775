import { describe, expect, it } from 'vitest';
import { jsonNestingDepth, parseJson } from './json';

describe('parseJson', () => {
  it('returns the value of valid JSON', () => {
    expect(parseJson('{"a": [1, "x", null]}')).toEqual({ ok: true, value: { a: [1, 'x', null] } });
    expect(parseJson(' 42 ')).toEqual({ ok: true, value: 42 });
  });

  it('returns the reason for invalid JSON instead of throwing', () => {
    for (const text of ['', '{', '{"a": }', 'undefined', "{'a': 1}", '[1,]']) {
      const result = parseJson(text);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.length).toBeGreaterThan(0);
    }
  });

  it('refuses non-text input', () => {
    expect(parseJson(null as unknown as string)).toEqual({ ok: false, error: 'expected JSON text, got null' });
    expect(parseJson({} as unknown as string)).toEqual({ ok: false, error: 'expected JSON text, got object' });
  });
});

describe('parseJson with maxDepth', () => {
  it('refuses text nested deeper than the limit and keeps the rest', () => {
    expect(parseJson('[[[1]]]', { maxDepth: 2 })).toEqual({ ok: false, error: 'JSON nests deeper than 2 levels' });
    expect(parseJson('[[1]]', { maxDepth: 2 })).toEqual({ ok: true, value: [[1]] });
    expect(parseJson('{"a": "[[[[{{{{"}', { maxDepth: 1 })).toEqual({ ok: true, value: { a: '[[[[{{{{' } });
    expect(parseJson('{"a": "\\"[[["}', { maxDepth: 1 })).toEqual({ ok: true, value: { a: '"[[[' } });
  });

  it('answers a very deep text without overflowing the stack', () => {
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    expect(parseJson(deep, { maxDepth: 64 })).toEqual({ ok: false, error: 'JSON nests deeper than 64 levels' });
  });
});

describe('parseJson by default', () => {
  it('refuses JSON nested deeper than LIMITS.jsonDepth before parsing it', () => {
    const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    expect(parseJson(deep(64))).toMatchObject({ ok: true });
    expect(parseJson(deep(65))).toEqual({ ok: false, error: 'JSON nests deeper than 64 levels' });
    expect(parseJson(`{"a":${deep(100_000)}}`)).toEqual({ ok: false, error: 'JSON nests deeper than 64 levels' });
    // Brackets inside strings are text, escaped quotes included.
    expect(parseJson(JSON.stringify({ text: '['.repeat(1000), quote: '\\"[[[' }))).toMatchObject({ ok: true });
  });
});

describe('jsonNestingDepth', () => {
  it('counts arrays and objects outside strings, and stops once past the limit', () => {
    expect(jsonNestingDepth('1')).toBe(0);
    expect(jsonNestingDepth('{"a":[1,{"b":[]}],"c":{}}')).toBe(4);
    expect(jsonNestingDepth('["[[[", "\\"]", "x"]')).toBe(1);
    expect(jsonNestingDepth('['.repeat(1000), 10)).toBe(11);
    expect(jsonNestingDepth(']]][[')).toBe(2);
  });
});

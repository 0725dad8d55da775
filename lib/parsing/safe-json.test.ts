import { describe, expect, it } from 'vitest';
import { parseJson } from './safe-json';

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

// The token estimate must err high where Gemma's tokenizer is most expensive: digits (one token
// each), characters outside ASCII (up to one token per byte) and punctuation.
import { describe, expect, it } from 'vitest';
import { estimateTokens, fitNode } from './context-budget';

describe('the token estimate', () => {
  it('counts at least one token per digit, per byte of a non-ASCII character and per punctuation mark', () => {
    const digits = Array.from({ length: 200 }, (_, index) => `${1000 + index},`).join('');
    expect(estimateTokens(digits)).toBeGreaterThanOrEqual(1000);
    expect(estimateTokens('é'.repeat(100))).toBeGreaterThanOrEqual(200);
    expect(estimateTokens('()[]{}:;'.repeat(50))).toBeGreaterThanOrEqual(400);
  });

  it('counts words and indentation at more than one token per 3 characters', () => {
    const code = '    def compute_total(self, items):\n        return sum(item.price for item in items)\n';
    expect(estimateTokens(code)).toBeGreaterThan(code.length / 3);
  });

  it('skips a node whose estimate does not fit, naming the context size', () => {
    const table = `TABLE = [${Array.from({ length: 3000 }, (_, index) => String(index)).join(', ')}]\n`;
    const fit = fitNode({ kind: 'module', text: table }, 500, { contextTokens: 16_000, reserveTokens: 4_000 });
    expect(fit).toMatchObject({ ok: false, reason: expect.stringContaining('16000-token context') });
  });
});

// The token estimate must err high where Gemma's tokenizer is most expensive: digits (one token
// each), characters outside ASCII (up to one token per byte) and punctuation.
import { describe, expect, it } from 'vitest';
import { estimateTokens, fitNode, outlineOf } from './context-budget';

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

  it("sends a class too large as the outline of its signatures, whole, or skips it stating the outline's size", () => {
    const body = Array.from({ length: 60 }, (_, index) => `        total += ${index}\n`).join('');
    const method = (index: number) =>
      `    def step${index}(\n        self,\n        count: int = ${index},\n    ) -> int:\n${body}`;
    const big = `class Engine:\n${Array.from({ length: 20 }, (_, index) => method(index)).join('')}`;
    const outline = outlineOf(big);
    expect(outline).toContain('    def step3(\n        self,\n        count: int = 3,\n    ) -> int:\n        ...');
    expect(outline).not.toContain('total +=');
    expect(fitNode({ kind: 'class', text: big }, 500, { contextTokens: 6_000, reserveTokens: 1_000 })).toMatchObject({
      ok: true,
      outline: true,
    });
    const tight = fitNode({ kind: 'class', text: big }, 500, { contextTokens: 1_500, reserveTokens: 500 });
    expect(tight).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/its outline of signatures about \d+\)/),
    });
  });
});

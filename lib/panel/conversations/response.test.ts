import { describe, expect, it } from 'vitest';
import { responseForDisplay } from './response';

const tokens = Array.from({ length: 400 }, (_, index) => ({
  token: `t${index}`,
  logprob: -0.1,
  bytes: [116],
  top_logprobs: [{ token: 'x', logprob: -3 }],
}));
const body = {
  id: 'chatcmpl-1',
  choices: [
    { index: 0, message: { role: 'assistant', content: '<script>alert(1)</script>' }, logprobs: { content: tokens } },
  ],
};

describe('responseForDisplay', () => {
  it('shows a small body whole', () => {
    const shown = responseForDisplay({ id: 'x' });
    expect(shown).toEqual({ text: '{\n  "id": "x"\n}', omittedTokens: null, cut: false, fullCharacters: 15 });
  });

  it('leaves the token list out of a large body and says how many tokens it held', () => {
    const shown = responseForDisplay(body, 5_000);
    expect(shown.omittedTokens).toBe(400);
    expect(shown.cut).toBe(false);
    expect(shown.text).toContain('"content": "<script>alert(1)</script>"');
    expect(shown.text).toContain('[400 tokens with their log probabilities: see the full response]');
    expect(shown.fullCharacters).toBeGreaterThan(5_000);
  });

  it('cuts what is still too long', () => {
    const shown = responseForDisplay({ text: 'x'.repeat(200) }, 50);
    expect(shown.cut).toBe(true);
    expect(shown.text).toMatch(/… cut at 50 characters$/);
  });
});

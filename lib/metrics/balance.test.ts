// Issue 25 item 6: balance checks (the analogue of a sample-ratio check) warn, with the numbers, when
// variants ran unevenly: conversations per input, server failures, cancellations, dropped inputs.
import { describe, expect, it } from 'vitest';
import { checkBalance } from './balance';
import { blankInputFacts } from './input-facts';
import type { InputFacts } from './types';

function fact(
  variant: string,
  input: number,
  conversations: number,
  outcomes: InputFacts['outcomes'] = {},
): InputFacts {
  return { ...blankInputFacts(variant, input), conversations, outcomes: { submitted: conversations, ...outcomes } };
}

describe('checkBalance', () => {
  it('is balanced when every variant ran every input alike', () => {
    const facts = [0, 1, 2].flatMap((input) => [fact('a', input, 2), fact('b', input, 2)]);
    expect(checkBalance(['a', 'b'], facts)).toMatchObject({ balanced: true, warnings: [], droppedInputs: 0 });
  });

  it('warns on uneven repeats, server failures, cancellations and dropped inputs, with the numbers', () => {
    const facts = [
      fact('a', 0, 2),
      fact('b', 0, 1),
      fact('a', 1, 2, { error: 2 }),
      fact('b', 1, 2, { cancelled: 1 }),
      fact('a', 2, 1),
    ];
    const balance = checkBalance(['a', 'b'], facts)!;
    expect(balance.balanced).toBe(false);
    expect(balance.unevenInputs).toBe(1);
    expect(balance.droppedInputs).toBe(1);
    expect(balance.variants.map((variant) => [variant.serverFailures, variant.cancelled])).toEqual([
      [2, 0],
      [0, 1],
    ]);
    expect(balance.warnings).toEqual([
      expect.stringContaining('different numbers of conversations on 1 input(s) (input 0: a 2, b 1)'),
      expect.stringContaining('Server failures differ (a 2 of 5, b 0 of 3)'),
      expect.stringContaining('Cancellations differ (a 0 of 5, b 1 of 3)'),
      '1 of 3 input(s) did not run on every variant and are dropped from the pairing.',
    ]);
  });

  it('has nothing to say about one variant', () => {
    expect(checkBalance(['a'], [fact('a', 0, 1)])).toBeNull();
  });
});

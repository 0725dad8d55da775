import { describe, expect, it } from 'vitest';
import type { Outcome } from '../../runner/types';
import { canonicalJson, compareByInput, filterInputs, judgePair, pairsToShow, type OutcomeFact } from './inputs';

const fact = (
  slot: number,
  inputIndex: number,
  outcome: Outcome,
  turns = 2,
  correct: boolean | null = null,
): OutcomeFact => ({ slot, inputIndex, outcome, turns, correct, taskSuccess: null });

describe('judgePair', () => {
  it('ranks outcomes submitted > turn_limit > no_tool_call > error, then fewer turns', () => {
    expect(judgePair(fact(0, 0, 'submitted', 5), fact(0, 0, 'turn_limit', 2))).toEqual({
      verdict: 'a',
      reason: 'outcome',
    });
    expect(judgePair(fact(0, 0, 'no_tool_call'), fact(0, 0, 'turn_limit'))).toEqual({
      verdict: 'b',
      reason: 'outcome',
    });
    expect(judgePair(fact(0, 0, 'error'), fact(0, 0, 'no_tool_call')).verdict).toBe('b');
    expect(judgePair(fact(0, 0, 'submitted', 3), fact(0, 0, 'submitted', 2))).toEqual({
      verdict: 'b',
      reason: 'fewer turns',
    });
    expect(judgePair(fact(0, 0, 'error', 1), fact(0, 0, 'error', 1))).toEqual({
      verdict: 'same',
      reason: 'same outcome and turns',
    });
  });

  it('judges dataset runs by their verdicts, and does not judge cancelled ones', () => {
    expect(judgePair(fact(0, 0, 'no_tool_call', 1, true), fact(0, 0, 'submitted', 1, false))).toEqual({
      verdict: 'a',
      reason: 'right call',
    });
    expect(judgePair(fact(0, 0, 'submitted', 1, false), fact(0, 0, 'no_tool_call', 1, false))).toEqual({
      verdict: 'same',
      reason: 'both wrong',
    });
    // Only one side scored (a failed request): outcomes decide.
    expect(judgePair(fact(0, 0, 'error', 1, null), fact(0, 0, 'submitted', 1, false)).verdict).toBe('b');
    expect(judgePair(fact(0, 0, 'cancelled'), fact(0, 0, 'submitted')).verdict).toBe('not_judged');
  });

  it('judges by the experiment’s own check after the agent’s, as it judges task success', () => {
    const checked = (outcome: Outcome, customCheck: boolean | null, taskSuccess: boolean | null = null) => ({
      ...fact(0, 0, outcome),
      taskSuccess,
      customCheck,
    });
    expect(judgePair(checked('turn_limit', true), checked('submitted', false))).toEqual({
      verdict: 'a',
      reason: 'custom check',
    });
    expect(judgePair(checked('submitted', false), checked('turn_limit', false))).toEqual({
      verdict: 'same',
      reason: 'both failed the custom check',
    });
    // The agent's own check decides first; one side unjudged leaves it to the outcome.
    expect(judgePair(checked('submitted', false, true), checked('submitted', true, false)).reason).toBe('task success');
    expect(judgePair(checked('turn_limit', null), checked('submitted', false))).toEqual({
      verdict: 'b',
      reason: 'outcome',
    });
  });
});

describe('canonicalJson', () => {
  it('gives equal text for equal values whatever the key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [1, { x: 1, y: 2 }] }, b: 1 }),
    );
    expect(canonicalJson({ a: 1, skipped: undefined })).toBe('{"a":1}');
    expect(canonicalJson({ a: '1' })).not.toBe(canonicalJson({ a: 1 }));
  });
});

describe('compareByInput', () => {
  // A ran inputs x, y, z twice each (slots cycle the inputs); B ran y, x and w, x three times.
  const keysA = ['x', 'y', 'z'];
  const factsA = [
    fact(0, 0, 'submitted', 2),
    fact(1, 1, 'error'),
    fact(2, 2, 'submitted'),
    fact(3, 0, 'submitted', 2),
    fact(4, 1, 'submitted'),
    fact(5, 2, 'submitted'),
  ];
  const keysB = ['y', 'x', 'w'];
  const factsB = [
    fact(0, 0, 'submitted'),
    fact(1, 1, 'submitted', 3),
    fact(2, 2, 'error'),
    fact(3, 0, 'error'),
    fact(4, 1, 'submitted', 1),
    fact(5, 2, 'error'),
    fact(7, 1, 'error'),
  ];

  it('pairs runs of the same input in order, whatever their index on each side', () => {
    const { inputs, tally } = compareByInput(factsA, keysA, factsB, keysB);
    expect(
      inputs.map((input) => [
        input.key,
        input.inputIndexA,
        input.inputIndexB,
        input.pairs.map((pair) => [pair.a.slot, pair.b.slot, pair.verdict]),
      ]),
    ).toEqual([
      [
        'x',
        0,
        1,
        [
          [0, 1, 'a'],
          [3, 4, 'b'],
        ],
      ],
      [
        'y',
        1,
        0,
        [
          [1, 0, 'b'],
          [4, 3, 'a'],
        ],
      ],
    ]);
    expect(inputs[0]).toMatchObject({ counts: { a: 1, b: 1, same: 0, not_judged: 0 }, unpairedA: 0, unpairedB: 1 });
    expect(tally).toEqual({ a: 2, b: 2, same: 0, not_judged: 0, pairs: 4, sharedInputs: 2, onlyA: 1, onlyB: 1 });
  });

  it('pools an input given twice, and never matches an input it cannot read', () => {
    const { inputs, tally } = compareByInput(
      [fact(0, 0, 'submitted'), fact(1, 1, 'error'), fact(2, 2, 'error')],
      ['x', 'x', null],
      [fact(0, 0, 'error'), fact(1, 0, 'error')],
      ['x'],
    );
    expect(inputs).toHaveLength(1);
    expect(inputs[0].pairs.map((pair) => [pair.a.slot, pair.b.slot, pair.verdict])).toEqual([
      [0, 0, 'a'],
      [1, 1, 'same'],
    ]);
    expect(tally.onlyA).toBe(0);
  });

  it('filters and orders inputs, and links the pairs the filter asks for first', () => {
    const { inputs } = compareByInput(factsA, keysA, factsB, keysB);
    expect(filterInputs(inputs, 'b').map((input) => input.key)).toEqual(['x', 'y']);
    expect(filterInputs(inputs, 'same')).toEqual([]);
    expect(filterInputs(inputs, 'differ')).toHaveLength(2);
    const extra = { ...inputs[1], key: 'v', inputIndexA: 5, counts: { a: 0, b: 3, same: 0, not_judged: 0 } };
    expect(filterInputs([...inputs, extra], 'all', 'b-better').map((input) => input.key)).toEqual(['v', 'x', 'y']);
    expect(filterInputs([...inputs, extra], 'all', 'a-better').map((input) => input.key)).toEqual(['x', 'y', 'v']);
    expect(pairsToShow(inputs[0], 'b', 5).map((pair) => pair.verdict)).toEqual(['b', 'a']);
    expect(pairsToShow(inputs[0], 'b', 1).map((pair) => pair.verdict)).toEqual(['b']);
  });

  it('keeps only the inputs where a run failed, its failing pairs first', () => {
    // w: both submit (no failure); z: A right, B wrong by the dataset; u: both fail their task check
    // but the same; t: cancelled only.
    const judged = (slot: number, input: number, outcome: Outcome, taskSuccess: boolean | null) => ({
      ...fact(slot, input, outcome),
      taskSuccess,
    });
    const { inputs } = compareByInput(
      [
        fact(0, 0, 'submitted'),
        fact(1, 1, 'submitted', 1, true),
        judged(2, 2, 'submitted', false),
        fact(3, 3, 'cancelled'),
        fact(4, 1, 'submitted', 1, true),
      ],
      ['w', 'z', 'u', 't'],
      [
        fact(0, 0, 'submitted'),
        fact(1, 1, 'submitted', 1, true),
        judged(2, 2, 'submitted', false),
        fact(3, 3, 'cancelled'),
        fact(4, 1, 'submitted', 1, false),
      ],
      ['w', 'z', 'u', 't'],
    );
    expect(filterInputs(inputs, 'failures').map((input) => input.key)).toEqual(['z', 'u']);
    expect(filterInputs(inputs, 'differ').map((input) => input.key)).toEqual(['z']);
    expect(pairsToShow(inputs[1], 'failures', 1).map((pair) => pair.b.slot)).toEqual([4]);
  });
});

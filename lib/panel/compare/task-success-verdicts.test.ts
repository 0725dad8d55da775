// Issue 25 item 7: where an agent has a task-success check, that check is the pair verdict and the
// headline; completion (for smart_home, "submitted" is a text answer) is shown as what it is.
import { describe, expect, it } from 'vitest';
import { judgePair, type OutcomeFact } from './inputs';
import { pairSentence } from './verdict-sentence';
import { headlineOf } from '../experiments/headlines';

const fact = (outcome: OutcomeFact['outcome'], taskSuccess: boolean | null, turns = 2): OutcomeFact => ({
  slot: 0,
  inputIndex: 0,
  outcome,
  turns,
  correct: null,
  taskSuccess,
});

describe('pair verdict by task success', () => {
  it('a smart_home text answer that gave up does not beat a right call that hit the turn limit', () => {
    const gaveUp = fact('submitted', false, 1);
    const rightCall = fact('turn_limit', true, 3);
    const judged = judgePair(gaveUp, rightCall);
    expect(judged).toEqual({ verdict: 'b', reason: 'task success' });
    expect(pairSentence(judged, { outcome: 'submitted', turns: 1 }, { outcome: 'turn_limit', turns: 3 })).toBe(
      'B did better: it succeeded at the task, the other did not (A ended submitted, B ended turn_limit).',
    );
  });

  it('two task failures are the same, whatever their outcomes', () => {
    const judged = judgePair(fact('submitted', false), fact('no_tool_call', false));
    expect(judged).toEqual({ verdict: 'same', reason: 'both failed the task' });
    expect(pairSentence(judged, { outcome: 'submitted', turns: 2 }, { outcome: 'no_tool_call', turns: 2 })).toBe(
      'Neither did better: both failed the task (A ended submitted, B ended no_tool_call).',
    );
  });

  it('without a check (null), the outcome still decides', () => {
    const judged = judgePair(fact('submitted', null), fact('turn_limit', null));
    expect(judged).toEqual({ verdict: 'a', reason: 'outcome' });
    expect(pairSentence(judged, { outcome: 'submitted', turns: 2 }, { outcome: 'turn_limit', turns: 2 })).toMatch(
      /^A did better: it ended submitted, the other turn_limit/,
    );
  });
});

describe('headline', () => {
  const rate = (value: number) => ({ value, low: value - 0.1, high: value + 0.1 });
  const variant = (extra: { taskSuccessRate?: ReturnType<typeof rate> }) => ({
    name: 'baseline',
    conversations: 20,
    completionRate: rate(0.9),
    ...extra,
  });

  it('is task success when the variant was judged, completion otherwise', () => {
    expect(headlineOf(variant({ taskSuccessRate: rate(0.4) }))).toMatchObject({
      metric: 'taskSuccessRate',
      value: 0.4,
    });
    expect(headlineOf(variant({}))).toMatchObject({ metric: 'completionRate', value: 0.9 });
  });
});

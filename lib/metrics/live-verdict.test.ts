// While a run is live, the numbers at the top of each comparison (p, pAdjusted, low, high) are the
// anytime-valid ones, labelled so; after an early stop too (the stop biases the fixed-sample ones).
import { describe, expect, it } from 'vitest';
import { describeComparison } from './describe';
import { summarizeExperiment } from './summarize';
import { conversationFact as fact } from './test-input';
import { toSummaryJson } from './summary-json';

/** 60 inputs: A completes a third, B all of them. */
const facts = Array.from({ length: 60 }, (_, input) => [
  fact('a', input, input % 3 === 0),
  fact('b', input, true),
]).flat();

describe('the comparisons of a live run', () => {
  it('carry the anytime-valid p, pAdjusted, low and high at the top, labelled', () => {
    const summary = summarizeExperiment('e', 'running', { variants: ['a', 'b'], inputs: facts, firstRepeats: facts });
    const completion = summary.comparisons.find((comparison) => comparison.metric === 'completionRate');
    expect(completion?.anytime).toBeDefined();
    const anytime = completion?.anytime as NonNullable<typeof completion>['anytime'] & object;
    expect(completion).toMatchObject({
      inference: 'anytime-valid',
      method: 'confidence-sequence',
      low: anytime.low,
      high: anytime.high,
      p: anytime.p,
      pValue: anytime.p,
      pAdjusted: anytime.pAdjusted,
    });
    const json = toSummaryJson(summary);
    expect(json.inference).toBe('anytime-valid');
    expect(json.comparisons.find((comparison) => comparison.metric === 'completionRate')?.low).toBe(anytime.low);
    // A metric without a live verdict publishes none.
    const turns = summary.comparisons.find((comparison) => comparison.metric === 'turnsToCompletion');
    expect(turns).toMatchObject({ p: null, pAdjusted: null, low: null, high: null });
  });

  it('after an early stop give the confidence-sequence interval, and say so', () => {
    const summary = summarizeExperiment(
      'e',
      'completed',
      { variants: ['a', 'b'], inputs: facts, firstRepeats: facts },
      { stoppedEarly: 'stopped early after 60 inputs: decided' },
    );
    const completion = summary.comparisons.find((comparison) => comparison.metric === 'completionRate');
    expect(summary.verdict).toBe('final');
    expect(summary.stoppedEarly).toBe('stopped early after 60 inputs: decided');
    expect(completion?.inference).toBe('anytime-valid');
    const live = summarizeExperiment('e', 'running', { variants: ['a', 'b'], inputs: facts, firstRepeats: facts });
    const liveCompletion = live.comparisons.find((comparison) => comparison.metric === 'completionRate');
    expect([completion?.low, completion?.high]).toEqual([liveCompletion?.low, liveCompletion?.high]);
    expect(describeComparison(completion as NonNullable<typeof completion>)).toContain(
      'confidence sequence, valid at any look',
    );
  });
});

// "Inconclusive" says what more data would tell; "no worse" is a test a person can ask for; an
// interval without information is called so. The numbers are checked against a simulation: the
// suggested number of inputs gives about 80% power for the difference it names.
import { describe, expect, it } from 'vitest';
import { comparePairedRates, type InputPair } from './compare-rates';
import { describeComparison } from './describe';
import { moreInputsToTell, noWorseThan, uninformative } from './inconclusive';
import { seededRandom } from './random';
import { summarizeExperiment } from './summarize';
import { conversationFact as fact } from './test-input';

const completion = (summary: ReturnType<typeof summarizeExperiment>) =>
  summary.comparisons.find((comparison) => comparison.metric === 'completionRate') as NonNullable<
    ReturnType<typeof summarizeExperiment>['comparisons'][number]
  >;

describe('an inconclusive comparison', () => {
  // 20 inputs: A completes 12, B 14 (2 rescued): nothing decided.
  const facts = Array.from({ length: 20 }, (_, input) => [
    fact('a', input, input < 12),
    fact('b', input, input < 14),
  ]).flat();

  it('says so, and how many more distinct inputs would tell the planned difference', () => {
    const summary = summarizeExperiment(
      'e',
      'completed',
      { variants: ['a', 'b'], inputs: facts },
      { plannedDifference: 0.1 },
    );
    const sentence = describeComparison(completion(summary));
    expect(sentence).toMatch(/^Completion rate: inconclusive between a and b \(95% CI/);
    expect(sentence).toMatch(/about \d+ more distinct inputs would tell a 10-point difference$/);
    expect(completion(summary).moreInputs?.difference).toBe(0.1);
  });

  it('answers "no worse" against a margin the person set', () => {
    const withMargin = (noWorseMargin: number) =>
      completion(summarizeExperiment('e', 'completed', { variants: ['a', 'b'], inputs: facts }, { noWorseMargin }));
    expect(withMargin(0.05).noWorse).toEqual({ margin: 0.05, holds: false });
    expect(describeComparison(withMargin(0.05))).toContain('not shown to be no worse than a within 5 points');
    const generous = withMargin(0.2);
    expect(generous.noWorse).toEqual({ margin: 0.2, holds: true });
    expect(describeComparison(generous)).toContain('b is no worse than a within 20 points');
  });

  it('calls an interval from 2 inputs what it is: no information', () => {
    const two = facts.filter((item) => item.input < 2);
    const summary = summarizeExperiment('e', 'completed', { variants: ['a', 'b'], inputs: two });
    expect(completion(summary).uninformative).toBe(true);
    expect(describeComparison(completion(summary))).toMatch(
      /^Completion rate: no information between a and b: 2 inputs/,
    );
    expect(uninformative({ low: 0, high: 0, inputs: 2 }, true)).toBe(true);
    // Thirteen inputs that all took the same turns in both variants: "0.0 to 0.0" measures nothing.
    expect(uninformative({ low: 0, high: 0, inputs: 13 }, true)).toBe(true);
    expect(uninformative({ low: -0.2, high: 0.1, inputs: 40 }, false)).toBe(false);
  });
});

describe('the inputs "more inputs" suggests', () => {
  it('give about 80% power for the difference it names (simulated, independent variants 60% vs 70%)', () => {
    const random = seededRandom(5);
    const draw = (inputs: number): InputPair[] =>
      Array.from({ length: inputs }, (_, input) => ({
        input,
        a: { successes: random() < 0.6 ? 1 : 0, trials: 1 },
        b: { successes: random() < 0.7 ? 1 : 0, trials: 1 },
      }));
    const pilot = comparePairedRates(draw(40));
    const more = moreInputsToTell(pilot, 0.1) as number;
    const total = 40 + more;
    let detected = 0;
    const runs = 400;
    for (let run = 0; run < runs; run++) if ((comparePairedRates(draw(total)).p as number) < 0.05) detected++;
    // A pilot of 40 estimates the spread roughly: the power lands near 80%, not exactly on it.
    expect(detected / runs).toBeGreaterThan(0.65);
    expect(detected / runs).toBeLessThan(0.95);
  });

  it('is 0 when the interval is already narrow, and none without an interval', () => {
    expect(moreInputsToTell({ low: -0.01, high: 0.01, inputs: 1000 }, 0.1)).toBe(0);
    expect(moreInputsToTell({ low: null, high: null, inputs: 0 }, 0.1)).toBeNull();
    expect(noWorseThan({ low: -0.04, high: 0.1, inputs: 50 }, 0.05)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { planAnytimeInputs, planSampleSize } from '../metrics/power';
import { earlyStopSizeNote } from './early-stop-size';

describe('what the early stop needs, said up front', () => {
  it('gives the live verdict its own size, above the fixed test’s, and says when the inputs cannot reach it', () => {
    const question = { baseline: 0.8, difference: 0.1 };
    const needed = planAnytimeInputs(question);
    expect(needed).toBeGreaterThan(planSampleSize(question).pairedInputs);
    const note = earlyStopSizeNote(question, 26);
    expect(note).toContain(`needs about ${needed} distinct inputs for the same power`);
    expect(note).toContain("this run's 26 cannot reach it");
    expect(earlyStopSizeNote(question, 5_000)).not.toContain('cannot reach');
  });

  it('needs fewer inputs for a larger planned difference, and more where the variants disagree more', () => {
    expect(planAnytimeInputs({ baseline: 0.5, difference: 0.3 })).toBeLessThan(
      planAnytimeInputs({ baseline: 0.5, difference: 0.1 }),
    );
    expect(planAnytimeInputs({ baseline: 0.8, difference: 0.1, discordance: 0.3 })).toBeGreaterThan(
      planAnytimeInputs({ baseline: 0.8, difference: 0.1, discordance: 0.15 }),
    );
  });
});

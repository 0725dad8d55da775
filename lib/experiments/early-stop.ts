// Optional early stop: once the live, anytime-valid verdict has decided every chosen comparison
// (the primary metric's, else the rates'), the run starts no more conversations. The live verdict
// counts each input's first repeat only, so it can only change during the first pass over the
// inputs, and only then is it checked; the planned conversations per variant stay the cap.
import type { RemoraDatabase } from '../db/client';
import { getInputFacts } from '../db/queries/input-facts';
import { describeComparison } from '../metrics/describe';
import { summarizeExperiment } from '../metrics/summarize';
import type { Comparison, ComparedMetric } from '../metrics/types';

const RATES_BY_DEFAULT: ComparedMetric[] = ['toolCallRate', 'validCallRate', 'completionRate'];

/** The comparisons an early stop waits for. */
function chosenComparisons(
  comparisons: readonly Comparison[],
  primaryMetric: ComparedMetric | undefined,
): Comparison[] {
  const metrics = primaryMetric ? [primaryMetric] : RATES_BY_DEFAULT;
  return comparisons.filter((comparison) => metrics.includes(comparison.metric));
}

/** Why to stop now, or null to go on: every chosen comparison's live interval excludes 0 (after Holm). */
function earlyStopReason(comparisons: readonly Comparison[], primaryMetric: ComparedMetric | undefined): string | null {
  const chosen = chosenComparisons(comparisons, primaryMetric);
  if (chosen.length === 0 || !chosen.every((comparison) => comparison.detectable)) return null;
  const inputs = Math.min(...chosen.map((comparison) => comparison.anytime?.inputs ?? 0));
  return (
    `stopped early after ${inputs} inputs: every chosen comparison was decided by the live, anytime-valid verdict ` +
    `(${chosen.map(describeComparison).join('; ')})`
  );
}

export type EarlyStopSetting = {
  variants: string[];
  inputCount: number;
  primaryMetric?: ComparedMetric;
  /** The difference the person planned to detect: the live verdict's bets are tuned to it. */
  plannedDifference?: number;
};

/** The live verdict from the stored first repeats, and the reason to stop if it decided everything chosen. */
export function checkEarlyStop(
  database: RemoraDatabase,
  experimentId: string,
  setting: EarlyStopSetting,
): string | null {
  const firstRepeats = getInputFacts(database, experimentId, (index) => setting.variants[index] ?? `variant ${index}`, {
    firstRepeatOnly: { inputCount: setting.inputCount },
  });
  const summary = summarizeExperiment(
    experimentId,
    'running',
    { variants: setting.variants, inputs: firstRepeats, firstRepeats },
    { primaryMetric: setting.primaryMetric, plannedDifference: setting.plannedDifference },
  );
  return earlyStopReason(summary.comparisons, setting.primaryMetric);
}

// What the experiment form says before a run: warnings about a design that cannot show what the
// user may expect from it, and the size needed for the power they want, from the agent's history.
import type { RemoraDatabase } from '../db/client';
import { listExperiments } from '../db/queries/experiments';
import { countedMetricsInput } from '../db/counters/read-counters';
import { storedConfigOf, variantNamesOf } from '../db/experiment-config';
import { RATE_OF, type RateMetricName } from '../metrics/input-facts';
import { planSampleSize, type PowerPlan } from '../metrics/power';
import type { InputFacts } from '../metrics/types';

export { planWarnings } from './plan-warnings';

export type HistoryPlan = PowerPlan & {
  /** Where the baseline and the discordance came from: an experiment id, or null for assumptions. */
  fromExperiment: string | null;
  baseline: number;
};

/** The mean per-input rate of a variant's inputs. */
function perInputRates(facts: readonly InputFacts[], metric: RateMetricName): Map<number, number> {
  const rates = new Map<number, number>();
  for (const fact of facts) {
    const { successes, trials } = RATE_OF[metric](fact);
    if (trials > 0) rates.set(fact.input, successes / trials);
  }
  return rates;
}

/**
 * Inputs per variant for `power` to detect `difference` in `metric`: the baseline and the
 * discordance (the share of inputs two variants disagree on, from the mean absolute per-input
 * difference) come from the agent's latest completed experiment with two variants, else the
 * baseline given and independent variants are assumed.
 */
export function planFromHistory(
  database: RemoraDatabase,
  agentName: string,
  metric: RateMetricName,
  difference: number,
  fallbackBaseline = 0.5,
): HistoryPlan {
  const latest = listExperiments(database, { agentName, status: 'completed', limit: 20 });
  for (const experiment of latest) {
    // A playground run saved as an experiment is one input tried by hand, not a measurement.
    if (experiment.tags.includes('playground')) continue;
    // A run of one variant is passed over before its counters are read: a dataset run has a row per case.
    const planned = variantNamesOf(storedConfigOf(database, experiment.id));
    if (planned && planned.length < 2) continue;
    // From the counters, a few rows per variant and input: the new-experiment form asks this for every
    // agent at each load, and reading the rows took 1.4 s for an experiment of 100,000 conversations.
    const facts = countedMetricsInput(database, experiment.id, { firstRepeats: false });
    if (!facts?.inputs || facts.variants.length < 2) continue;
    const [first, second] = facts.variants.map((name) =>
      perInputRates(
        facts.inputs!.filter((fact) => fact.variant === name),
        metric,
      ),
    );
    const common = [...first.keys()].filter((input) => second.has(input));
    if (common.length === 0) continue;
    const baseline = common.reduce((sum, input) => sum + (first.get(input) as number), 0) / common.length;
    const discordance =
      common.reduce((sum, input) => sum + Math.abs((first.get(input) as number) - (second.get(input) as number)), 0) /
      common.length;
    const usable = Math.min(0.99, Math.max(0.01, baseline));
    return {
      ...planSampleSize({ baseline: usable, difference, discordance: discordance > 0 ? discordance : undefined }),
      fromExperiment: experiment.id,
      baseline: usable,
    };
  }
  return {
    ...planSampleSize({ baseline: fallbackBaseline, difference }),
    fromExperiment: null,
    baseline: fallbackBaseline,
  };
}

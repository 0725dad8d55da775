// The comparisons of an experiment's variants: for each pair (a listed before b) and metric, the
// fixed-sample difference (paired by input when the variants ran the same inputs), the live
// anytime-valid one while the run goes on, and Holm's adjustment over each family (the primary
// metric's comparisons; all the others, labelled exploratory).
import { compareUnpairedRates, comparePairedRates, type Difference } from './compare-rates';
import { comparePairedTurns, compareUnpairedTurns, type TurnsDifference } from './compare-turns';
import { holmAdjust } from './holm';
import { RATE_OF, turnsOf, type RateMetricName } from './input-facts';
import { anytimeDifference } from './sequential';
import { ACCURACY_METRICS, type AnytimeVerdict, type ComparedMetric, type Comparison, type InputFacts } from './types';

const ALPHA = 0.05;

export type ComparisonOptions = {
  paired: boolean;
  judged: boolean;
  accuracyKinds: ('call' | 'no_call')[] | null;
  primaryMetric?: ComparedMetric;
  /** First repeats of each input while the experiment runs (null once it ended): the live verdict. */
  firstRepeats: InputFacts[] | null;
};

/**
 * The metrics compared, in display order. A dataset run (accuracy kinds known) scores the first
 * response of each case: there, "completed" means the model answered in text instead of calling
 * (a failure that would read as a win) and every conversation lasts one turn, so neither
 * completion nor turns is compared; task success and the accuracies say what succeeded.
 */
function comparedMetrics(options: Pick<ComparisonOptions, 'judged' | 'accuracyKinds'>): ComparedMetric[] {
  const dataset = options.accuracyKinds !== null;
  const metrics: ComparedMetric[] = ['toolCallRate', 'validCallRate'];
  if (!dataset) metrics.push('completionRate');
  if (options.judged) metrics.push('taskSuccessRate');
  if (!dataset) metrics.push('turnsToCompletion');
  if (options.accuracyKinds) {
    for (const metric of ACCURACY_METRICS) {
      if (metric === 'irrelevanceAccuracy' && !options.accuracyKinds.includes('no_call')) continue;
      metrics.push(metric);
    }
  }
  return metrics;
}

/** The facts of both variants on the inputs both ran, in input order. */
function commonInputs(
  a: readonly InputFacts[],
  b: readonly InputFacts[],
): { input: number; a: InputFacts; b: InputFacts }[] {
  const ofB = new Map(b.filter((fact) => fact.conversations > 0).map((fact) => [fact.input, fact]));
  return a
    .filter((fact) => fact.conversations > 0 && ofB.has(fact.input))
    .map((fact) => ({ input: fact.input, a: fact, b: ofB.get(fact.input) as InputFacts }))
    .sort((left, right) => left.input - right.input);
}

function fixedDifference(
  metric: ComparedMetric,
  a: readonly InputFacts[],
  b: readonly InputFacts[],
  paired: boolean,
): Difference | TurnsDifference {
  const common = paired ? commonInputs(a, b) : [];
  if (metric === 'turnsToCompletion') {
    if (common.length > 0)
      return comparePairedTurns(common.map((pair) => ({ input: pair.input, a: turnsOf(pair.a), b: turnsOf(pair.b) })));
    return compareUnpairedTurns(a.map(turnsOf), b.map(turnsOf));
  }
  const rate = RATE_OF[metric as RateMetricName];
  if (common.length > 0)
    return comparePairedRates(common.map((pair) => ({ input: pair.input, a: rate(pair.a), b: rate(pair.b) })));
  return compareUnpairedRates(a.map(rate), b.map(rate));
}

/**
 * The live difference of a rate from the first repeat of each input: inputs in their order, up
 * to the first one whose pair is not complete yet (so that which inputs count never depends on
 * their outcomes); an input without trials on a side adds nothing.
 */
function anytimeOf(
  metric: ComparedMetric,
  a: readonly InputFacts[],
  b: readonly InputFacts[],
): AnytimeVerdict | undefined {
  if (metric === 'turnsToCompletion') return undefined;
  const rate = RATE_OF[metric as RateMetricName];
  const ofA = new Map(a.filter((fact) => fact.conversations > 0).map((fact) => [fact.input, fact]));
  const ofB = new Map(b.filter((fact) => fact.conversations > 0).map((fact) => [fact.input, fact]));
  const differences: number[] = [];
  const last = Math.max(-1, ...ofA.keys(), ...ofB.keys());
  for (let input = 0; input <= last; input++) {
    const factA = ofA.get(input);
    const factB = ofB.get(input);
    if (!factA || !factB) break;
    const rateA = rate(factA);
    const rateB = rate(factB);
    if (rateA.trials === 0 || rateB.trials === 0) continue;
    differences.push(rateB.successes / rateB.trials - rateA.successes / rateA.trials);
  }
  const result = anytimeDifference(differences, ALPHA);
  return { ...result, pAdjusted: null };
}

/** Holm within each family: the primary metric's comparisons, and the exploratory rest. */
function adjust(comparisons: Comparison[]): void {
  for (const exploratory of [false, true]) {
    const family = comparisons.filter((comparison) => comparison.exploratory === exploratory);
    const fixed = holmAdjust(family.map((comparison) => comparison.p));
    const anytime = holmAdjust(family.map((comparison) => comparison.anytime?.p ?? null));
    family.forEach((comparison, index) => {
      comparison.pAdjusted = fixed[index];
      if (comparison.anytime) comparison.anytime.pAdjusted = anytime[index];
    });
  }
}

function excludesZero(low: number | null, high: number | null): boolean {
  return low !== null && high !== null && (low > 0 || high < 0);
}

export function compareExperimentVariants(
  names: readonly string[],
  byVariant: Map<string, InputFacts[]>,
  options: ComparisonOptions,
): Comparison[] {
  const metrics = comparedMetrics(options);
  const live = options.firstRepeats !== null;
  const firstOf = (name: string) => (options.firstRepeats ?? []).filter((fact) => fact.variant === name);
  const comparisons: Comparison[] = [];
  for (let first = 0; first < names.length; first++) {
    for (let second = first + 1; second < names.length; second++) {
      const a = byVariant.get(names[first]) ?? [];
      const b = byVariant.get(names[second]) ?? [];
      for (const metric of metrics) {
        const result = fixedDifference(metric, a, b, options.paired);
        const comparison: Comparison = {
          a: names[first],
          b: names[second],
          metric,
          effect: result.effect,
          difference: result.difference,
          low: result.low,
          high: result.high,
          pValue: result.p,
          test: result.method,
          method: result.method,
          paired: result.paired,
          p: result.p,
          pAdjusted: null,
          exploratory: options.primaryMetric === undefined || metric !== options.primaryMetric,
          inputs: result.inputs,
          detectable: false,
        };
        if ('reason' in result && result.reason) comparison.reason = result.reason;
        if (live && options.paired) {
          const anytime = anytimeOf(metric, firstOf(names[first]), firstOf(names[second]));
          if (anytime) comparison.anytime = anytime;
        }
        if (live && !comparison.anytime) {
          // A fixed-sample verdict read while the run goes on is not valid: it waits for the end.
          Object.assign(comparison, {
            difference: null,
            low: null,
            high: null,
            pValue: null,
            p: null,
            reason: 'shown when the run ends (no live verdict for it)',
          });
        }
        comparisons.push(comparison);
      }
    }
  }
  adjust(comparisons);
  for (const comparison of comparisons) {
    comparison.detectable = live
      ? comparison.anytime !== undefined &&
        comparison.anytime.pAdjusted !== null &&
        comparison.anytime.pAdjusted < ALPHA &&
        excludesZero(comparison.anytime.low, comparison.anytime.high)
      : comparison.pAdjusted !== null && comparison.pAdjusted < ALPHA && excludesZero(comparison.low, comparison.high);
  }
  return comparisons;
}

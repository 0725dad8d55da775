// The comparisons of an experiment's variants: for each pair (a listed before b) and metric, the
// fixed-sample difference (paired by input when the variants ran the same inputs), and Holm's
// adjustment over each family (the primary metric's comparisons; all the others, labelled
// exploratory). While the run goes on, and after it stopped early, the published numbers are the
// anytime-valid ones instead: a fixed-sample p read at every look gives false differences (11% in
// A/A), and a stop chosen by the data biases it; a metric without an anytime verdict shows none.
import { compareUnpairedRates, comparePairedRates, type Difference } from './compare-rates';
import { comparePairedTurns, compareUnpairedTurns, type TurnsDifference } from './compare-turns';
import { holmAdjust } from './holm';
import { RATE_OF, turnsOf, type RateMetricName } from './input-facts';
import { DEFAULT_PLANNED_DIFFERENCE, moreInputsToTell, noWorseThan, uninformative } from './inconclusive';
import { anytimeDifference } from './sequential';
import type { AnytimeVerdict } from './anytime-verdict';
import { ACCURACY_METRICS, type ComparedMetric, type Comparison, type InputFacts } from './types';

const ALPHA = 0.05;

export type ComparisonOptions = {
  paired: boolean;
  judged: boolean;
  /** Whether the experiment's own check (config.customCheck) judged any conversation. */
  customChecked?: boolean;
  /** Whether a model judge (lib/judge) gave any verdict. */
  modelJudged?: boolean;
  accuracyKinds: ('call' | 'no_call')[] | null;
  primaryMetric?: ComparedMetric;
  /**
   * First repeats of each input while the experiment runs or after it stopped early (null
   * otherwise): the anytime-valid verdict.
   */
  firstRepeats: InputFacts[] | null;
  /** The run ended early on the anytime-valid verdict (`firstRepeats` is then given). */
  stoppedEarly?: boolean;
  plannedDifference?: number;
  noWorseMargin?: number;
};

/**
 * The metrics compared, in display order. A dataset run (accuracy kinds known) scores the first
 * response of each case: there, "completed" means the model answered in text instead of calling
 * (a failure that would read as a win) and every conversation lasts one turn, so neither
 * completion nor turns is compared; task success and the accuracies say what succeeded.
 */
function comparedMetrics(
  options: Pick<ComparisonOptions, 'judged' | 'customChecked' | 'modelJudged' | 'accuracyKinds'>,
): ComparedMetric[] {
  const dataset = options.accuracyKinds !== null;
  const metrics: ComparedMetric[] = ['toolCallRate', 'validCallRate'];
  if (!dataset) metrics.push('completionRate');
  if (options.judged) metrics.push('taskSuccessRate');
  if (options.customChecked) metrics.push('customCheckRate');
  if (options.modelJudged) metrics.push('judgePassRate');
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
  plannedDifference: number | undefined,
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
  const result = anytimeDifference(differences, { alpha: ALPHA, plannedDifference });
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

/**
 * The anytime-valid numbers at the top of a comparison, labelled. While live the `anytime` object
 * stays beside them (the words call them live); after an early stop they stand alone.
 */
function publishAnytime(comparison: Comparison, stopped: boolean): void {
  comparison.pAdjusted = null;
  const anytime = comparison.anytime;
  if (!anytime) return;
  Object.assign(comparison, {
    difference: anytime.difference,
    low: anytime.low,
    high: anytime.high,
    p: anytime.p,
    pValue: anytime.p,
    pAdjusted: anytime.pAdjusted,
    method: 'confidence-sequence',
    test: 'confidence-sequence',
    inference: 'anytime-valid',
    inputs: anytime.inputs,
  });
  if (stopped) delete comparison.anytime;
}

/** Whether the interval says anything, how many inputs would tell more, and the no-worse test. */
function whatItCanTell(comparison: Comparison, options: ComparisonOptions): void {
  if (comparison.low === null || comparison.high === null) return;
  const turns = comparison.metric === 'turnsToCompletion';
  if (uninformative(comparison, turns)) {
    comparison.uninformative = true;
    return;
  }
  if (!turns && options.noWorseMargin !== undefined) {
    const holds = noWorseThan(comparison, options.noWorseMargin);
    if (holds !== null) comparison.noWorse = { margin: options.noWorseMargin, holds };
  }
  if (comparison.detectable) return;
  // Turns: a difference of one turn; rates: the planned difference, else 10 points.
  const difference = turns ? 1 : (options.plannedDifference ?? DEFAULT_PLANNED_DIFFERENCE);
  const more = moreInputsToTell(comparison, difference);
  if (more !== null) comparison.moreInputs = { inputs: more, difference };
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
  const withoutAnytime = 'no anytime-valid verdict for it';
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
          inference: 'fixed-sample',
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
          const anytime = anytimeOf(metric, firstOf(names[first]), firstOf(names[second]), options.plannedDifference);
          if (anytime) comparison.anytime = anytime;
        }
        if (live && !comparison.anytime) {
          // A fixed-sample verdict read while the run goes on, or after a stop the data chose, is not valid.
          Object.assign(comparison, {
            difference: null,
            low: null,
            high: null,
            pValue: null,
            p: null,
            reason: options.stoppedEarly
              ? `${withoutAnytime}, and the early stop biases a fixed-sample one`
              : `shown when the run ends (${withoutAnytime})`,
          });
        }
        comparisons.push(comparison);
      }
    }
  }
  adjust(comparisons);
  if (live) for (const comparison of comparisons) publishAnytime(comparison, options.stoppedEarly === true);
  for (const comparison of comparisons) {
    // Live or stopped early, the numbers at the top are the anytime-valid ones (or null).
    comparison.detectable =
      comparison.pAdjusted !== null && comparison.pAdjusted < ALPHA && excludesZero(comparison.low, comparison.high);
    whatItCanTell(comparison, options);
  }
  return comparisons;
}

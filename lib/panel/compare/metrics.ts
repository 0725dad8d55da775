// The metrics of two variants side by side, also across experiments: each side's facts (as the
// experiment page reads them) are put into one two-variant input for the same summarizeExperiment
// that compares variants within an experiment, so the intervals and tests are the same ones.
import { describeComparison, METRIC_LABELS } from '../../metrics/describe';
import { summarizeExperiment } from '../../metrics/summarize';
import type { Balance } from '../../metrics/balance';
import {
  ACCURACY_METRICS,
  type ComparedMetric as ComparedMetricName,
  type Comparison,
  type MetricsInput,
  type Rate,
  type VariantSummary,
} from '../../metrics/types';

export type ComparedMetric = {
  metric: Comparison['metric'];
  label: string;
  comparison: Comparison;
  /** The comparison in plain words (lib/metrics/describe.ts). */
  sentence: string;
};

export type VariantMetrics = {
  a: VariantSummary;
  b: VariantSummary;
  metrics: ComparedMetric[];
  /** The primary metric both sides chose before their runs, when they agree (its comparison decides). */
  primaryMetric?: ComparedMetricName;
  /** Whether the two sides ran alike (lib/metrics/balance.ts). */
  balance?: Balance;
};

type Side = {
  facts: MetricsInput;
  variant: string;
  label: string;
  /** The side's input index as the comparison numbers it (inputs matched by content across experiments). */
  inputOf?: (input: number) => number;
};

/** How the two sides compare: paired by input (across experiments only when matched), and the primary metric. */
export type CompareMetricsOptions = { paired?: boolean; primaryMetric?: ComparedMetricName };

/**
 * The facts of one variant under another name. Facts arrive as repeated references to one object
 * per group (metrics-facts.ts), so each distinct object is copied once and its copy repeated.
 */
function relabel<Fact extends { variant: string }>(facts: Fact[] | undefined, from: string, to: string): Fact[] {
  const copies = new Map<Fact, Fact>();
  const relabelled: Fact[] = [];
  for (const fact of facts ?? []) {
    if (fact.variant !== from) continue;
    let copy = copies.get(fact);
    if (!copy) {
      copy = from === to ? fact : { ...fact, variant: to };
      copies.set(fact, copy);
    }
    relabelled.push(copy);
  }
  return relabelled;
}

/** One side's facts under its label; the accuracy facts only when `withAccuracy`. */
function sideInput(
  side: Side,
): Omit<MetricsInput, 'variants' | 'accuracy'> & { accuracyFacts: NonNullable<MetricsInput['accuracy']>['facts'] } {
  return {
    conversations: relabel(side.facts.conversations, side.variant, side.label),
    modelCalls: relabel(side.facts.modelCalls, side.variant, side.label),
    errors: relabel(side.facts.errors, side.variant, side.label),
    toolNameConfidence: relabel(side.facts.toolNameConfidence, side.variant, side.label),
    responses: side.facts.responses && relabel(side.facts.responses, side.variant, side.label),
    accuracyFacts: relabel(side.facts.accuracy?.facts, side.variant, side.label),
  };
}

/**
 * B against A for every metric: tool-call, valid-call and completion rates, turns to completion,
 * and the accuracy rates when both sides ran datasets with expectations (irrelevance accuracy only
 * when both sets hold irrelevant requests). The labels must differ.
 */
export function compareVariantMetrics(a: Side, b: Side, options: CompareMetricsOptions = {}): VariantMetrics {
  if (a.label === b.label) throw new Error(`the two sides need different labels, both are "${a.label}"`);
  const first = sideInput(a);
  const second = sideInput(b);
  const input: MetricsInput = {
    variants: [a.label, b.label],
    conversations: [...(first.conversations ?? []), ...(second.conversations ?? [])],
    modelCalls: [...(first.modelCalls ?? []), ...(second.modelCalls ?? [])],
    errors: [...(first.errors ?? []), ...(second.errors ?? [])],
  };
  // With per-input facts on both sides the statistics cluster by input; they pair inputs within one
  // experiment, and across two when the caller matched their inputs by content (`inputOf`): input 3
  // of one experiment is not input 3 of the other.
  const renumbered = (side: Side, facts: NonNullable<MetricsInput['inputs']>) =>
    side.inputOf ? facts.map((fact) => ({ ...fact, input: side.inputOf!(fact.input) })) : facts;
  if (a.facts.inputs && b.facts.inputs)
    input.inputs = [
      ...renumbered(a, relabel(a.facts.inputs, a.variant, a.label)),
      ...renumbered(b, relabel(b.facts.inputs, b.variant, b.label)),
    ];
  // Latency and tokens as the database aggregated them (facts read from the counters), on both sides or neither.
  if (first.responses && second.responses) input.responses = [...first.responses, ...second.responses];
  const sameExperiment = a.facts === b.facts;
  const confidence = [...(first.toolNameConfidence ?? []), ...(second.toolNameConfidence ?? [])];
  if (confidence.length > 0) input.toolNameConfidence = confidence;
  if (a.facts.accuracy && b.facts.accuracy) {
    const kinds = a.facts.accuracy.kinds.filter((kind) => b.facts.accuracy?.kinds.includes(kind));
    if (kinds.length > 0) input.accuracy = { kinds, facts: [...first.accuracyFacts, ...second.accuracyFacts] };
  }
  const summary = summarizeExperiment('comparison', 'completed', input, {
    paired: options.paired ?? sameExperiment,
    primaryMetric: options.primaryMetric,
  });
  const [summaryA, summaryB] = summary.variants;
  const metrics = summary.comparisons
    .filter((comparison) => comparison.a === a.label && comparison.b === b.label)
    // Accuracy only where it is measured on both sides.
    .filter(
      (comparison) =>
        !(ACCURACY_METRICS as readonly string[]).includes(comparison.metric) || input.accuracy !== undefined,
    )
    .map((comparison) => ({
      metric: comparison.metric,
      label: METRIC_LABELS[comparison.metric],
      comparison,
      sentence: describeComparison(comparison),
    }));
  // Task success, where a check judged, is the headline (the experiment page leads with it too).
  metrics.sort(
    (first, second) => Number(second.metric === 'taskSuccessRate') - Number(first.metric === 'taskSuccessRate'),
  );
  return { a: summaryA, b: summaryB, metrics, primaryMetric: options.primaryMetric, balance: summary.balance };
}

/** A side's value of a metric for display: the rate, or the mean turns. */
export function metricValue(
  summary: VariantSummary,
  metric: Comparison['metric'],
): { rate: Rate | null; turns: VariantSummary['turnsToCompletion'] | null } {
  if (metric === 'turnsToCompletion') return { rate: null, turns: summary.turnsToCompletion };
  return { rate: summary[metric] ?? null, turns: null };
}

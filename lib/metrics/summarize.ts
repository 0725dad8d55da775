import { checkBalance } from './balance';
import { OUTCOMES } from '../runner/types';
import { ALL_PARSE_PATHS } from '../parsing/types';
import { clusteredRate } from './clustered';
import { compareExperimentVariants } from './summarize-comparisons';
import { legacyInputFacts, RATE_OF, repeatSuccesses, type RateMetricName } from './input-facts';
import { passHatKCurve } from './reliability';
import { quantile, sortAscending } from './samples';
import { ACCURACY_METRICS } from './types';
import type {
  AccuracyMetric,
  ComparedMetric,
  ConfidenceFacts,
  ExperimentSummary,
  InputFacts,
  MetricsInput,
  ModelCallFacts,
  Rate,
  ResponseFacts,
  VariantSummary,
} from './types';

export type SummarizeOptions = {
  simulated?: boolean;
  primaryMetric?: ComparedMetric;
  /** False when the variants' inputs are not the same inputs (across experiments): no pairing. */
  paired?: boolean;
  /**
   * Why the run stopped before its planned end, when it did: its verdicts are then the anytime-valid
   * ones (`input.firstRepeats`), since the stop biases the fixed-sample ones.
   */
  stoppedEarly?: string;
  /** The difference the person planned to tell (rate units): what "more inputs" speaks of. */
  plannedDifference?: number;
  /** The margin (rate units) of the no-worse (non-inferiority) test of each rate comparison. */
  noWorseMargin?: number;
};

/** A rate over one variant's inputs, clustered by input. */
function rateOver(facts: readonly InputFacts[], metric: RateMetricName): Rate {
  const rate = clusteredRate(facts.map(RATE_OF[metric]));
  return {
    value: rate.value,
    low: rate.low,
    high: rate.high,
    successes: rate.successes,
    trials: rate.trials,
    inputs: rate.inputs,
  };
}

/** Sum of the reported values; null when no call reported one (unknown is not zero). */
function sumReported(values: (number | null)[]): number | null {
  const reported = values.filter((value): value is number => value !== null);
  return reported.length === 0 ? null : reported.reduce((sum, value) => sum + value, 0);
}

/** Adds counts by key, known keys first in their canonical order so every summary lists them alike. */
function addCounts<Key extends string>(
  records: readonly Partial<Record<Key, number>>[],
  order: readonly Key[],
): Partial<Record<Key, number>> {
  const totals = new Map<Key, number>();
  for (const record of records)
    for (const [key, count] of Object.entries(record) as [Key, number][])
      totals.set(key, (totals.get(key) ?? 0) + count);
  const counts: Partial<Record<Key, number>> = {};
  for (const key of order) if ((totals.get(key) ?? 0) > 0) counts[key] = totals.get(key);
  for (const [key, count] of totals) if (!order.includes(key) && count > 0) counts[key] = count;
  return counts;
}

/** Mean, type-7 quantiles and maximum of the turns of completed conversations, from their counts by turns. */
function turnsSummary(facts: readonly InputFacts[]): VariantSummary['turnsToCompletion'] {
  const counts = new Map<number, number>();
  for (const fact of facts)
    for (const [turns, count] of Object.entries(fact.completedTurns))
      counts.set(Number(turns), (counts.get(Number(turns)) ?? 0) + count);
  const values = [...counts.keys()].sort((left, right) => left - right);
  const total = values.reduce((sum, value) => sum + (counts.get(value) as number), 0);
  if (total === 0) return { mean: null, p50: null, p90: null, max: null };
  // The value at a 0-based position of the sorted completed conversations.
  const at = (position: number) => {
    let seen = 0;
    for (const value of values) {
      seen += counts.get(value) as number;
      if (position < seen) return value;
    }
    return values[values.length - 1];
  };
  const quantileOf = (q: number) => {
    const index = (total - 1) * q;
    const lower = Math.floor(index);
    return at(lower) + (index - lower) * (at(Math.ceil(index)) - at(lower));
  };
  const sum = values.reduce((total, value) => total + value * (counts.get(value) as number), 0);
  return { mean: sum / total, p50: quantileOf(0.5), p90: quantileOf(0.9), max: values[values.length - 1] };
}

function latencyAndTokens(
  calls: readonly ModelCallFacts[],
  aggregated: ResponseFacts | undefined,
): Pick<VariantSummary, 'latencyMs' | 'tokens'> {
  if (aggregated) return { latencyMs: { ...aggregated.latencyMs }, tokens: { ...aggregated.tokens } };
  const responses = calls.filter((call) => call.ok);
  const latencies = sortAscending(responses.map((call) => call.latencyMs));
  return {
    latencyMs: { p50: quantile(latencies, 0.5), p95: quantile(latencies, 0.95) },
    tokens: {
      prompt: sumReported(responses.map((call) => call.promptTokens)),
      completion: sumReported(responses.map((call) => call.completionTokens)),
    },
  };
}

function meanConfidence(facts: readonly ConfidenceFacts[]): number | null {
  const count = facts.reduce((sum, fact) => sum + fact.count, 0);
  return count === 0 ? null : facts.reduce((sum, fact) => sum + fact.total, 0) / count;
}

type VariantContext = {
  judged: boolean;
  /** Whether the experiment's own check judged any conversation. */
  customChecked: boolean;
  /** Whether a model judge gave any verdict. */
  modelJudged: boolean;
  accuracyKinds: ('call' | 'no_call')[] | null;
};

function summarizeVariant(
  name: string,
  facts: readonly InputFacts[],
  input: MetricsInput,
  context: VariantContext,
): VariantSummary {
  const responses = facts.reduce((sum, fact) => sum + fact.modelResponses, 0);
  const aggregated = input.responses
    ? (input.responses.find((entry) => entry.variant === name) ?? {
        variant: name,
        latencyMs: { p50: null, p95: null },
        tokens: { prompt: null, completion: null },
      })
    : undefined;
  const accuracy: Partial<Record<AccuracyMetric, Rate>> = {};
  if (context.accuracyKinds) {
    for (const metric of ACCURACY_METRICS) {
      if (metric === 'irrelevanceAccuracy' && !context.accuracyKinds.includes('no_call')) continue;
      accuracy[metric] = rateOver(facts, metric);
    }
  }
  const reliability = facts.map((fact) => ({ input: fact.input, ...repeatSuccesses(fact) }));
  return {
    name,
    conversations: facts.reduce((sum, fact) => sum + fact.conversations, 0),
    modelCalls: responses,
    modelResponses: responses,
    inputs: facts.filter((fact) => fact.conversations > 0).length,
    retriedErrors: facts.reduce((sum, fact) => sum + fact.retries, 0),
    retryWaitMs: facts.reduce((sum, fact) => sum + fact.retryWaitMs, 0),
    toolCallRate: rateOver(facts, 'toolCallRate'),
    validCallRate: rateOver(facts, 'validCallRate'),
    completionRate: rateOver(facts, 'completionRate'),
    completionRateWithoutServerFailures: rateOver(facts, 'completionRateWithoutServerFailures'),
    passHatK: passHatKCurve(reliability),
    turnsToCompletion: turnsSummary(facts),
    parsePaths: addCounts(
      facts.map((fact) => fact.parsePaths),
      ALL_PARSE_PATHS,
    ),
    outcomes: addCounts(
      facts.map((fact) => fact.outcomes),
      OUTCOMES,
    ),
    errors: addCounts(
      facts.map((fact) => fact.errors),
      [],
    ),
    ...latencyAndTokens(
      (input.modelCalls ?? []).filter((call) => call.variant === name),
      aggregated,
    ),
    meanToolNameConfidence: meanConfidence((input.toolNameConfidence ?? []).filter((fact) => fact.variant === name)),
    ...(context.judged ? { taskSuccessRate: rateOver(facts, 'taskSuccessRate') } : {}),
    ...(context.customChecked ? { customCheckRate: rateOver(facts, 'customCheckRate') } : {}),
    ...(context.modelJudged ? { judgePassRate: rateOver(facts, 'judgePassRate') } : {}),
    ...accuracy,
  };
}

/** Variant names in the order given, then any that only appear in the facts (never dropped). */
function variantOrder(input: MetricsInput, facts: readonly InputFacts[]): string[] {
  const names = [...input.variants];
  const seen = new Set(names);
  for (const fact of [...facts, ...(input.modelCalls ?? [])]) {
    if (!seen.has(fact.variant)) {
      seen.add(fact.variant);
      names.push(fact.variant);
    }
  }
  return names;
}

/**
 * Per-variant metrics, their intervals clustered by input, and for each pair of variants (a
 * listed before b) the difference b − a of each metric with one method's interval and p-value,
 * Holm-adjusted over its family, and while the experiment runs the anytime-valid live verdict.
 * Missing data stays null.
 */
export function summarizeExperiment(
  experimentId: string,
  status: string,
  input: MetricsInput,
  options: SummarizeOptions = {},
): ExperimentSummary {
  const facts = input.inputs ?? legacyInputFacts(input);
  const names = variantOrder(input, facts);
  const byVariant = new Map<string, InputFacts[]>(names.map((name) => [name, []]));
  for (const fact of facts) byVariant.get(fact.variant)?.push(fact);
  const context: VariantContext = {
    judged: facts.some((fact) => fact.taskJudged > 0),
    customChecked: facts.some((fact) => fact.customJudged > 0),
    modelJudged: facts.some((fact) => fact.judgeJudged > 0),
    accuracyKinds: input.accuracy && input.accuracy.kinds.length > 0 ? input.accuracy.kinds : null,
  };
  const variants = names.map((name) => summarizeVariant(name, byVariant.get(name) ?? [], input, context));
  const live = status === 'running' || status === 'pending';
  const comparisons = compareExperimentVariants(names, byVariant, {
    paired: input.inputs !== undefined && options.paired !== false,
    judged: context.judged,
    customChecked: context.customChecked,
    modelJudged: context.modelJudged,
    accuracyKinds: context.accuracyKinds,
    primaryMetric: options.primaryMetric,
    firstRepeats: live || options.stoppedEarly ? (input.firstRepeats ?? null) : null,
    stoppedEarly: !live && options.stoppedEarly !== undefined,
    plannedDifference: options.plannedDifference,
    noWorseMargin: options.noWorseMargin,
  });
  const anytime = comparisons.some((comparison) => comparison.inference === 'anytime-valid');
  return {
    experimentId,
    status,
    ...(options.simulated ? { simulated: true } : {}),
    ...(options.primaryMetric ? { primaryMetric: options.primaryMetric } : {}),
    verdict: live ? 'live' : 'final',
    inference: anytime ? 'anytime-valid' : 'fixed-sample',
    ...(options.stoppedEarly ? { stoppedEarly: options.stoppedEarly } : {}),
    variants,
    comparisons,
    // Only from per-input facts: the legacy ones carry no input, so nothing to check the pairing with.
    ...(input.inputs ? { balance: checkBalance(names, facts) ?? undefined } : {}),
  };
}

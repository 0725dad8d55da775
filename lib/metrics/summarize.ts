import { OUTCOMES } from '../runner/types';
import { PARSE_PATHS } from '../parsing/types';
import { compareProportions, compareSamples, mean, quantile, sortAscending, wilsonInterval } from './statistics';
import { ACCURACY_METRICS } from './types';
import type {
  AccuracyFacts,
  AccuracyMetric,
  Comparison,
  ConfidenceFacts,
  ConversationFacts,
  ErrorFacts,
  ExperimentSummary,
  MetricsInput,
  ModelCallFacts,
  Rate,
  ResponseFacts,
  VariantSummary,
} from './types';

export type SummarizeOptions = { simulated?: boolean };

type RateMetric = 'toolCallRate' | 'validCallRate' | 'completionRate';
const RATE_METRICS: RateMetric[] = ['toolCallRate', 'validCallRate', 'completionRate'];

function rate(successes: number, trials: number): Rate {
  return { ...wilsonInterval(successes, trials), successes, trials };
}

/** Sum of the reported values; null when no call reported one (unknown is not zero). */
function sumReported(values: (number | null)[]): number | null {
  const reported = values.filter((value): value is number => value !== null);
  return reported.length === 0 ? null : reported.reduce((sum, value) => sum + value, 0);
}

function countBy<Key extends string>(keys: Key[], order: readonly Key[]): Partial<Record<Key, number>> {
  const counts: Partial<Record<Key, number>> = {};
  // Known keys first in their canonical order, so every summary lists them the same way.
  for (const key of order) {
    const found = keys.filter((candidate) => candidate === key).length;
    if (found > 0) counts[key] = found;
  }
  for (const key of keys) if (!order.includes(key)) counts[key] = (counts[key] ?? 0) + 1;
  return counts;
}

/**
 * Model responses of each submitted conversation, sorted: the order facts arrive in must not
 * change the (seeded) bootstrap interval.
 */
function submittedTurns(conversations: ConversationFacts[]): number[] {
  return sortAscending(
    conversations.filter((conversation) => conversation.outcome === 'submitted').map((c) => c.modelResponses),
  );
}

/** Counts of the grouped verdicts that satisfy `test`. */
function countWhere(facts: AccuracyFacts[], test: (fact: AccuracyFacts) => boolean): number {
  return facts.reduce((sum, fact) => (test(fact) ? sum + fact.count : sum), 0);
}

/**
 * Accuracy over the scored verdicts (a failed first request leaves nothing to score and counts in
 * no rate): call, name and argument accuracy among cases expecting a call, irrelevance accuracy
 * among cases expecting none (only when the set has such cases).
 */
function accuracyRates(facts: AccuracyFacts[], kinds: ('call' | 'no_call')[]): Partial<Record<AccuracyMetric, Rate>> {
  const calls = facts.filter((fact) => fact.scored && fact.kind === 'call');
  const named = calls.filter((fact) => fact.nameCorrect === true);
  const rates: Partial<Record<AccuracyMetric, Rate>> = {
    callAccuracy: rate(countWhere(calls, (fact) => fact.correct), countWhere(calls, () => true)),
    nameAccuracy: rate(countWhere(named, () => true), countWhere(calls, () => true)),
    argumentAccuracy: rate(countWhere(named, (fact) => fact.argumentsCorrect === true), countWhere(named, () => true)),
  };
  if (kinds.includes('no_call')) {
    const irrelevant = facts.filter((fact) => fact.scored && fact.kind === 'no_call');
    rates.irrelevanceAccuracy = rate(countWhere(irrelevant, (fact) => fact.correct), countWhere(irrelevant, () => true));
  }
  return rates;
}

function meanConfidence(facts: ConfidenceFacts[]): number | null {
  const count = facts.reduce((sum, fact) => sum + fact.count, 0);
  return count === 0 ? null : facts.reduce((sum, fact) => sum + fact.total, 0) / count;
}

function summarizeVariant(
  name: string,
  conversations: ConversationFacts[],
  modelCalls: ModelCallFacts[],
  errors: ErrorFacts[],
  accuracy?: { kinds: ('call' | 'no_call')[]; facts: AccuracyFacts[] },
  confidence: ConfidenceFacts[] = [],
  aggregated?: ResponseFacts,
): VariantSummary {
  // A model response is a call that returned; failed requests have no parse path and count
  // only as errors, so the parse-path counts add up to modelCalls.
  const responses = modelCalls.filter((call) => call.ok);
  const turns = submittedTurns(conversations);
  // Latency and tokens come aggregated from the database when it gave them (ResponseFacts).
  const latencies = aggregated ? [] : sortAscending(responses.map((call) => call.latencyMs));
  const errorCounts: Record<string, number> = {};
  for (const error of errors) {
    if (error.count > 0) errorCounts[error.kind] = (errorCounts[error.kind] ?? 0) + error.count;
  }
  return {
    name,
    conversations: conversations.length,
    modelCalls: responses.length,
    toolCallRate: rate(responses.filter((call) => call.callCount > 0).length, responses.length),
    validCallRate: rate(responses.filter((call) => call.allValid).length, responses.length),
    completionRate: rate(turns.length, conversations.length),
    turnsToCompletion: {
      mean: mean(turns),
      p50: quantile(turns, 0.5),
      p90: quantile(turns, 0.9),
      max: turns.length === 0 ? null : turns[turns.length - 1],
    },
    parsePaths: countBy(
      responses.flatMap((call) => (call.parsePath === null ? [] : [call.parsePath])),
      PARSE_PATHS,
    ),
    outcomes: countBy(
      conversations.map((conversation) => conversation.outcome),
      OUTCOMES,
    ),
    errors: errorCounts,
    latencyMs: aggregated ? { ...aggregated.latencyMs } : { p50: quantile(latencies, 0.5), p95: quantile(latencies, 0.95) },
    tokens: aggregated
      ? { ...aggregated.tokens }
      : {
          prompt: sumReported(responses.map((call) => call.promptTokens)),
          completion: sumReported(responses.map((call) => call.completionTokens)),
        },
    meanToolNameConfidence: meanConfidence(confidence),
    ...(accuracy ? accuracyRates(accuracy.facts, accuracy.kinds) : {}),
  };
}

function detectable(low: number | null, high: number | null): boolean {
  return low !== null && high !== null && (low > 0 || high < 0);
}

function compareVariants(
  a: VariantSummary,
  b: VariantSummary,
  turnsA: number[],
  turnsB: number[],
): Comparison[] {
  const comparisons: Comparison[] = RATE_METRICS.map((metric) => {
    const result = compareProportions(a[metric].successes, a[metric].trials, b[metric].successes, b[metric].trials);
    return { a: a.name, b: b.name, metric, ...result, detectable: detectable(result.low, result.high) };
  });
  const turns = compareSamples(turnsA, turnsB);
  comparisons.push({
    a: a.name,
    b: b.name,
    metric: 'turnsToCompletion',
    ...turns,
    detectable: detectable(turns.low, turns.high),
  });
  // Dataset experiments only: both variants ran the same cases.
  for (const metric of ACCURACY_METRICS) {
    const first = a[metric];
    const second = b[metric];
    if (!first || !second) continue;
    const result = compareProportions(first.successes, first.trials, second.successes, second.trials);
    comparisons.push({ a: a.name, b: b.name, metric, ...result, detectable: detectable(result.low, result.high) });
  }
  return comparisons;
}

/** A variant without a response: no latency, no tokens (as the per-call facts would give). */
function emptyResponses(variant: string): ResponseFacts {
  return { variant, latencyMs: { p50: null, p95: null }, tokens: { prompt: null, completion: null } };
}

/** Variant names in the order given, then any that only appear in the facts (never dropped). */
function variantOrder(input: MetricsInput): string[] {
  const names = [...input.variants];
  const seen = new Set(names);
  for (const fact of [...input.conversations, ...input.modelCalls, ...input.errors]) {
    if (!seen.has(fact.variant)) {
      seen.add(fact.variant);
      names.push(fact.variant);
    }
  }
  return names;
}

/**
 * Per-variant metrics and, for each pair of variants (a listed before b), the difference b − a
 * of each rate and of the mean turns to completion, with interval, p-value and whether the
 * interval excludes 0. Missing data stays null.
 */
export function summarizeExperiment(
  experimentId: string,
  status: string,
  input: MetricsInput,
  options: SummarizeOptions = {},
): ExperimentSummary {
  const names = variantOrder(input);
  const ofVariant = <Fact extends { variant: string }>(facts: Fact[], name: string) =>
    facts.filter((fact) => fact.variant === name);
  const variants = names.map((name) =>
    summarizeVariant(
      name,
      ofVariant(input.conversations, name),
      ofVariant(input.modelCalls, name),
      ofVariant(input.errors, name),
      input.accuracy ? { kinds: input.accuracy.kinds, facts: ofVariant(input.accuracy.facts, name) } : undefined,
      ofVariant(input.toolNameConfidence ?? [], name),
      input.responses?.find((entry) => entry.variant === name) ?? (input.responses ? emptyResponses(name) : undefined),
    ),
  );
  const turns = names.map((name) => submittedTurns(ofVariant(input.conversations, name)));
  const comparisons: Comparison[] = [];
  for (let first = 0; first < variants.length; first++) {
    for (let second = first + 1; second < variants.length; second++) {
      comparisons.push(...compareVariants(variants[first], variants[second], turns[first], turns[second]));
    }
  }
  return {
    experimentId,
    status,
    ...(options.simulated ? { simulated: true } : {}),
    variants,
    comparisons,
  };
}

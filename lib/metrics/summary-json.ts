import { z } from 'zod';
import { ALL_PARSE_PATHS } from '../parsing/types';
import { OUTCOMES, type Outcome } from '../runner/types';
import { COMPARISON_METHODS } from './compare-rates';
import {
  ACCURACY_METRICS,
  COMPARED_METRICS,
  type Comparison,
  type ExperimentSummary,
  type Rate,
  type VariantSummary,
} from './types';

/*
 * The summary JSON shared by `remora harness --json` and the API's experiment `summary`.
 * Every key of the spec's example is here with its exact name and nesting. A few keys are
 * added (a superset, never a rename):
 * - `simulated: true` at the top, only when the endpoint was the simulated one;
 * - per variant `tokens` ({prompt, completion}: sums where the server reported usage, else
 *   null) and `counts` (the successes and trials behind each rate, so the rates stay
 *   {value, low, high} exactly as the spec shows them while "38 of 40" can still be shown);
 * - per comparison `test` (which test gave the p-value) and `detectable` (the interval
 *   excludes 0);
 * - for a dataset experiment whose cases say what is expected, per variant `callAccuracy`,
 *   `nameAccuracy`, `argumentAccuracy` (and `irrelevanceAccuracy` when the set has cases that
 *   expect no call), each {value, low, high} with its counts in `counts`, and comparisons of them.
 *   They are absent for every other experiment;
 * - per variant `taskSuccessRate` {value, low, high} (counts in `counts`): conversations whose
 *   task-success check passed among those judged (lib/task-success); absent when none was judged;
 * - per variant `customCheckRate` {value, low, high} (counts in `counts`): the same for the
 *   experiment's own check (config.customCheck, `--check-script`), and comparisons of it;
 * - per variant `judgePassRate` likewise: the model judge's passes among its verdicts (judge
 *   errors left out) in its latest run over the experiment (`remora judge`, lib/judge);
 * - per variant `meanToolNameConfidence`: the mean probability the model gave the tool name it
 *   chose, over the responses whose logprobs name a tool (null when none had logprobs).
 * - from the Decisions work (issue 14): per variant `modelResponses` (what `modelCalls` always
 *   counted), `inputs` (distinct inputs), `retriedErrors`, `retryWaitMs` (kept out of `latencyMs`, now
 *   the server's time for the answer), `completionRateWithoutServerFailures`
 *   and `passHatK` (k -> the
 *   chance that k repeats of an input all succeed, k = 1 .. repeats); per comparison `method`,
 *   `paired`, `p` (= `pValue`), `pAdjusted` (Holm), `exploratory`, `inputs`, and while the run goes
 *   on `anytime` (the live, anytime-valid interval and p-value); per comparison `effect`, what
 *   `difference` measures ('rate-difference': B's pooled rate minus A's, the table's rates;
 *   'turns-difference': B's mean turns per completed conversation minus A's); at the top and per
 *   comparison `inference`: 'anytime-valid' when `p`, `pAdjusted`, `low`, `high` are the
 *   confidence sequence's (while the run is live, and after it stopped early; null for a metric
 *   without one), else 'fixed-sample'; when undecided `moreInputs` ({inputs, difference}: about how
 *   many more distinct inputs would tell that difference), with a no-worse margin `noWorse`
 *   ({margin, holds}), and `uninformative: true` for an interval that rules nothing out; at the
 *   top `verdict` ('live' or 'final') and `primaryMetric` when one was chosen. Rates' intervals cluster by input.
 * Numbers keep full precision; rounding is for display only.
 */

const nullableNumber = z.number().nullable();
const count = z.number().int().nonnegative();

const RateJson = z.strictObject({ value: nullableNumber, low: nullableNumber, high: nullableNumber });
const RateCountsJson = z.strictObject({ successes: count, trials: count });

export const VariantSummaryJson = z.strictObject({
  name: z.string(),
  // A model A/B's variants differ by model and family (the "Any small tool-caller" work).
  model: z.string().optional(),
  family: z.string().nullable().optional(),
  conversations: count,
  modelCalls: count,
  toolCallRate: RateJson,
  validCallRate: RateJson,
  completionRate: RateJson,
  turnsToCompletion: z.strictObject({
    mean: nullableNumber,
    p50: nullableNumber,
    p90: nullableNumber,
    max: nullableNumber,
  }),
  parsePaths: z.partialRecord(z.enum(ALL_PARSE_PATHS), count),
  outcomes: z.partialRecord(z.enum(OUTCOMES as [Outcome, ...Outcome[]]), count),
  errors: z.record(z.string(), count),
  latencyMs: z.strictObject({ p50: nullableNumber, p95: nullableNumber }),
  // Added keys are optional in the schema so that any summary in the spec's shape validates;
  // toSummaryJson always fills them.
  tokens: z.strictObject({ prompt: nullableNumber, completion: nullableNumber }).optional(),
  meanToolNameConfidence: nullableNumber.optional(),
  counts: z
    .strictObject({
      toolCallRate: RateCountsJson,
      validCallRate: RateCountsJson,
      completionRate: RateCountsJson,
      completionRateWithoutServerFailures: RateCountsJson.optional(),
      callAccuracy: RateCountsJson.optional(),
      nameAccuracy: RateCountsJson.optional(),
      argumentAccuracy: RateCountsJson.optional(),
      irrelevanceAccuracy: RateCountsJson.optional(),
      taskSuccessRate: RateCountsJson.optional(),
      customCheckRate: RateCountsJson.optional(),
      judgePassRate: RateCountsJson.optional(),
    })
    .optional(),
  // The agent's own check of its result (lib/task-success), when any conversation was judged.
  taskSuccessRate: RateJson.optional(),
  // The experiment's own check (config.customCheck), when it judged any conversation.
  customCheckRate: RateJson.optional(),
  // The model judge's latest run (lib/judge), when it gave any verdict.
  judgePassRate: RateJson.optional(),
  callAccuracy: RateJson.optional(),
  nameAccuracy: RateJson.optional(),
  argumentAccuracy: RateJson.optional(),
  irrelevanceAccuracy: RateJson.optional(),
  modelResponses: count.optional(),
  inputs: count.optional(),
  retriedErrors: count.optional(),
  retryWaitMs: z.number().nonnegative().optional(),
  completionRateWithoutServerFailures: RateJson.optional(),
  passHatK: z.record(z.string(), z.number()).optional(),
});

const ComparisonJson = z.strictObject({
  a: z.string(),
  b: z.string(),
  metric: z.enum(COMPARED_METRICS),
  difference: nullableNumber,
  low: nullableNumber,
  high: nullableNumber,
  pValue: nullableNumber,
  test: z.enum(['two-proportion-z', 'fisher-exact', 'mann-whitney-u', ...COMPARISON_METHODS]).optional(),
  detectable: z.boolean().optional(),
  method: z.enum(COMPARISON_METHODS).optional(),
  paired: z.boolean().optional(),
  p: nullableNumber.optional(),
  pAdjusted: nullableNumber.optional(),
  exploratory: z.boolean().optional(),
  inputs: count.optional(),
  effect: z.enum(['rate-difference', 'turns-difference']).optional(),
  inference: z.enum(['anytime-valid', 'fixed-sample']).optional(),
  moreInputs: z.strictObject({ inputs: count, difference: z.number() }).optional(),
  noWorse: z.strictObject({ margin: z.number(), holds: z.boolean() }).optional(),
  uninformative: z.literal(true).optional(),
  anytime: z
    .strictObject({
      difference: nullableNumber,
      low: nullableNumber,
      high: nullableNumber,
      p: nullableNumber,
      pAdjusted: nullableNumber,
      inputs: count,
    })
    .optional(),
  reason: z.string().optional(),
});

export const SummaryJson = z.strictObject({
  experimentId: z.string(),
  status: z.string(),
  simulated: z.literal(true).optional(),
  primaryMetric: z.enum(COMPARED_METRICS).optional(),
  verdict: z.enum(['live', 'final']).optional(),
  inference: z.enum(['anytime-valid', 'fixed-sample']).optional(),
  stoppedEarly: z.string().optional(),
  variants: z.array(VariantSummaryJson),
  comparisons: z.array(ComparisonJson),
  /** Added by issue 25: whether the variants ran alike (lib/metrics/balance.ts). */
  balance: z
    .strictObject({
      balanced: z.boolean(),
      variants: z.array(
        z.strictObject({
          name: z.string(),
          conversations: count,
          inputs: count,
          perInput: z.strictObject({ min: count.nullable(), max: count.nullable() }),
          serverFailures: count,
          cancelled: count,
        }),
      ),
      unevenInputs: count,
      droppedInputs: count,
      warnings: z.array(z.string()),
    })
    .optional(),
});

export type SummaryJson = z.infer<typeof SummaryJson>;
export type VariantSummaryJson = z.infer<typeof VariantSummaryJson>;
type ComparisonJson = z.infer<typeof ComparisonJson>;

function rateJson(rate: Rate) {
  return { value: rate.value, low: rate.low, high: rate.high };
}

function rateCounts(rate: Rate) {
  return { successes: rate.successes, trials: rate.trials };
}

function variantJson(variant: VariantSummary): VariantSummaryJson {
  const accuracy: Partial<
    Record<(typeof ACCURACY_METRICS)[number], { value: number | null; low: number | null; high: number | null }>
  > = {};
  const accuracyCounts: Partial<Record<(typeof ACCURACY_METRICS)[number], { successes: number; trials: number }>> = {};
  for (const metric of ACCURACY_METRICS) {
    const measured = variant[metric];
    if (!measured) continue;
    accuracy[metric] = rateJson(measured);
    accuracyCounts[metric] = rateCounts(measured);
  }
  return {
    name: variant.name,
    conversations: variant.conversations,
    modelCalls: variant.modelCalls,
    toolCallRate: rateJson(variant.toolCallRate),
    validCallRate: rateJson(variant.validCallRate),
    completionRate: rateJson(variant.completionRate),
    turnsToCompletion: { ...variant.turnsToCompletion },
    parsePaths: { ...variant.parsePaths },
    outcomes: { ...variant.outcomes },
    errors: { ...variant.errors },
    latencyMs: { ...variant.latencyMs },
    tokens: { ...variant.tokens },
    counts: {
      toolCallRate: rateCounts(variant.toolCallRate),
      validCallRate: rateCounts(variant.validCallRate),
      completionRate: rateCounts(variant.completionRate),
      completionRateWithoutServerFailures: rateCounts(variant.completionRateWithoutServerFailures),
      ...accuracyCounts,
      ...(variant.taskSuccessRate ? { taskSuccessRate: rateCounts(variant.taskSuccessRate) } : {}),
      ...(variant.customCheckRate ? { customCheckRate: rateCounts(variant.customCheckRate) } : {}),
      ...(variant.judgePassRate ? { judgePassRate: rateCounts(variant.judgePassRate) } : {}),
    },
    ...accuracy,
    ...(variant.taskSuccessRate ? { taskSuccessRate: rateJson(variant.taskSuccessRate) } : {}),
    ...(variant.customCheckRate ? { customCheckRate: rateJson(variant.customCheckRate) } : {}),
    ...(variant.judgePassRate ? { judgePassRate: rateJson(variant.judgePassRate) } : {}),
    // Last, so that every key before it keeps its place.
    meanToolNameConfidence: variant.meanToolNameConfidence,
    modelResponses: variant.modelResponses,
    inputs: variant.inputs,
    retriedErrors: variant.retriedErrors,
    retryWaitMs: variant.retryWaitMs,
    completionRateWithoutServerFailures: rateJson(variant.completionRateWithoutServerFailures),
    passHatK: { ...variant.passHatK },
    // Added by issue 29 (a variant may name its own model): after every key that was there before.
    ...(variant.model !== undefined ? { model: variant.model, family: variant.family ?? null } : {}),
  };
}

function comparisonJson(comparison: Comparison): ComparisonJson {
  return {
    a: comparison.a,
    b: comparison.b,
    metric: comparison.metric,
    difference: comparison.difference,
    low: comparison.low,
    high: comparison.high,
    pValue: comparison.pValue,
    test: comparison.test,
    detectable: comparison.detectable,
    method: comparison.method,
    paired: comparison.paired,
    p: comparison.p,
    pAdjusted: comparison.pAdjusted,
    exploratory: comparison.exploratory,
    inputs: comparison.inputs,
    effect: comparison.effect,
    inference: comparison.inference,
    ...(comparison.moreInputs ? { moreInputs: { ...comparison.moreInputs } } : {}),
    ...(comparison.noWorse ? { noWorse: { ...comparison.noWorse } } : {}),
    ...(comparison.uninformative ? { uninformative: true as const } : {}),
    ...(comparison.anytime ? { anytime: { ...comparison.anytime } } : {}),
    ...(comparison.reason ? { reason: comparison.reason } : {}),
  };
}

/** The summary as the CLI prints it and the API returns it (keys in the spec's order). */
export function toSummaryJson(summary: ExperimentSummary): SummaryJson {
  return {
    experimentId: summary.experimentId,
    status: summary.status,
    ...(summary.simulated ? { simulated: true as const } : {}),
    ...(summary.primaryMetric ? { primaryMetric: summary.primaryMetric } : {}),
    verdict: summary.verdict,
    inference: summary.inference,
    ...(summary.stoppedEarly ? { stoppedEarly: summary.stoppedEarly } : {}),
    variants: summary.variants.map(variantJson),
    comparisons: summary.comparisons.map(comparisonJson),
    ...(summary.balance ? { balance: summary.balance } : {}),
  };
}

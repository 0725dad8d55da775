import type { AnytimeVerdict } from './anytime-verdict';
import type { Balance } from './balance';
import type { ParsePath } from '../parsing/types';
import type { Outcome } from '../runner/types';
// The test behind a comparison (see compare-rates.ts and compare-turns.ts).
import type { ComparisonMethod, Effect } from './compare-rates';

/** One stored conversation, reduced to what the metrics need. */
export type ConversationFacts = {
  variant: string;
  outcome: Outcome;
  /** Model calls that returned a response (the "model responses"). */
  modelResponses: number;
  /**
   * Whether the agent did its task (lib/task-success): true or false when a check judged the
   * conversation, null or absent when none did (cancelled, or no check applies to the agent).
   */
  taskSuccess?: boolean | null;
  /** The experiment's own check (config.customCheck): as taskSuccess. */
  customCheckSuccess?: boolean | null;
};

/** One model call, reduced to what the metrics need. Failed requests have ok=false and no parse path. */
export type ModelCallFacts = {
  variant: string;
  ok: boolean;
  parsePath: ParsePath | null;
  callCount: number;
  allValid: boolean;
  latencyMs: number;
  promptTokens: number | null;
  completionTokens: number | null;
};

/**
 * Errors by kind (unknown_tool, invalid_arguments, tool_failed, tool_timeout, tool_output_invalid,
 * tool_output_too_large, model_request_failed).
 */
export type ErrorFacts = { variant: string; kind: string; count: number };

/** Scored conversations of a dataset experiment, grouped by what their verdict says (see lib/datasets/verdict.ts). */
export type AccuracyFacts = {
  variant: string;
  /** What the case expected: a call (or parallel calls), or no call. */
  kind: 'call' | 'no_call';
  /** False when the first request failed and there was no response to score. */
  scored: boolean;
  correct: boolean;
  nameCorrect: boolean | null;
  argumentsCorrect: boolean | null;
  count: number;
};

/**
 * Latency quantiles and token sums of one variant's model responses (failed requests left out),
 * computed by the database. When MetricsInput has them, latency and tokens come from here, and the
 * modelCalls facts carry neither (latencyMs NaN, tokens null): a summary of 100,000 conversations
 * then needs no list of every call's latency.
 */
export type ResponseFacts = {
  variant: string;
  latencyMs: { p50: number | null; p95: number | null };
  tokens: { prompt: number | null; completion: number | null };
};

/** The tool-name confidence of one variant's responses that carried logprobs and named a tool. */
export type ConfidenceFacts = { variant: string; total: number; count: number };

/**
 * The unit of Remora's statistics: everything the metrics consume about one variant's
 * conversations on one input, as sums. Every number field is a count or a sum over those
 * conversations, and every record maps a key to such a count, so two InputFacts of the same
 * variant and input add up field by field (and a conversation written later adds its own
 * contribution): this is what the live counters maintain in the conversation-write transaction,
 * and what getInputFacts recomputes from the rows. Intervals and tests cluster by `input` (a
 * repeated input at temperature 0 is one piece of evidence, not many), pair variants by `input`,
 * and per-input reliability (pass^k) reads `conversations` and `successes` of each input.
 */
export type InputFacts = {
  variant: string;
  /** The input's place among the experiment's inputs (conversations.input_index; a dataset run's case). */
  input: number;
  /** Conversations of this variant on this input. */
  conversations: number;
  /** Those conversations by outcome (zero counts may be absent). */
  outcomes: Partial<Record<Outcome, number>>;
  /**
   * Completed (submitted) conversations by their number of model responses ("turns"), e.g.
   * {"2": 17, "3": 1}: turns to completion and its quantiles come from here.
   */
  completedTurns: Record<number, number>;
  /** Model requests made, failed ones included (the summary's historic `modelCalls` counts responses only). */
  modelRequests: number;
  /** Model requests that returned a response (status ok): the trials of the per-response rates. */
  modelResponses: number;
  /** Responses with at least one call, by any parse path: the successes of the tool-call rate. */
  toolCallResponses: number;
  /** Responses whose calls all name a known tool with schema-valid arguments: successes of the valid-call rate. */
  validCallResponses: number;
  /** Responses by parse path (they add up to modelResponses). */
  parsePaths: Partial<Record<ParsePath, number>>;
  /** Errors by kind: tool errors (unknown_tool, ...) and model_request_failed (failed after its last attempt). */
  errors: Record<string, number>;
  /** Failed attempts that were retried (attempts - 1 summed over requests), whether the request then succeeded. */
  retries: number;
  /**
   * Milliseconds spent before the last attempt of each request (failed attempts and backoff), summed; latency leaves it
   * out.
   */
  retryWaitMs: number;
  /** Conversations a task-success check judged (lib/task-success; null verdicts left out). */
  taskJudged: number;
  /** Of those, the ones whose check passed. */
  taskSuccesses: number;
  /** Conversations the experiment's own check (config.customCheck) judged, and of those the ones it passed. */
  customJudged: number;
  customSuccesses: number;
  /** The latest model-judge run (lib/judge): conversations it gave a verdict (judge errors left out), and passes. */
  judgeJudged: number;
  judgePasses: number;
  /**
   * Dataset runs only (else 0): scored conversations whose case expects a call, and of those the ones whose whole call
   * was right.
   */
  expectedCalls: number;
  correctCalls: number;
  /** Of expectedCalls, the ones that named the right tools; and of those, the ones whose arguments were all right. */
  correctNames: number;
  correctArguments: number;
  /** Scored conversations whose case expects no call, and of those the ones that made none. */
  expectedNoCalls: number;
  correctNoCalls: number;
};

export type MetricsInput = {
  /** Variant names in display order. */
  variants: string[];
  /** Per-conversation facts without their input (older callers and tests); ignored when `inputs` is given. */
  conversations?: ConversationFacts[];
  /** Per-call facts: their latency and tokens serve when `responses` is absent; the rest only without `inputs`. */
  modelCalls?: ModelCallFacts[];
  errors?: ErrorFacts[];
  /**
   * Only for an experiment whose dataset has expectations: which kinds of expectation its cases
   * hold, and the verdicts so far. Absent otherwise, and then no accuracy is reported.
   */
  accuracy?: { kinds: ('call' | 'no_call')[]; facts: AccuracyFacts[] };
  /** Sums of the stored tool-name confidences; absent or empty when no response had logprobs. */
  toolNameConfidence?: ConfidenceFacts[];
  /** Latency and tokens per variant, aggregated by the database (ResponseFacts); absent: from the modelCalls. */
  responses?: ResponseFacts[];
  /** The conversations as sums per variant and input (see InputFacts): what the statistics use. */
  inputs?: InputFacts[];
  /**
   * InputFacts of the first repeat of each input only (the conversation in its first slot), for
   * the live anytime-valid verdict: repeats of an input are not new evidence, its first pair is.
   */
  firstRepeats?: InputFacts[];
};

export type Rate = {
  value: number | null;
  low: number | null;
  high: number | null;
  successes: number;
  trials: number;
  /** Distinct inputs behind the trials (the interval clusters by input). */
  inputs?: number;
};

export type VariantSummary = {
  name: string;
  /** The model this variant's requests named, and its declared model family (null: recognised per response). */
  model?: string;
  family?: string | null;
  conversations: number;
  /** Model responses (the historic name: failed requests are not counted). */
  modelCalls: number;
  /** The same number under its plain name. */
  modelResponses: number;
  /** Distinct inputs this variant ran. */
  inputs: number;
  /** Failed attempts that were retried (a request that succeeded on its third attempt counts 2). */
  retriedErrors: number;
  /**
   * Milliseconds of failed attempts and backoff before the answers (kept out of latencyMs, which is the server's time
   * for the answer).
   */
  retryWaitMs: number;
  toolCallRate: Rate;
  validCallRate: Rate;
  completionRate: Rate;
  /** Completion among conversations the model server did not end (outcome error: its last request failed). */
  completionRateWithoutServerFailures: Rate;
  /**
   * Per-input reliability: pass^k for k = 1 .. the fewest repeats of any input, the mean over
   * inputs of the unbiased C(c, k) / C(n, k); a repeat succeeds when its task-success check
   * passed (or, without a check, when it completed).
   */
  passHatK: Record<string, number>;
  turnsToCompletion: { mean: number | null; p50: number | null; p90: number | null; max: number | null };
  parsePaths: Partial<Record<ParsePath, number>>;
  outcomes: Partial<Record<Outcome, number>>;
  errors: Record<string, number>;
  latencyMs: { p50: number | null; p95: number | null };
  tokens: { prompt: number | null; completion: number | null };
  /** Mean probability the model gave the tool name it chose; null when no response had logprobs. */
  meanToolNameConfidence: number | null;
  /**
   * Conversations whose task-success check passed, among those a check judged (lib/task-success);
   * present when any conversation of the experiment was judged; its interval clusters by input.
   */
  taskSuccessRate?: Rate;
  /** The experiment's own check (config.customCheck) passed, among the conversations it judged; as taskSuccessRate. */
  customCheckRate?: Rate;
  /** The model judge's passes among its verdicts (judge errors left out), from its latest run; as taskSuccessRate. */
  judgePassRate?: Rate;
  /** Dataset experiments with expectations only: the whole call right, among cases expecting a call. */
  callAccuracy?: Rate;
  /** The tool names right (as a multiset), among cases expecting a call. */
  nameAccuracy?: Rate;
  /** All arguments right, among cases expecting a call whose response named the right tools. */
  argumentAccuracy?: Rate;
  /** No call made, among cases expecting none (irrelevant requests); only when the set has such cases. */
  irrelevanceAccuracy?: Rate;
};

export const ACCURACY_METRICS = ['callAccuracy', 'nameAccuracy', 'argumentAccuracy', 'irrelevanceAccuracy'] as const;
export type AccuracyMetric = (typeof ACCURACY_METRICS)[number];

export const COMPARED_METRICS = [
  'toolCallRate',
  'validCallRate',
  'completionRate',
  'taskSuccessRate',
  'customCheckRate',
  'judgePassRate',
  'turnsToCompletion',
  ...ACCURACY_METRICS,
] as const;
export type ComparedMetric = (typeof COMPARED_METRICS)[number];

export type Comparison = {
  a: string;
  b: string;
  metric: ComparedMetric;
  /** What `difference` measures (compare-rates.ts `Effect`): the same definition paired or not. */
  effect: Effect;
  /** Whether difference, low, high, p, pAdjusted are the confidence sequence's (live or stopped early). */
  inference: Inference;
  /** b minus a: of the pooled rates the table shows, or of the mean turns per completed conversation. */
  difference: number | null;
  low: number | null;
  high: number | null;
  /** The raw p-value of `method` (the same number as `p`; kept under its first name). */
  pValue: number | null;
  /** The historic name of the test; now the same as `method` except for the first three values. */
  test: 'two-proportion-z' | 'fisher-exact' | 'mann-whitney-u' | 'none' | ComparisonMethod;
  /** The test and interval used (one method gives both). */
  method: ComparisonMethod;
  /** True when the variants ran the same inputs and were compared input by input. */
  paired: boolean;
  p: number | null;
  /** Holm's adjustment over the comparisons of the same family (the primary metric's, or the exploratory ones). */
  pAdjusted: number | null;
  /** False for the primary metric's comparisons; true for the others (or for all when none was chosen). */
  exploratory: boolean;
  /** Inputs (pairs of inputs when paired) that entered the comparison. */
  inputs: number;
  /** While the experiment runs: the anytime-valid verdict the words use. */
  anytime?: AnytimeVerdict;
  /** Why there is no verdict, when there is none (too few completed conversations...). */
  reason?: string;
  /** The verdict the words give: the adjusted p below 0.05 and the interval clear of 0 (anytime ones while running). */
  detectable: boolean;
  /** Undecided: about how many more distinct inputs would tell `difference` (inconclusive.ts, as the two below). */
  moreInputs?: { inputs: number; difference: number };
  /** With a no-worse margin set (rates): whether the interval shows B at most `margin` below A. */
  noWorse?: { margin: number; holds: boolean };
  uninformative?: boolean;
};

type Inference = 'anytime-valid' | 'fixed-sample';

export type ExperimentSummary = {
  experimentId: string;
  status: string;
  simulated?: boolean;
  /** The metric chosen before the run as the one that decides; comparisons of the others are exploratory. */
  primaryMetric?: ComparedMetric;
  /** 'live' while the experiment runs (anytime-valid verdicts), 'final' once it ended (fixed-sample tests). */
  verdict: 'live' | 'final';
  inference: Inference;
  /** Set when the run stopped before its planned end because every chosen comparison was decided: why. */
  stoppedEarly?: string;
  variants: VariantSummary[];
  comparisons: Comparison[];
  /** Whether the variants ran alike (balance.ts); absent with one variant or without per-input facts. */
  balance?: Balance;
};

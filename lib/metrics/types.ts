import type { ParsePath } from '../parsing/types';
import type { Outcome } from '../runner/types';

/** One stored conversation, reduced to what the metrics need. */
export type ConversationFacts = {
  variant: string;
  outcome: Outcome;
  /** Model calls that returned a response (the "model responses"). */
  modelResponses: number;
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

/** Errors by kind (unknown_tool, invalid_arguments, tool_failed, tool_timeout, tool_output_invalid, tool_output_too_large, model_request_failed). */
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
export type ResponseFacts = { variant: string; latencyMs: { p50: number | null; p95: number | null }; tokens: { prompt: number | null; completion: number | null } };

/** The tool-name confidence of one variant's responses that carried logprobs and named a tool. */
export type ConfidenceFacts = { variant: string; total: number; count: number };

export type MetricsInput = {
  /** Variant names in display order. */
  variants: string[];
  conversations: ConversationFacts[];
  modelCalls: ModelCallFacts[];
  errors: ErrorFacts[];
  /**
   * Only for an experiment whose dataset has expectations: which kinds of expectation its cases
   * hold, and the verdicts so far. Absent otherwise, and then no accuracy is reported.
   */
  accuracy?: { kinds: ('call' | 'no_call')[]; facts: AccuracyFacts[] };
  /** Sums of the stored tool-name confidences; absent or empty when no response had logprobs. */
  toolNameConfidence?: ConfidenceFacts[];
  /** Latency and tokens per variant, aggregated by the database (see ResponseFacts); absent: from the modelCalls facts. */
  responses?: ResponseFacts[];
};

export type Rate = { value: number | null; low: number | null; high: number | null; successes: number; trials: number };

export type VariantSummary = {
  name: string;
  conversations: number;
  modelCalls: number;
  toolCallRate: Rate;
  validCallRate: Rate;
  completionRate: Rate;
  turnsToCompletion: { mean: number | null; p50: number | null; p90: number | null; max: number | null };
  parsePaths: Partial<Record<ParsePath, number>>;
  outcomes: Partial<Record<Outcome, number>>;
  errors: Record<string, number>;
  latencyMs: { p50: number | null; p95: number | null };
  tokens: { prompt: number | null; completion: number | null };
  /** Mean probability the model gave the tool name it chose; null when no response had logprobs. */
  meanToolNameConfidence: number | null;
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

export type Comparison = {
  a: string;
  b: string;
  metric: 'toolCallRate' | 'validCallRate' | 'completionRate' | 'turnsToCompletion' | AccuracyMetric;
  /** b minus a. */
  difference: number | null;
  low: number | null;
  high: number | null;
  pValue: number | null;
  test: 'two-proportion-z' | 'fisher-exact' | 'mann-whitney-u' | 'none';
  /** True when the interval excludes 0. */
  detectable: boolean;
};

export type ExperimentSummary = {
  experimentId: string;
  status: string;
  simulated?: boolean;
  variants: VariantSummary[];
  comparisons: Comparison[];
};

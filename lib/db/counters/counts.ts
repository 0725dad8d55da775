// What one stored conversation adds to the live summary counters (see summaryCounters in
// schema.ts), computed from exactly the values conversation-insert.ts writes, so that a recount
// from the rows (recount.ts) gives the same sums: its InputFacts (lib/metrics/types.ts) on its
// input, and its variant's token sums, tool-name confidence and latency sketch.
import { blankInputFacts } from '../../metrics/input-facts';
import { addLatency, type LatencySketch } from '../../metrics/latency-sketch';
import type { InputFacts } from '../../metrics/types';
import type { ConversationRecord } from '../../runner/types';
import type { ConversationMeta } from '../conversation-meta';

/** The error kind of a model request that failed after its last attempt (as metrics-facts.ts names it). */
const MODEL_REQUEST_FAILED = 'model_request_failed';

/** InputFacts without the names that the row's key holds. */
export type InputCounts = Omit<InputFacts, 'variant' | 'input'>;

/** Sums over one variant's model calls that the summary reads beside its InputFacts. */
export type VariantCounts = {
  /** Stored conversations: the experiment's progress without counting its rows. */
  conversations: number;
  /** Responses (status ok): the count behind the latency sketch. */
  responses: number;
  promptTokens: number;
  /** Responses whose usage reported the count; none means unknown, not zero. */
  promptReported: number;
  completionTokens: number;
  completionReported: number;
  /** Sum and count of the stored tool-name confidences (calls with logprobs). */
  confidenceTotal: number;
  confidenceCount: number;
  latency: LatencySketch;
  /**
   * Scored call pairs by confusionKey(expected name, called name), as call_scores holds them:
   * the confusion tables of a dataset run. Absent from counters written before it existed.
   */
  confusion?: Record<string, number>;
};

/** The key of one expected/called pair of tool names (null: no call) in VariantCounts.confusion. */
export function confusionKey(expected: string | null, called: string | null): string {
  return JSON.stringify([expected, called]);
}

export function blankInputCounts(): InputCounts {
  const { variant: _variant, input: _input, ...counts } = blankInputFacts('', 0);
  return counts;
}

/** Input counts as stored, with the fields added since the row was written read as 0 (it counted none). */
export function storedInputCounts(text: string): InputCounts {
  const counts = JSON.parse(text) as InputCounts;
  counts.customJudged ??= 0;
  counts.customSuccesses ??= 0;
  counts.judgeJudged ??= 0;
  counts.judgePasses ??= 0;
  return counts;
}

export function blankVariantCounts(): VariantCounts {
  return {
    conversations: 0,
    responses: 0,
    promptTokens: 0,
    promptReported: 0,
    completionTokens: 0,
    completionReported: 0,
    confidenceTotal: 0,
    confidenceCount: 0,
    latency: {},
    confusion: {},
  };
}

function addTo(record: Record<string, number>, key: string | number, amount: number): void {
  if (amount === 0) return;
  record[key] = (record[key] ?? 0) + amount;
}

const RECORD_FIELDS = ['outcomes', 'completedTurns', 'parsePaths', 'errors'] as const;

/** Adds `delta` into `into`, field by field. */
export function addInputCounts(into: InputCounts, delta: InputCounts): void {
  for (const [key, value] of Object.entries(delta) as [keyof InputCounts, unknown][]) {
    // A row written before a field existed lacks it: it counted none.
    if (typeof value === 'number') (into[key] as number) = ((into[key] as number | undefined) ?? 0) + value;
  }
  for (const field of RECORD_FIELDS) {
    const target = into[field] as Record<string, number>;
    for (const [key, value] of Object.entries(delta[field] as Record<string, number>)) addTo(target, key, value);
  }
}

export function addVariantCounts(into: VariantCounts, delta: VariantCounts): void {
  into.conversations = (into.conversations ?? 0) + delta.conversations;
  into.responses += delta.responses;
  into.promptTokens += delta.promptTokens;
  into.promptReported += delta.promptReported;
  into.completionTokens += delta.completionTokens;
  into.completionReported += delta.completionReported;
  into.confidenceTotal += delta.confidenceTotal;
  into.confidenceCount += delta.confidenceCount;
  for (const [bucket, count] of Object.entries(delta.latency)) addTo(into.latency, bucket, count);
  if (!delta.confusion) return;
  const confusion = (into.confusion ??= {});
  for (const [pair, count] of Object.entries(delta.confusion)) addTo(confusion, pair, count);
}

/** A number a server reported, or null (as conversation-insert.ts stores it). */
function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** One response's contribution to its variant's sums (a model call stored with these values). */
export function addResponseTo(
  variant: VariantCounts,
  latencyMs: number,
  promptTokens: number | null,
  completionTokens: number | null,
): void {
  variant.responses += 1;
  addLatency(variant.latency, latencyMs);
  if (promptTokens !== null) {
    variant.promptTokens += promptTokens;
    variant.promptReported += 1;
  }
  if (completionTokens !== null) {
    variant.completionTokens += completionTokens;
    variant.completionReported += 1;
  }
}

/** What one conversation, stored with `meta`, adds to the counters of its input and of its variant. */
export function countConversation(
  meta: ConversationMeta,
  record: ConversationRecord,
): { input: InputCounts; variant: VariantCounts } {
  const input = blankInputCounts();
  const variant = blankVariantCounts();
  input.conversations = 1;
  variant.conversations = 1;
  addTo(input.outcomes, record.outcome, 1);
  let responses = 0;
  for (const call of record.modelCalls) {
    const confidence = numberOrNull(call.insight?.toolNameConfidence);
    if (confidence !== null) {
      variant.confidenceTotal += confidence;
      variant.confidenceCount += 1;
    }
    // A request a cancel cut short is neither a response nor a failure.
    if (call.status === 'cancelled') continue;
    input.modelRequests += 1;
    input.retries += call.attempts - 1;
    input.retryWaitMs += numberOrNull(call.retryWaitMs) ?? 0;
    if (call.status !== 'ok') {
      addTo(input.errors, MODEL_REQUEST_FAILED, 1);
      continue;
    }
    responses += 1;
    input.modelResponses += 1;
    if (call.calls.length > 0) input.toolCallResponses += 1;
    if (call.allValid) input.validCallResponses += 1;
    if (call.parsePath !== null) addTo(input.parsePaths, call.parsePath, 1);
    addResponseTo(
      variant,
      call.latencyMs,
      numberOrNull(call.usage?.prompt_tokens),
      numberOrNull(call.usage?.completion_tokens),
    );
  }
  if (record.outcome === 'submitted') addTo(input.completedTurns, responses, 1);
  for (const execution of record.toolExecutions) if (execution.errorKind) addTo(input.errors, execution.errorKind, 1);
  if (meta.taskCheck) {
    input.taskJudged = 1;
    input.taskSuccesses = meta.taskCheck.success ? 1 : 0;
  }
  if (meta.customCheck) {
    input.customJudged = 1;
    input.customSuccesses = meta.customCheck.success ? 1 : 0;
  }
  const verdict = meta.verdict;
  // The pairs conversation-insert.ts writes to call_scores (a scored verdict's, each once).
  if (verdict?.scored)
    for (const pair of verdict.pairs)
      addTo((variant.confusion ??= {}), confusionKey(pair.expectedName, pair.calledName), 1);
  if (verdict?.scored === true) {
    if (verdict.kind === 'call') {
      input.expectedCalls = 1;
      input.correctCalls = verdict.correct === true ? 1 : 0;
      input.correctNames = verdict.nameCorrect === true ? 1 : 0;
      input.correctArguments = verdict.nameCorrect === true && verdict.argumentsCorrect === true ? 1 : 0;
    } else if (verdict.kind === 'no_call') {
      input.expectedNoCalls = 1;
      input.correctNoCalls = verdict.correct === true ? 1 : 0;
    }
  }
  return { input, variant };
}

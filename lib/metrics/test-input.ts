import type { ParsePath } from '../parsing/types';
import type { Outcome } from '../runner/types';
import { blankInputFacts } from './input-facts';
import type { Comparison, ConversationFacts, ErrorFacts, InputFacts, MetricsInput, ModelCallFacts } from './types';

/* Builders for MetricsInput in the metrics tests; not used by production code. */

export function conversations(
  variant: string,
  outcome: Outcome,
  modelResponses: number,
  times = 1,
): ConversationFacts[] {
  return Array.from({ length: times }, () => ({ variant, outcome, modelResponses }));
}

export function modelCalls(
  variant: string,
  times: number,
  overrides: Partial<Omit<ModelCallFacts, 'variant'>> & { parsePath?: ParsePath | null } = {},
): ModelCallFacts[] {
  return Array.from({ length: times }, () => ({
    variant,
    ok: true,
    parsePath: 'tool_calls' as ParsePath,
    callCount: 1,
    allValid: true,
    latencyMs: 10,
    promptTokens: null,
    completionTokens: null,
    ...overrides,
  }));
}

export function input(
  variants: string[],
  parts: { conversations?: ConversationFacts[][]; modelCalls?: ModelCallFacts[][]; errors?: ErrorFacts[] },
): MetricsInput {
  return {
    variants,
    conversations: (parts.conversations ?? []).flat(),
    modelCalls: (parts.modelCalls ?? []).flat(),
    errors: parts.errors ?? [],
  };
}

/**
 * A variant whose numbers are set directly: `responses` model responses of which `withCalls`
 * have a call and `valid` are all valid (valid <= withCalls), and `conversationCount`
 * conversations of which `submitted` end submitted after `turns` responses each.
 */
export function variantFacts(
  name: string,
  counts: {
    responses: number;
    withCalls: number;
    valid: number;
    conversationCount: number;
    submitted: number;
    turns?: number;
  },
): { conversations: ConversationFacts[]; modelCalls: ModelCallFacts[] } {
  return {
    conversations: [
      ...conversations(name, 'submitted', counts.turns ?? 2, counts.submitted),
      ...conversations(name, 'no_tool_call', 1, counts.conversationCount - counts.submitted),
    ],
    modelCalls: [
      ...modelCalls(name, counts.valid),
      ...modelCalls(name, counts.withCalls - counts.valid, { allValid: false }),
      ...modelCalls(name, counts.responses - counts.withCalls, { parsePath: 'text', callCount: 0, allValid: false }),
    ],
  };
}

export function baselineInput(): MetricsInput {
  return input(['baseline'], {
    conversations: [conversations('baseline', 'submitted', 2, 36), conversations('baseline', 'no_tool_call', 1, 4)],
    modelCalls: [
      modelCalls('baseline', 64, { promptTokens: 100, completionTokens: 20 }),
      modelCalls('baseline', 4, { parsePath: 'json_name_arguments', promptTokens: 100, completionTokens: 20 }),
      modelCalls('baseline', 4, { allValid: false, promptTokens: null, completionTokens: null }),
      modelCalls('baseline', 4, { parsePath: 'text', callCount: 0, allValid: false }),
      // Requests that failed: no response, so neither a model call nor a latency sample.
      modelCalls('baseline', 2, { ok: false, parsePath: null, callCount: 0, allValid: false, latencyMs: 99_999 }),
    ],
    errors: [
      { variant: 'baseline', kind: 'invalid_arguments', count: 4 },
      { variant: 'baseline', kind: 'model_request_failed', count: 2 },
      { variant: 'baseline', kind: 'tool_failed', count: 0 },
      { variant: 'baseline', kind: 'invalid_arguments', count: 1 },
    ],
  });
}

export function comparisonOf(comparisons: Comparison[], metric: Comparison['metric']): Comparison {
  const found = comparisons.find((comparison) => comparison.metric === metric);
  if (!found) throw new Error(`no comparison for ${metric}`);
  return found;
}

/** One conversation of `variant` on `input`, of two responses with calls: submitted in two turns, or not completed. */
export function conversationFact(variant: string, input: number, submitted: boolean): InputFacts {
  return {
    ...blankInputFacts(variant, input),
    conversations: 1,
    outcomes: submitted ? { submitted: 1 } : { turn_limit: 1 },
    completedTurns: submitted ? { 2: 1 } : {},
    modelRequests: 2,
    modelResponses: 2,
    toolCallResponses: 2,
    validCallResponses: submitted ? 2 : 1,
  };
}

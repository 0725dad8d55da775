import type { ParsePath } from '../parsing/types';
import type { Outcome } from '../runner/types';
import type { ConversationFacts, ErrorFacts, MetricsInput, ModelCallFacts } from './types';

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

// Summary variants for the prepare-* tests, in the exact JSON shape the API returns.
import type { VariantSummaryJson } from './summary-json';

export function summaryVariant(name: string, overrides: Partial<VariantSummaryJson> = {}): VariantSummaryJson {
  return {
    name,
    conversations: 40,
    modelCalls: 80,
    toolCallRate: { value: 0.95, low: 0.88, high: 0.98 },
    validCallRate: { value: 0.9, low: 0.8, high: 0.95 },
    completionRate: { value: 0.9, low: 0.77, high: 0.96 },
    turnsToCompletion: { mean: 2, p50: 2, p90: 2, max: 2 },
    parsePaths: { tool_calls: 70, json_name_arguments: 6, text: 4 },
    outcomes: { submitted: 36, no_tool_call: 4 },
    errors: {},
    latencyMs: { p50: 12, p95: 40 },
    tokens: { prompt: null, completion: null },
    counts: {
      toolCallRate: { successes: 76, trials: 80 },
      validCallRate: { successes: 72, trials: 80 },
      completionRate: { successes: 36, trials: 40 },
    },
    meanToolNameConfidence: null,
    ...overrides,
  };
}

/** A variant that has not finished a conversation yet. */
export function emptyVariant(name: string): VariantSummaryJson {
  return summaryVariant(name, {
    conversations: 0,
    modelCalls: 0,
    toolCallRate: { value: null, low: null, high: null },
    validCallRate: { value: null, low: null, high: null },
    completionRate: { value: null, low: null, high: null },
    turnsToCompletion: { mean: null, p50: null, p90: null, max: null },
    parsePaths: {},
    outcomes: {},
    errors: {},
    latencyMs: { p50: null, p95: null },
    counts: {
      toolCallRate: { successes: 0, trials: 0 },
      validCallRate: { successes: 0, trials: 0 },
      completionRate: { successes: 0, trials: 0 },
    },
  });
}

import type { Usage } from '../protocol/messages';

/** The first choice's message of a chat completion body (already checked to exist by the client). */
export function extractMessage(body: unknown): unknown {
  const choices = (body as { choices?: Array<{ message?: unknown }> } | null)?.choices;
  return choices?.[0]?.message ?? null;
}

export function extractUsage(body: unknown): Usage | null {
  const usage = (body as { usage?: unknown } | null)?.usage;
  if (typeof usage !== 'object' || usage === null) return null;
  const { prompt_tokens, completion_tokens, total_tokens } = usage as Record<string, unknown>;
  const numberOrUndefined = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  return {
    prompt_tokens: numberOrUndefined(prompt_tokens),
    completion_tokens: numberOrUndefined(completion_tokens),
    total_tokens: numberOrUndefined(total_tokens),
  };
}

import { readCompletion, type ChatCompletion } from '../protocol/chat-completion';
import type { Usage } from '../protocol/messages';
import { isRecord } from '../protocol/records';

/** The first choice's message of a checked chat completion (readCompletion made sure it is an object). */
export function extractMessage(completion: ChatCompletion): object {
  return completion.choices[0].message;
}

export function extractUsage(completion: ChatCompletion): Usage | null {
  const usage = completion.usage;
  if (typeof usage !== 'object' || usage === null) return null;
  // An array is usage without numbers, as it always was read.
  const { prompt_tokens, completion_tokens, total_tokens }: Record<string, unknown> = isRecord(usage) ? usage : {};
  const numberOrUndefined = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  return {
    prompt_tokens: numberOrUndefined(prompt_tokens),
    completion_tokens: numberOrUndefined(completion_tokens),
    total_tokens: numberOrUndefined(total_tokens),
  };
}

/**
 * The first message of a kept response (a stored row, or a record's body, which may be an error's),
 * checked again since nothing stored is trusted; null when it is not a chat completion.
 */
export function keptMessage(response: unknown): object | null {
  const read = readCompletion(response);
  return read.ok ? extractMessage(read.completion) : null;
}

// Response bodies in the shape vLLM's OpenAI-compatible server returns.
import type { Random } from './random';
import type { SimulatedAnswer } from './simulate';

const SYSTEM_FINGERPRINT = 'remora-sim';

export function completionBody(
  answer: SimulatedAnswer,
  details: { model: string; promptTokens: number; completionTokens: number; random: Random },
): Record<string, unknown> {
  const { random } = details;
  const toolCalls = answer.calls.map((call) => ({
    id: `chatcmpl-tool-${random.hex(32)}`,
    type: 'function',
    function: { name: call.name, arguments: call.arguments },
  }));
  return {
    id: `chatcmpl-${random.hex(32)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: details.model,
    system_fingerprint: SYSTEM_FINGERPRINT,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: answer.content, tool_calls: toolCalls, reasoning_content: null },
        logprobs: null,
        finish_reason: toolCalls.length > 0 ? 'tool_calls' : 'stop',
        stop_reason: null,
      },
    ],
    usage: {
      prompt_tokens: details.promptTokens,
      completion_tokens: details.completionTokens,
      total_tokens: details.promptTokens + details.completionTokens,
    },
  };
}

export type ErrorType =
  'invalid_request_error' | 'not_found_error' | 'server_error' | 'rate_limit_error' | 'authentication_error';

/** OpenAI's error body: {"error": {message, type, param, code}}. */
export function errorBody(message: string, type: ErrorType, code: string): Record<string, unknown> {
  return { error: { message, type, param: null, code } };
}

export function modelsBody(model: string, created: number, adapters: string[] = []): Record<string, unknown> {
  return {
    object: 'list',
    data: [
      { id: model, object: 'model', created, owned_by: 'remora-sim', root: model, parent: null, max_model_len: 32768 },
      // As vLLM lists a LoRA adapter: its parent is the base model, its root where it was loaded from.
      ...adapters.map((name) => ({
        id: name,
        object: 'model',
        created,
        owned_by: 'remora-sim',
        root: `/adapters/${name}`,
        parent: model,
        max_model_len: 32768,
      })),
    ],
  };
}

// The chat-completion request `remora serve` accepts: OpenAI's shape, read leniently (unknown
// fields are ignored), turned into the engine's request. Failures come back as values.
import { z } from 'zod';
import { MessageInput, normalizeMessages, normalizeTools, ToolInput } from '../families/functiongemma/render-input';
import { parseJson } from '../protocol/json';
import type { EmbeddedChatRequest } from './chat-completion';

const ToolChoiceInput = z.union([
  z.enum(['auto', 'required', 'none']),
  z.object({ type: z.literal('function'), function: z.object({ name: z.string().min(1) }) }),
]);

const ServerChatRequest = z.object({
  model: z.string().optional(),
  messages: z.array(MessageInput).min(1, 'messages must hold at least one message'),
  tools: z.array(ToolInput).nullish(),
  tool_choice: ToolChoiceInput.nullish(),
  temperature: z.number().min(0).max(2).nullish(),
  top_p: z.number().gt(0).max(1).nullish(),
  top_k: z.number().int().nullish(),
  max_tokens: z.number().int().min(1).nullish(),
  max_completion_tokens: z.number().int().min(1).nullish(),
  seed: z.number().int().min(0).max(4294967295).nullish(),
  logprobs: z.boolean().nullish(),
  stream: z.boolean().nullish(),
  n: z.number().int().min(1).nullish(),
});

export type ServerRequestCheck = { ok: true; request: EmbeddedChatRequest } | { ok: false; message: string };

export function readServerRequest(text: string): ServerRequestCheck {
  const json = parseJson(text);
  if (!json.ok) return { ok: false, message: `the body is not JSON: ${json.error}` };
  const parsed = ServerChatRequest.safeParse(json.value);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'body'}: ${issue.message}`,
    );
    return { ok: false, message: `invalid chat completion request: ${problems.join('; ')}` };
  }
  const input = parsed.data;
  if (input.stream) return { ok: false, message: 'streaming is not supported by remora serve; send "stream": false' };
  if ((input.n ?? 1) > 1) return { ok: false, message: 'remora serve returns one choice; send "n": 1' };
  const request: EmbeddedChatRequest = {
    model: input.model ?? '',
    messages: normalizeMessages(input.messages),
    tools: normalizeTools(input.tools),
  };
  if (input.tool_choice) request.tool_choice = input.tool_choice;
  if (input.temperature !== null && input.temperature !== undefined) request.temperature = input.temperature;
  if (input.top_p !== null && input.top_p !== undefined) request.top_p = input.top_p;
  if (input.top_k !== null && input.top_k !== undefined && input.top_k > 0) request.top_k = input.top_k;
  const maxTokens = input.max_completion_tokens ?? input.max_tokens;
  if (maxTokens !== null && maxTokens !== undefined) request.max_tokens = maxTokens;
  if (input.seed !== null && input.seed !== undefined) request.seed = input.seed;
  if (input.logprobs) request.logprobs = true;
  return { ok: true, request };
}

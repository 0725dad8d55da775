// The chat-completion request the simulator accepts: OpenAI's shape, read leniently (unknown fields
// such as temperature or top_k are accepted and ignored), checked as vLLM checks it.
import { z } from 'zod';
import type { ChatMessage, ToolSpec } from '../protocol/messages';
import { MessageInput, normalizeMessages, normalizeTools, ToolInput } from '../families/functiongemma/render-input';

const ToolChoiceInput = z.union([
  z.enum(['auto', 'required', 'none']),
  z.object({ type: z.literal('function'), function: z.object({ name: z.string().min(1) }) }),
]);

const ChatCompletionRequest = z.object({
  model: z.string().optional(),
  messages: z.array(MessageInput).min(1, 'messages must hold at least one message'),
  tools: z.array(ToolInput).nullish(),
  tool_choice: ToolChoiceInput.nullish(),
  stream: z.boolean().nullish(),
  stream_options: z.object({ include_usage: z.boolean().nullish() }).nullish(),
  logprobs: z.boolean().nullish(),
  top_logprobs: z.number().int().min(0).max(20).nullish(),
  n: z.number().int().min(1).nullish(),
});
type ChatCompletionRequest = z.infer<typeof ChatCompletionRequest>;

type ToolChoiceMode = { kind: 'auto' } | { kind: 'required' } | { kind: 'none' } | { kind: 'named'; name: string };

export type SimRequest = {
  model: string | null;
  messages: ChatMessage[];
  /** Tools from the `tools` parameter ([] when none were sent). */
  tools: ToolSpec[];
  toolChoice: ToolChoiceMode;
  /** How to answer; none of it changes what the model says. */
  output: { stream: boolean; includeUsage: boolean; logprobs: boolean; topLogprobs: number };
};

export type RequestCheck = { ok: true; request: SimRequest } | { ok: false; message: string; code: string };

/** Validates a parsed body and turns it into a SimRequest, refusing what vLLM refuses. */
export function readChatRequest(body: unknown): RequestCheck {
  const parsed = ChatCompletionRequest.safeParse(body);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'body'}: ${issue.message}`,
    );
    return { ok: false, code: 'invalid_request', message: `invalid chat completion request: ${problems.join('; ')}` };
  }
  const input = parsed.data;
  if ((input.top_logprobs ?? 0) > 0 && !input.logprobs) {
    return { ok: false, code: 'invalid_request', message: 'top_logprobs needs "logprobs": true' };
  }
  if (input.stream_options && !input.stream) {
    return { ok: false, code: 'invalid_request', message: 'stream_options is only allowed with "stream": true' };
  }
  if ((input.n ?? 1) > 1)
    return { ok: false, code: 'n_not_supported', message: 'the simulator returns one choice; send "n": 1' };

  const tools = normalizeTools(input.tools);
  const choice = input.tool_choice ?? 'auto';
  let toolChoice: ToolChoiceMode;
  if (typeof choice === 'string') toolChoice = { kind: choice };
  else toolChoice = { kind: 'named', name: choice.function.name };

  if ((toolChoice.kind === 'required' || toolChoice.kind === 'named') && tools.length === 0) {
    return {
      ok: false,
      code: 'invalid_request',
      message: `tool_choice "${toolChoice.kind}" needs tools: "tools" must be set`,
    };
  }
  if (
    toolChoice.kind === 'named' &&
    !tools.some((tool) => tool.function.name === (toolChoice as { name: string }).name)
  ) {
    return {
      ok: false,
      code: 'invalid_request',
      message: `tool_choice names "${toolChoice.name}", which is not in "tools"`,
    };
  }
  const output = {
    stream: input.stream === true,
    includeUsage: input.stream_options?.include_usage === true,
    logprobs: input.logprobs === true,
    topLogprobs: input.top_logprobs ?? 0,
  };
  return {
    ok: true,
    request: { model: input.model ?? null, messages: normalizeMessages(input.messages), tools, toolChoice, output },
  };
}

/**
 * The text a request's answer depends on: roles, contents, call names and arguments, tool names and
 * the tool choice. Call ids are left out: clients make them up at random, and they must not change
 * what the model says.
 */
export function requestContentKey(request: SimRequest): string {
  const parts: string[] = [
    JSON.stringify(request.toolChoice),
    request.tools.map((tool) => tool.function.name).join(','),
  ];
  for (const message of request.messages) {
    switch (message.role) {
      case 'assistant':
        const calls = (message.tool_calls ?? []).map((call) => `${call.function.name}\u0003${call.function.arguments}`);
        parts.push(`a\u0001${message.content ?? ''}\u0001${calls.join('\u0004')}`);
        break;
      case 'tool':
        parts.push(`t\u0001${message.name}\u0001${message.content}`);
        break;
      default:
        parts.push(`${message.role[0]}\u0001${message.content}`);
    }
  }
  return parts.join('\u0002');
}

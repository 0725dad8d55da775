// Conversations as fine-tuning data (README.md here), in two formats:
// - native: one example per model turn, {"prompt", "completion"}: the prompt is the request that turn sent,
//   rendered by the prompt preview's renderer (lib/families/functiongemma/render.ts, default options) or, for
//   another family, by its Jinja chat template (the family's or the model's own); the completion is what the
//   model's turn adds to it (its calls, then <start_function_response>, or its text and <end_of_turn>), so
//   prompt + completion renders the request followed by the model's answer.
// - openai: one line per conversation in OpenAI's chat fine-tuning format, {"messages", "tools"}, the model's
//   turns as assistant messages (every one a training target).
// A target holds what the model wrote: a call's arguments are the keys it gave (coerced to the schema's types
// as the history keeps them), never the defaults validation filled in.
import { renderPrompt } from '../families/functiongemma/render';
import { renderLikeExampleTemplate } from '../families/functiongemma/render-vllm-example';
import { ChatTemplateError, renderChoice, type TemplateChoice } from '../families/chat-template';
import { parseJson } from '../protocol/json';
import type { AssistantMessage, ChatMessage, ToolSpec } from '../protocol/messages';
import type { Transcript } from '../db/queries/transcript';

export type ExportFormat = 'native' | 'openai';
/** Which chat template the native format follows (spec/functiongemma.md). */
export const NATIVE_TEMPLATES = ['google', 'vllm-example'] as const;
export type NativeTemplate = (typeof NATIVE_TEMPLATES)[number];
export const TEMPLATE_NAMES: Record<NativeTemplate, string> = {
  google: "Google's published FunctionGemma template",
  'vllm-example': "vLLM's example template (examples/tool_chat_template_functiongemma.jinja, as the seeds served it)",
};

export type NativeExample = { prompt: string; completion: string };
type Skipped = { conversationId: string; reason: string };
export type ExportLines = {
  lines: string[];
  skipped: Skipped[];
  examples: number;
  /** Conversations the selection chose (before any was skipped). */
  conversations: number;
  /** The selection in words ("task successes, any outcome, every call valid"). */
  selection: string;
};

/** The answer with each call's arguments cut to the keys the model wrote (its parsed call). */
function asWritten(
  answer: AssistantMessage,
  parsed: Transcript['modelCalls'][number]['parsedCalls'],
): AssistantMessage {
  if (!answer.tool_calls) return answer;
  const toolCalls = answer.tool_calls.map((call, index) => {
    const written = parsed[index]?.arguments;
    const value = parseJson(call.function.arguments);
    if (!written || !value.ok || typeof value.value !== 'object' || value.value === null) return call;
    const kept = Object.fromEntries(
      Object.entries(value.value as Record<string, unknown>).filter(([key]) => Object.hasOwn(written, key)),
    );
    return { ...call, function: { ...call.function, arguments: JSON.stringify(kept) } };
  });
  return { ...answer, tool_calls: toolCalls };
}

/** The model turns of a transcript: each answered request with the assistant message it added to the history. */
function modelTurns(
  transcript: Transcript,
): { request: Transcript['modelCalls'][number]['request']; answer: AssistantMessage }[] | string {
  const assistants = transcript.messages.filter((message): message is AssistantMessage => message.role === 'assistant');
  const turns: { request: Transcript['modelCalls'][number]['request']; answer: AssistantMessage }[] = [];
  let next = 0;
  for (const call of transcript.modelCalls) {
    // A failed request or an empty response added nothing to the history, and teaches nothing.
    if (call.status !== 'ok' || (call.calls.length === 0 && call.parsePath === 'empty')) continue;
    if (call.requestProblem) return `turn ${call.turn}: ${call.requestProblem}`;
    const answer = assistants[next];
    if (call.calls.length === 0 && answer === undefined) continue;
    const matches =
      answer !== undefined &&
      (call.calls.length > 0 ? answer.tool_calls?.length === call.calls.length : answer.tool_calls === undefined);
    if (!matches) return `turn ${call.turn}: its answer cannot be matched with the stored history`;
    next += 1;
    turns.push({ request: call.request, answer: asWritten(answer, call.parsedCalls) });
  }
  return turns;
}

/** FunctionGemma's two renderings by name, or any family's Jinja chat template (its own or the model's). */
export type ExportTemplate = NativeTemplate | TemplateChoice;

function render(messages: ChatMessage[], tools: ToolSpec[] | undefined, template: ExportTemplate, open: boolean) {
  if (typeof template !== 'string') return renderChoice(template, messages, tools ?? [], open);
  return template === 'google'
    ? renderPrompt({ messages, tools }, { addGenerationPrompt: open })
    : renderLikeExampleTemplate(messages, tools ?? [], open);
}

export function nativeExamples(transcript: Transcript, template: ExportTemplate = 'google'): NativeExample[] | string {
  const turns = modelTurns(transcript);
  if (typeof turns === 'string') return turns;
  const examples: NativeExample[] = [];
  try {
    for (const { request, answer } of turns) {
      const prompt = render(request.messages, request.tools, template, true);
      // Google's template: after a call the model stops at <start_function_response>, as it does when served.
      const stops = template === 'google' && (answer.tool_calls?.length ?? 0) > 0;
      const whole = render([...request.messages, answer], request.tools, template, stops);
      if (!whole.startsWith(prompt)) return 'the rendered answer does not continue the rendered prompt';
      examples.push({ prompt, completion: whole.slice(prompt.length) });
    }
  } catch (error) {
    if (error instanceof ChatTemplateError) return error.message;
    throw error;
  }
  return examples;
}

/** OpenAI's chat message shapes: a tool message carries no `name`; nothing after the last assistant message. */
function openaiMessage(message: ChatMessage): Record<string, unknown> {
  if (message.role === 'tool') return { role: 'tool', tool_call_id: message.tool_call_id, content: message.content };
  if (message.role === 'assistant')
    return message.tool_calls
      ? { role: 'assistant', content: message.content, tool_calls: message.tool_calls }
      : { role: 'assistant', content: message.content ?? '' };
  return { role: message.role, content: message.content };
}

export function openaiExample(transcript: Transcript, tools: ToolSpec[] | null): Record<string, unknown> | string {
  const last = transcript.messages.map((message) => message.role).lastIndexOf('assistant');
  if (last === -1) return 'the conversation has no model turn';
  const turns = modelTurns(transcript);
  if (typeof turns === 'string') return turns;
  // The assistant messages as the model wrote them, in order (the targets).
  const written = turns.map((turn) => turn.answer);
  let next = 0;
  const messages = transcript.messages
    .slice(0, last + 1)
    .map((message) => (message.role === 'assistant' ? (written[next++] ?? message) : message))
    .map(openaiMessage);
  return tools && tools.length > 0 ? { messages, tools } : { messages };
}

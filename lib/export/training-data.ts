// Conversations as fine-tuning data (README.md here), in two formats:
// - native: one example per model turn, {"prompt", "completion"}: the prompt is the request that
//   turn sent, rendered by the prompt preview's renderer (lib/families/functiongemma/render.ts, default
//   options); the completion is what the model's turn adds to it (its calls, then
//   <start_function_response>, or its text and <end_of_turn>), so prompt + completion renders the
//   request followed by the model's answer.
// - openai: one line per conversation in OpenAI's chat fine-tuning format, {"messages", "tools"},
//   the model's turns as assistant messages (every one a training target).
import { renderPrompt } from '../families/functiongemma/render';
import type { AssistantMessage, ChatMessage, ToolSpec } from '../protocol/messages';
import type { Transcript } from '../db/queries/transcript';

export type ExportFormat = 'native' | 'openai';

export type NativeExample = { prompt: string; completion: string };
type Skipped = { conversationId: string; reason: string };
export type ExportLines = { lines: string[]; skipped: Skipped[]; examples: number };

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
    turns.push({ request: call.request, answer });
  }
  return turns;
}

export function nativeExamples(transcript: Transcript): NativeExample[] | string {
  const turns = modelTurns(transcript);
  if (typeof turns === 'string') return turns;
  const examples: NativeExample[] = [];
  for (const { request, answer } of turns) {
    const input = { messages: request.messages, tools: request.tools };
    const prompt = renderPrompt(input);
    const whole = renderPrompt({ messages: [...request.messages, answer], tools: request.tools });
    if (!whole.startsWith(prompt)) return 'the rendered answer does not continue the rendered prompt';
    examples.push({ prompt, completion: whole.slice(prompt.length) });
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
  const messages = transcript.messages.slice(0, last + 1).map(openaiMessage);
  return tools && tools.length > 0 ? { messages, tools } : { messages };
}

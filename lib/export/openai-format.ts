// The checks OpenAI's chat fine-tuning format makes of each JSONL line (as its data-preparation guide
// lists them): an object with a `messages` list; each message a known role with only known keys;
// content text, except an assistant message that carries tool_calls; at least one assistant message;
// tool calls in function format, tool results naming their call; `tools` in function format.
import { isRecord } from '../protocol/records';

const ROLES = new Set(['system', 'user', 'assistant', 'tool', 'function']);
const MESSAGE_KEYS = new Set(['role', 'content', 'name', 'function_call', 'tool_calls', 'tool_call_id', 'weight']);

/** The problems of one line (empty when it is valid). */
export function checkChatFineTuningLine(line: unknown): string[] {
  if (!isRecord(line) || !Array.isArray(line.messages)) return ['a line must be an object with "messages"'];
  const problems: string[] = [];
  line.messages.forEach((message: unknown, index: number) => {
    if (!isRecord(message)) {
      problems.push(`message ${index}: not an object`);
      return;
    }
    if (typeof message.role !== 'string' || !ROLES.has(message.role))
      problems.push(`message ${index}: unknown role "${String(message.role)}"`);
    for (const key of Object.keys(message))
      if (!MESSAGE_KEYS.has(key)) problems.push(`message ${index}: unknown key "${key}"`);
    const calls = message.tool_calls;
    if (
      typeof message.content !== 'string' &&
      !(message.role === 'assistant' && Array.isArray(calls) && calls.length > 0)
    )
      problems.push(`message ${index}: no content and no tool_calls`);
    if (Array.isArray(calls)) {
      for (const call of calls) {
        const fn = isRecord(call) ? call.function : null;
        if (
          !isRecord(call) ||
          typeof call.id !== 'string' ||
          call.type !== 'function' ||
          !isRecord(fn) ||
          typeof fn.name !== 'string' ||
          typeof fn.arguments !== 'string'
        )
          problems.push(`message ${index}: a tool call is not {id, type: "function", function: {name, arguments}}`);
      }
    }
    if (message.role === 'tool' && typeof message.tool_call_id !== 'string')
      problems.push(`message ${index}: a tool message needs tool_call_id`);
  });
  if (!line.messages.some((message: unknown) => isRecord(message) && message.role === 'assistant'))
    problems.push('no assistant message');
  if (line.tools !== undefined) {
    if (
      !Array.isArray(line.tools) ||
      line.tools.some(
        (tool) =>
          !isRecord(tool) ||
          tool.type !== 'function' ||
          !isRecord(tool.function) ||
          typeof tool.function.name !== 'string',
      )
    )
      problems.push('tools must be a list of {type: "function", function: {name, ...}}');
  }
  return problems;
}

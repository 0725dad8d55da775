// What a model server may send, and the reasons an answer is refused for going past it. An answer
// past a limit is pathological (a broken or hostile server): the client reports it as a failed model
// call with one of these reasons, never as a response to parse.
import type { ChatCompletion } from '../protocol/chat-completion';
import { LIMITS } from '../protocol/limits';
import { jsonNestingDepth } from '../protocol/json';
import { isRecord } from '../protocol/records';

export type AnswerLimits = {
  /** Bytes of one answer, as received and again after decompression. */
  maxResponseBytes: number;
  /** Nesting of the JSON body, and of JSON written in the content or a tool call's arguments. */
  maxJsonDepth: number;
};

export const DEFAULT_ANSWER_LIMITS: AnswerLimits = {
  maxResponseBytes: LIMITS.responseBytes.default,
  maxJsonDepth: LIMITS.jsonDepth.max,
};

export function tooLargeReason(limits: AnswerLimits): string {
  return (
    `model server sent an answer larger than ${limits.maxResponseBytes} bytes (the limit for one answer); ` +
    'the rest was not read'
  );
}

export function decompressedTooLargeReason(limits: AnswerLimits): string {
  return (
    `model server sent an answer that decompresses to more than ${limits.maxResponseBytes} bytes ` +
    '(the limit for one answer); it was not decompressed further'
  );
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : '')).join('');
}

/**
 * Why a chat completion's messages go past the limits, or null. The body was parsed with the depth
 * limit already; this reads the JSON that a message carries as text (its content, and each tool
 * call's arguments), which parsing it later would otherwise meet.
 */
export function answerBeyondLimits(completion: ChatCompletion, limits: AnswerLimits): string | null {
  const max = limits.maxJsonDepth;
  // Every choice is read, not only the first: all of them are stored and may be parsed later.
  for (const choice of completion.choices) {
    const message = isRecord(choice) ? choice.message : null;
    if (!isRecord(message)) continue;
    if (jsonNestingDepth(contentText(message.content), max) > max)
      return `model server sent an answer whose content is nested deeper than ${max} levels`;
    const calls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
    for (const [index, call] of calls.entries()) {
      const fn = isRecord(call) && isRecord(call.function) ? call.function : null;
      if (typeof fn?.arguments !== 'string' || jsonNestingDepth(fn.arguments, max) <= max) continue;
      const name = typeof fn.name === 'string' ? ` (${fn.name.slice(0, 100)})` : '';
      return `model server sent tool call ${index + 1}${name} with arguments nested deeper than ${max} levels`;
    }
  }
  return null;
}

/** The first characters of a text on one line, with its whole size: what an error message quotes of an answer. */
export function quoteAnswer(text: string, characters = 200): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= characters) return line;
  return `${line.slice(0, characters)}… (${Buffer.byteLength(text)} bytes in all, kept with the call)`;
}

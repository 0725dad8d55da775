// Two-stage parsing of one model response. Stage 1 picks the structured `tool_calls` or the `content`
// by preference, falling back to the other when the picked one holds no call. Stage 2 extracts the
// calls and names the path taken (the table in spec/remora.md).
import type { ParseResult, ResponsePreference } from './types';
import type { ParsedCall } from '../protocol/parsed-call';
import { errorMessage } from '../errors';
import { callFromEntry } from './json-calls';
import { parseContent } from './parse-content';
import { describeValue } from './read-arguments';
import { isRecord } from '../protocol/records';
import type { ModelFamily } from '../families/family';

function malformed(error: string): ParseResult {
  return { path: 'malformed', calls: [], error, text: '' };
}

/** Content as text: a string, the text parts of a multi-part content, or '' when there is none. */
function contentText(raw: unknown): string {
  if (typeof raw === 'string') return raw;
  if (raw === undefined || raw === null) return '';
  if (Array.isArray(raw)) {
    return raw
      .map((part) =>
        typeof part === 'string' ? part : isRecord(part) && typeof part.text === 'string' ? part.text : '',
      )
      .join('');
  }
  // No known server sends this; as JSON text it is still parsed (and classified) rather than lost.
  if (typeof raw === 'object') return JSON.stringify(raw) ?? '';
  return String(raw);
}

/** The structured calls, and how many entries were dropped for lack of a function name. */
function structuredCalls(raw: unknown): { calls: ParsedCall[]; dropped: number } {
  const entries = Array.isArray(raw) ? raw : isRecord(raw) ? [raw] : [];
  const calls: ParsedCall[] = [];
  for (const entry of entries) {
    const call = callFromEntry(entry);
    if (call) calls.push(call);
  }
  return { calls, dropped: entries.length - calls.length };
}

function parseMessage(message: unknown, preference: ResponsePreference, family: ModelFamily | null): ParseResult {
  if (!isRecord(message)) return malformed(`the response message is ${describeValue(message)}, not an object`);
  const content = contentText(message.content);
  const structured = structuredCalls(message.tool_calls);
  const fromToolCalls: ParseResult | null =
    structured.calls.length > 0
      ? { path: 'tool_calls', calls: structured.calls, error: null, text: content.trim() }
      : null;

  if (fromToolCalls && preference !== 'content-first') return fromToolCalls;
  const fromContent = parseContent(content, family);
  if (fromContent.calls.length > 0 || !fromToolCalls) {
    // Entries without a function name are dropped; with nothing else in the message they were still a broken call
    // attempt.
    if (fromContent.path === 'empty' && structured.dropped > 0) {
      return malformed(
        `tool_calls holds ${structured.dropped} entr${structured.dropped === 1 ? 'y' : 'ies'} without a function name`,
      );
    }
    return fromContent;
  }
  return fromToolCalls;
}

/**
 * Parses one chat-completion `message`. Never throws: anything unreadable is path `malformed` with the reason.
 * `family`: the variant's declared model family, whose native text is read first.
 */
export function parseResponse(
  message: unknown,
  preference: ResponsePreference = 'tool_calls-first',
  family: ModelFamily | null = null,
): ParseResult {
  try {
    return parseMessage(message, preference, family);
  } catch (error) {
    // Only a hostile object (a throwing getter, a proxy) gets here; it is still an answer, not a crash.
    return malformed(`the response could not be read: ${errorMessage(error)}`);
  }
}

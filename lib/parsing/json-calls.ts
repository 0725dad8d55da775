// Call shapes a model (or a server's structured-output mode) writes as JSON in `content`.
import type { ParsePath } from './types';
import type { ParsedCall } from '../protocol/parsed-call';
import { describeValue, readArguments } from './read-arguments';
import { isRecord } from '../protocol/records';
import { readCallEntry } from '../protocol/call-entry';

export type JsonCallsResult = { ok: true; path: ParsePath; calls: ParsedCall[] } | { ok: false; error: string };

function nameOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const name = value.trim();
  return name === '' ? null : name;
}

function makeCall(name: string, rawArguments: unknown, id: unknown): ParsedCall {
  const read = readArguments(rawArguments);
  const call: ParsedCall = { name, arguments: read.arguments };
  if (typeof id === 'string' && id !== '') call.id = id;
  if (read.argumentsError !== undefined) call.argumentsError = read.argumentsError;
  return call;
}

/**
 * One entry of a list of calls: `{"function": {"name", "arguments"}}` (OpenAI) or
 * `{"name", "parameters"|"arguments"}` (vLLM's required mode, hand-written JSON). Null without a name.
 */
export function callFromEntry(entry: unknown): ParsedCall | null {
  const parts = readCallEntry(entry);
  return parts && makeCall(parts.name, parts.arguments, parts.id);
}

function callsFromList(entries: unknown[], path: ParsePath, what: string): JsonCallsResult {
  const calls: ParsedCall[] = [];
  for (const entry of entries) {
    const call = callFromEntry(entry);
    if (call) calls.push(call);
  }
  if (calls.length === 0) {
    const detail = entries.length === 0 ? 'is empty' : 'has no entry with a function name';
    return { ok: false, error: `${what} ${detail}` };
  }
  return { ok: true, path, calls };
}

function callsFromObject(value: Record<string, unknown>): JsonCallsResult {
  if ('tool_calls' in value) {
    if (!Array.isArray(value.tool_calls))
      return {
        ok: false,
        error: `"tool_calls" in the JSON content is ${describeValue(value.tool_calls)}, not an array`,
      };
    return callsFromList(value.tool_calls, 'json_tool_calls', 'the "tool_calls" list in the JSON content');
  }
  // A single OpenAI-style call without the list around it: unambiguous, so read it as a one-entry list.
  if (isRecord(value.tool_call))
    return callsFromList([value.tool_call], 'json_tool_calls', 'the "tool_call" in the JSON content');
  if (isRecord(value.function) && !('name' in value))
    return callsFromList([value], 'json_tool_calls', 'the "function" in the JSON content');

  if (!('name' in value)) {
    return {
      ok: false,
      error:
        'the JSON content is an object but not a call: ' +
        'expected {"name", "arguments"}, {"name", "parameters"} or {"tool_calls": [...]}',
    };
  }
  const name = nameOf(value.name);
  if (name === null)
    return {
      ok: false,
      error: `"name" in the JSON content must be a non-empty string, got ${describeValue(value.name)}`,
    };
  if ('arguments' in value)
    return { ok: true, path: 'json_name_arguments', calls: [makeCall(name, value.arguments, value.id)] };
  if ('parameters' in value)
    return { ok: true, path: 'json_name_parameters', calls: [makeCall(name, value.parameters, value.id)] };
  // {"name": "list_files"} alone is a call without arguments; with other keys it is some other object.
  if (Object.keys(value).every((key) => key === 'name' || key === 'id' || key === 'type')) {
    return { ok: true, path: 'json_name_arguments', calls: [makeCall(name, undefined, value.id)] };
  }
  return { ok: false, error: `the JSON content names "${name}" but has neither "arguments" nor "parameters"` };
}

/** Reads calls from parsed JSON content; a value that is no call shape comes back as an error. */
export function callsFromJson(value: unknown): JsonCallsResult {
  if (Array.isArray(value)) return callsFromList(value, 'json_array', 'the JSON array in the content');
  if (isRecord(value)) return callsFromObject(value);
  return { ok: false, error: `the JSON content is ${describeValue(value)}, not a call` };
}

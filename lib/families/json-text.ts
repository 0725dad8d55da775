// Reading JSON values that sit inside free text (after a tag, before a closing tag, one after another),
// shared by the JSON-speaking families. A bracket scan finds where a value ends, so no regex can
// backtrack over hostile text.
import { parseJson } from '../protocol/json';
import { readCallEntry } from '../protocol/call-entry';
import type { NativeCall, NativeReading } from './family';

/** Where the JSON object or array starting at `start` ends (exclusive), or -1 when it never closes. */
export function jsonValueEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') {
      depth--;
      if (depth === 0) return index + 1;
    }
  }
  return -1;
}

/** A call from one JSON entry with a name and `arguments` (or, as Llama writes it, `parameters`). */
function callFromJson(entry: unknown): NativeCall | null {
  const parts = readCallEntry(entry);
  return parts && { name: parts.name, arguments: parts.arguments };
}

/** Calls from JSON text holding one call object or a list of them; `broken` with the reason otherwise. */
export function callsFromJsonText(json: string, what: string, text = ''): NativeReading {
  const parsed = parseJson(json);
  if (!parsed.ok) return { kind: 'broken', error: `${what} is not valid JSON: ${parsed.error}` };
  const entries = Array.isArray(parsed.value) ? parsed.value : [parsed.value];
  const calls: NativeCall[] = [];
  for (const entry of entries) {
    const call = callFromJson(entry);
    if (!call) return { kind: 'broken', error: `${what} holds an entry that is not a call with a name` };
    calls.push(call);
  }
  if (calls.length === 0) return { kind: 'broken', error: `${what} is an empty list` };
  return { kind: 'calls', calls, text };
}

/** Calls in every `open ... close` block of the text (JSON inside each), the text before the first kept. */
export function callsInTags(text: string, open: string, close: string, what: string): NativeReading {
  const first = text.indexOf(open);
  if (first === -1) return { kind: 'none' };
  const calls: NativeCall[] = [];
  for (let at = first; at !== -1; at = text.indexOf(open, at)) {
    const bodyStart = at + open.length;
    const closeAt = text.indexOf(close, bodyStart);
    // An unclosed last block (the model stopped at its end-of-turn token) still holds its JSON.
    const body = text.slice(bodyStart, closeAt === -1 ? undefined : closeAt).trim();
    const read = callsFromJsonText(body, what);
    if (read.kind !== 'calls') return read;
    calls.push(...read.calls);
    if (closeAt === -1) break;
    at = closeAt + close.length;
  }
  return { kind: 'calls', calls, text: text.slice(0, first).trim() };
}

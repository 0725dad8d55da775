// What the simulator needs to play vLLM's tool parser for a family (`sim --family NAME`): each
// family folder's vllm-parser.ts follows its parser's documented behaviour, not its code: all or
// nothing where vLLM is, text around a call dropped where vLLM drops it (README "Comparing models"
// lists the losses). The arguments are kept as read; the simulator writes them as vLLM does.
import { parseJson } from '../protocol/json';
import { isRecord } from '../protocol/records';
import type { NativeCall, VllmParserReading } from './family';

/** The parser found no call: the whole text is the message's content. */
export const asContent = (text: string): VllmParserReading => ({ toolsCalled: false, calls: [], content: text });

/** Entries {name, arguments|parameters} as calls; null if one is not a call. */
export function callEntries(entries: unknown[]): NativeCall[] | null {
  const calls: NativeCall[] = [];
  for (const entry of entries) {
    if (!isRecord(entry) || typeof entry.name !== 'string') return null;
    calls.push({ name: entry.name, arguments: entry.arguments ?? entry.parameters ?? {} });
  }
  return calls;
}

/** The JSON text's value as a list of entries (an object is a list of one); null when it is no JSON. */
export function jsonEntries(text: string): unknown[] | null {
  const parsed = parseJson(text);
  if (!parsed.ok) return null;
  return Array.isArray(parsed.value) ? parsed.value : [parsed.value];
}

/** The calls found, or the whole text as content when there are none. */
export function called(calls: NativeCall[] | null, text: string, content: string | null = null): VllmParserReading {
  return calls && calls.length > 0 ? { toolsCalled: true, calls, content } : asContent(text);
}

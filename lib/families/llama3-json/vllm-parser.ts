// vLLM's `llama3_json` parser as the simulator plays it: only an answer starting with <|python_tag|>
// or `{`, its objects separated by `;`.
import type { VllmParserReading } from '../family';
import { jsonValueEnd } from '../json-text';
import { asContent, called, callEntries, jsonEntries } from '../vllm-parsing';

export function llama3JsonVllmParser(text: string): VllmParserReading {
  if (!text.startsWith('<|python_tag|>') && !text.startsWith('{')) return asContent(text);
  const body = text.replace(/^<\|python_tag\|>/, '');
  const entries: unknown[] = [];
  for (let at = 0; at < body.length;) {
    const end = jsonValueEnd(body, at);
    const one = end === -1 ? null : jsonEntries(body.slice(at, end));
    if (!one) return asContent(text);
    entries.push(...one);
    const rest = body.slice(end).replace(/^\s*;\s*/, '');
    at = body.length - rest.length;
    if (rest !== '' && !rest.startsWith('{')) return asContent(text);
  }
  return called(callEntries(entries), text);
}

// vLLM's `xlam` parser as the simulator plays it: a JSON list, bare or in a ```json fence.
import type { VllmParserReading } from '../family';
import { asContent, called, callEntries, jsonEntries } from '../vllm-parsing';

export function xlamVllmParser(text: string): VllmParserReading {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(text);
  const body = (fenced ? fenced[1] : text).trim();
  if (!body.startsWith('[')) return asContent(text);
  const entries = jsonEntries(body);
  return called(entries && callEntries(entries), text);
}

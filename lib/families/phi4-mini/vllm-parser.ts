// vLLM's `phi4_mini_json` parser as the simulator plays it: `functools\[(.*?)\]` stops at the first
// `]`, so a list inside the arguments cuts the JSON.
import type { VllmParserReading } from '../family';
import { asContent, called, callEntries, jsonEntries } from '../vllm-parsing';

export function phi4MiniVllmParser(text: string): VllmParserReading {
  const match = /functools\[([\s\S]*?)\]/.exec(text);
  if (!match) return asContent(text);
  const entries = jsonEntries(`[${match[1]}]`);
  return called(entries && callEntries(entries), text);
}

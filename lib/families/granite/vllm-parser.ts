// vLLM's `granite` parser as the simulator plays it: after an optional <|tool_call|> the answer must
// start with `[`.
import type { VllmParserReading } from '../family';
import { asContent, called, callEntries, jsonEntries } from '../vllm-parsing';

export function graniteVllmParser(text: string): VllmParserReading {
  const body = text
    .trim()
    .replace(/^<\|tool_call\|>/, '')
    .trimStart();
  if (!body.startsWith('[')) return asContent(text);
  const entries = jsonEntries(body);
  return called(entries && callEntries(entries), text);
}

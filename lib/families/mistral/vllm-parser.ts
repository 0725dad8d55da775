// vLLM's `mistral` parser as the simulator plays it: the JSON after [TOOL_CALLS] must parse; the
// content is the text before it.
import type { VllmParserReading } from '../family';
import { asContent, called, callEntries, jsonEntries } from '../vllm-parsing';

export function mistralVllmParser(text: string): VllmParserReading {
  const at = text.indexOf('[TOOL_CALLS]');
  if (at === -1) return asContent(text);
  const entries = jsonEntries(text.slice(at + '[TOOL_CALLS]'.length).trim());
  return called(entries && callEntries(entries), text, text.slice(0, at).trim() || null);
}

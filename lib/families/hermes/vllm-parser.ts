// vLLM's `hermes` parser as the simulator plays it: every <tool_call> block must be JSON, or nothing
// is a call; the content is the text before the first block.
import type { VllmParserReading } from '../family';
import { asContent, called, callEntries, jsonEntries } from '../vllm-parsing';

export function hermesVllmParser(text: string): VllmParserReading {
  const start = text.indexOf('<tool_call>');
  if (start === -1) return asContent(text);
  const blocks = [...text.matchAll(/<tool_call>([\s\S]*?)<\/tool_call>|<tool_call>([\s\S]*)$/g)];
  const entries: unknown[] = [];
  for (const block of blocks) {
    const one = jsonEntries((block[1] ?? block[2]).trim());
    if (!one || one.length !== 1) return asContent(text);
    entries.push(one[0]);
  }
  return called(callEntries(entries), text, text.slice(0, start) || null);
}

// Phi-4-mini: the tools sit in <|tool|>...<|/tool|> in the system turn; the model writes its calls
// as `functools[{...}]` (what vLLM's phi4_mini_json parser reads) or inside <|tool_call|>...<|/tool_call|>.
import type { ModelFamily, NativeReading } from '../family';
import { callsFromJsonText, callsInTags, jsonValueEnd } from '../json-text';
import { PHI4_MINI_TEMPLATE } from './template';
import { phi4MiniVllmParser } from './vllm-parser';

const FUNCTOOLS = 'functools';

function read(text: string): NativeReading {
  if (text.includes('<|/tool_call|>'))
    return callsInTags(text, '<|tool_call|>', '<|/tool_call|>', 'the <|tool_call|> block');
  const at = text.indexOf(`${FUNCTOOLS}[`);
  if (at === -1) return { kind: 'none' };
  const start = at + FUNCTOOLS.length;
  const end = jsonValueEnd(text, start);
  if (end === -1) return { kind: 'broken', error: 'the functools[...] list is never closed' };
  return callsFromJsonText(text.slice(start, end), 'the functools list', text.slice(0, at).trim());
}

export const phi4Mini: ModelFamily = {
  name: 'phi4-mini',
  models: ['Phi-4-mini-instruct'],
  vllmToolParser: 'phi4_mini_json',
  vllmParser: phi4MiniVllmParser,
  parsePath: 'phi4_mini_functools',
  callExample: 'functools[{"name": "get_weather", "arguments": {"city": "Paris"}}]',
  specialTokens: { bos: '', eos: '<|endoftext|>' },
  controlTokens: [
    '<|system|>',
    '<|user|>',
    '<|assistant|>',
    '<|end|>',
    '<|tool|>',
    '<|/tool|>',
    '<|tool_call|>',
    '<|/tool_call|>',
  ],
  markers: [`${FUNCTOOLS}[`, '<|/tool_call|>'],
  templateMarker: FUNCTOOLS,
  chatTemplate: PHI4_MINI_TEMPLATE,
  read,
};

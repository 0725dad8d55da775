// Granite 3.x/4: `<|tool_call|>` then a JSON list of calls (Granite 3.1 may write `<tool_call>` as
// plain text instead); roles framed by <|start_of_role|>/<|end_of_role|>.
import type { ModelFamily, NativeReading } from '../family';
import { callsFromJsonText, jsonValueEnd } from '../json-text';
import { GRANITE_TEMPLATE } from './template';
import { graniteVllmParser } from './vllm-parser';

const TOOL_CALL = '<|tool_call|>';

function read(text: string): NativeReading {
  const match = /<\|tool_call\|>|<tool_call>(?=\s*\[)/.exec(text);
  if (!match) return { kind: 'none' };
  // Phi-4-mini closes its block with <|/tool_call|>: that text is phi4-mini's.
  if (text.includes('<|/tool_call|>')) return { kind: 'none' };
  const body = text.slice(match.index + match[0].length).trim();
  if (!body.startsWith('[')) return { kind: 'broken', error: `no JSON call list follows ${match[0]}` };
  const end = jsonValueEnd(body, 0);
  if (end === -1) return { kind: 'broken', error: `the JSON list after ${match[0]} is never closed` };
  return callsFromJsonText(body.slice(0, end), `the list after ${match[0]}`, text.slice(0, match.index).trim());
}

export const granite: ModelFamily = {
  name: 'granite',
  models: ['granite-3.1-2b-instruct', 'granite-3.3-2b-instruct', 'granite-4.0-micro'],
  vllmToolParser: 'granite',
  vllmParser: graniteVllmParser,
  parsePath: 'granite_tool_call',
  callExample: '<|tool_call|>[{"name": "get_weather", "arguments": {"city": "Paris"}}]',
  specialTokens: { bos: '', eos: '<|end_of_text|>' },
  controlTokens: ['<|start_of_role|>', '<|end_of_role|>', '<|end_of_text|>', TOOL_CALL],
  // Granite 3.1 writes <tool_call> as text before its list; its reader only claims it when a list follows.
  markers: [TOOL_CALL, '<tool_call>'],
  templateMarker: TOOL_CALL,
  chatTemplate: GRANITE_TEMPLATE,
  read,
};

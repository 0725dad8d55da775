// Mistral (Ministral 3B/8B, Mistral 7B v0.3): `[TOOL_CALLS]` then a JSON list of calls; tools in
// [AVAILABLE_TOOLS] before the last user turn, results in [TOOL_RESULTS].
import type { ModelFamily, NativeReading } from '../family';
import { callsFromJsonText, jsonValueEnd } from '../json-text';
import { MISTRAL_TEMPLATE } from './template';
import { mistralVllmParser } from './vllm-parser';

const TOOL_CALLS = '[TOOL_CALLS]';

function read(text: string): NativeReading {
  const at = text.indexOf(TOOL_CALLS);
  if (at === -1) return { kind: 'none' };
  const body = text.slice(at + TOOL_CALLS.length).trim();
  const start = body.search(/[[{]/);
  if (start !== 0) return { kind: 'broken', error: 'no JSON call list follows [TOOL_CALLS]' };
  const end = jsonValueEnd(body, 0);
  if (end === -1) return { kind: 'broken', error: 'the JSON list after [TOOL_CALLS] is never closed' };
  return callsFromJsonText(body.slice(0, end), 'the list after [TOOL_CALLS]', text.slice(0, at).trim());
}

export const mistral: ModelFamily = {
  name: 'mistral',
  models: ['Ministral-3B/8B-Instruct', 'Mistral-7B-Instruct-v0.3'],
  vllmToolParser: 'mistral',
  vllmParser: mistralVllmParser,
  parsePath: 'mistral_tool_calls',
  callExample: '[TOOL_CALLS] [{"name": "get_weather", "arguments": {"city": "Paris"}}]',
  specialTokens: { bos: '<s>', eos: '</s>' },
  controlTokens: [
    '<s>',
    '</s>',
    '[INST]',
    '[/INST]',
    TOOL_CALLS,
    '[AVAILABLE_TOOLS]',
    '[/AVAILABLE_TOOLS]',
    '[TOOL_RESULTS]',
    '[/TOOL_RESULTS]',
  ],
  markers: [TOOL_CALLS],
  templateMarker: TOOL_CALLS,
  chatTemplate: MISTRAL_TEMPLATE,
  read,
};

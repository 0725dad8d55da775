// Llama 3.1/3.2 JSON calls: `{"name": ..., "parameters": {...}}`, after <|python_tag|> when the model
// uses its built-in tool token; several calls are separated by `;`.
import type { ModelFamily, NativeCall, NativeReading } from '../family';
import { callsFromJsonText, jsonValueEnd } from '../json-text';
import { stripFence } from '../../protocol/code-fence';
import { LLAMA3_JSON_TEMPLATE } from './template';
import { llama3JsonVllmParser } from './vllm-parser';

const PYTHON_TAG = '<|python_tag|>';

function read(text: string): NativeReading {
  let body = stripFence(text.trim());
  let before = '';
  const tag = body.indexOf(PYTHON_TAG);
  if (tag !== -1) {
    before = body.slice(0, tag).trim();
    body = body.slice(tag + PYTHON_TAG.length).trim();
  }
  if (!body.startsWith('{'))
    return tag === -1 ? { kind: 'none' } : { kind: 'broken', error: 'nothing after <|python_tag|> is a JSON call' };
  const calls: NativeCall[] = [];
  for (let at = 0; at < body.length;) {
    const end = jsonValueEnd(body, at);
    if (end === -1) return { kind: 'broken', error: 'a JSON call is never closed' };
    const one = callsFromJsonText(body.slice(at, end), 'the JSON call');
    if (one.kind !== 'calls') return one;
    calls.push(...one.calls);
    const rest = body.slice(end).replace(/^\s*;?\s*/, '');
    if (rest !== '' && !rest.startsWith('{')) return { kind: 'broken', error: 'text follows the JSON call' };
    at = body.length - rest.length;
  }
  return { kind: 'calls', calls, text: before };
}

export const llama3Json: ModelFamily = {
  name: 'llama3-json',
  models: ['Llama-3.2-1B-Instruct', 'Llama-3.2-3B-Instruct', 'Llama-3.1-8B-Instruct'],
  vllmToolParser: 'llama3_json',
  vllmParser: llama3JsonVllmParser,
  parsePath: 'llama3_json',
  callExample: '{"name": "get_weather", "parameters": {"city": "Paris"}}',
  specialTokens: { bos: '<|begin_of_text|>', eos: '<|eot_id|>' },
  controlTokens: [
    '<|begin_of_text|>',
    '<|start_header_id|>',
    '<|end_header_id|>',
    '<|eot_id|>',
    '<|eom_id|>',
    PYTHON_TAG,
  ],
  markers: [PYTHON_TAG],
  templateMarker: PYTHON_TAG,
  chatTemplate: LLAMA3_JSON_TEMPLATE,
  read,
};

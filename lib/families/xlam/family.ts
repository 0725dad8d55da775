// xLAM-2 (1B/3B): the calls are a bare JSON list `[{"name", "arguments"}]`, also inside a ```json fence.
import type { ModelFamily, NativeReading } from '../family';
import { callsFromJsonText } from '../json-text';
import { stripFence } from '../../protocol/code-fence';
import { XLAM_TEMPLATE } from './template';
import { xlamVllmParser } from './vllm-parser';

function read(text: string): NativeReading {
  const body = stripFence(text.trim());
  if (!body.startsWith('[')) return { kind: 'none' };
  return callsFromJsonText(body, 'the JSON call list');
}

export const xlam: ModelFamily = {
  name: 'xlam',
  models: ['Llama-xLAM-2-1b-fc-r', 'xLAM-2-3b-fc-r'],
  vllmToolParser: 'xlam',
  vllmParser: xlamVllmParser,
  parsePath: 'xlam_json_list',
  callExample: '[{"name": "get_weather", "arguments": {"city": "Paris"}}]',
  specialTokens: { bos: '', eos: '<|im_end|>' },
  controlTokens: ['<|im_start|>', '<|im_end|>'],
  // A bare JSON list is also what many models write; only a declared xlam variant names it xlam's.
  markers: [],
  templateMarker: null,
  chatTemplate: XLAM_TEMPLATE,
  read,
};

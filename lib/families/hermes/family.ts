// Hermes format (Qwen 2.5 and 3, SmolLM3, Hermes 2 Pro/3): each call is a JSON object inside
// <tool_call>...</tool_call>, the template is ChatML (<|im_start|>/<|im_end|>).
import type { ModelFamily } from '../family';
import { callsInTags } from '../json-text';
import { HERMES_TEMPLATE } from './template';
import { hermesVllmParser } from './vllm-parser';

export const hermes: ModelFamily = {
  name: 'hermes',
  models: ['Qwen2.5-0.5B/1.5B/3B-Instruct', 'Qwen3-0.6B/1.7B/4B', 'SmolLM3-3B', 'Hermes-3'],
  vllmToolParser: 'hermes',
  vllmParser: hermesVllmParser,
  parsePath: 'hermes_tool_call',
  callExample: '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>',
  specialTokens: { bos: '', eos: '<|im_end|>' },
  controlTokens: ['<|im_start|>', '<|im_end|>', '<tool_call>', '</tool_call>'],
  markers: ['<tool_call>'],
  templateMarker: '<tool_call>',
  chatTemplate: HERMES_TEMPLATE,
  read: (text) => {
    const reading = callsInTags(text, '<tool_call>', '</tool_call>', 'the <tool_call> block');
    // Granite 3.1 writes `<tool_call>[...]` with a list: that is granite's reading, not a Hermes object.
    if (reading.kind === 'broken' && /<tool_call>\s*\[/.test(text)) return { kind: 'none' };
    return reading;
  },
};

// Pythonic calls (Llama 3.2 with vLLM's pythonic template, Llama 4): the whole answer is a Python
// list of calls, `[get_weather(city="Paris")]`, in Llama 4 between <|python_start|>/<|python_end|>.
import type { ModelFamily, NativeReading } from '../family';
import { stripFence } from '../../protocol/code-fence';
import { readPythonCalls } from './python-calls';
import { PYTHONIC_TEMPLATE } from './template';
import { pythonicVllmParser } from './vllm-parser';

/** Looks like `[name(`: a call list, as opposed to any other bracketed text. */
const CALL_LIST_START = /^\[\s*[A-Za-z_][\w.]*\s*\(/;

function read(text: string): NativeReading {
  const body = stripFence(text.replace('<|python_start|>', '').replace('<|python_end|>', '').trim());
  if (!CALL_LIST_START.test(body)) return { kind: 'none' };
  try {
    const calls = readPythonCalls(body);
    if (calls.length === 0) return { kind: 'broken', error: 'the call list is empty' };
    return { kind: 'calls', calls, text: '' };
  } catch (error) {
    return { kind: 'broken', error: `the Python call list cannot be read: ${(error as Error).message}` };
  }
}

export const pythonic: ModelFamily = {
  name: 'pythonic',
  models: ['Llama-3.2-1B-Instruct', 'Llama-3.2-3B-Instruct', 'Llama-4-Scout'],
  vllmToolParser: 'pythonic',
  vllmParser: pythonicVllmParser,
  parsePath: 'pythonic_list',
  callExample: '[get_weather(city="Paris")]',
  specialTokens: { bos: '<|begin_of_text|>', eos: '<|eot_id|>' },
  controlTokens: ['<|start_header_id|>', '<|end_header_id|>', '<|eot_id|>', '<|python_start|>', '<|python_end|>'],
  markers: ['<|python_start|>'],
  templateMarker: null,
  chatTemplate: PYTHONIC_TEMPLATE,
  read,
};

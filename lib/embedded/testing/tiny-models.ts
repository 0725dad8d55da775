// Tiny models for the embedded engine's tests (and the benchmark), written into a folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ToolSpec } from '../../protocol/messages';
import { writeTinyModel, type TinyModelOptions } from '../../testing/gguf/tiny-model';

/**
 * Random weights, with logit offsets on the tokens that close a value, as a trained model has
 * (else a random model almost never writes the `<escape>` that ends a string).
 */
export const RANDOM_MODEL: TinyModelOptions = { seed: 3, tokenPriors: { '<escape>': 8, ']': 6, '}': 4 } };

/**
 * Scripted weights: after the generation prompt's "\n" the model calls `go{}`; after a tool response
 * it says "Done" and ends its turn; after `<start_function_response>` (a call without its result) it
 * writes "Oops" and starts a response again.
 */
const SCRIPTED_MODEL: TinyModelOptions = {
  seed: 5,
  transitions: {
    '\n': '<start_function_call>',
    '<start_function_call>': 'call:',
    'call:': 'go',
    go: '{',
    '{': '}',
    '}': '<end_function_call>',
    '<end_function_call>': 'X',
    '<end_function_response>': 'Done',
    Done: '<end_of_turn>',
    '<start_function_response>': 'Oops',
    Oops: '<start_function_response>',
  },
};

/** Tools with one parameter of each kind the grammar writes natively. */
export const TEST_TOOLS: ToolSpec[] = [
  {
    type: 'function',
    function: {
      name: 'get_weather',
      description: 'Gets the weather in a city.',
      parameters: {
        type: 'object',
        properties: {
          city: { type: 'string', description: 'The city' },
          days: { type: 'integer', description: 'How many days ahead' },
          metric: { type: 'boolean' },
          unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
          tags: { type: 'array', items: { type: 'string' } },
          hours: { type: 'array', items: { type: 'integer' } },
        },
        required: ['city', 'unit'],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'set_alarm',
      description: 'Sets an alarm.',
      parameters: {
        type: 'object',
        properties: { hour: { type: 'integer' }, label: { type: 'string' }, loud: { type: 'boolean' } },
        required: ['hour', 'loud'],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'submit_result',
      description: 'Finish.',
      parameters: { type: 'object', properties: { summary: { type: 'string' } }, required: ['summary'] },
    },
  },
];

export type TestModels = { folder: string; random: string; scripted: string; remove(): void };

export async function writeTestModels(): Promise<TestModels> {
  const folder = mkdtempSync(path.join(tmpdir(), 'remora-gguf-'));
  const random = path.join(folder, 'tiny-random.gguf');
  const scripted = path.join(folder, 'tiny-scripted.gguf');
  await writeTinyModel(random, RANDOM_MODEL);
  await writeTinyModel(scripted, SCRIPTED_MODEL);
  return { folder, random, scripted, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

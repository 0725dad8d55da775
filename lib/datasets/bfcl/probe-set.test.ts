// `bfcl` scoring against BFCL's AST checker on a probe set. The expected outcome of every probe is
// worked out by hand from the checker's published rules (bfcl_eval/eval_checker/ast_eval/
// ast_checker.py; the rule is named beside each probe), then the case goes through the real path:
// imported from a BFCL line, the model's answer given as the raw `arguments` text of tool_calls.
// The lenient scorer's own verdict is checked too: it differs on exactly the ten probes marked so.
import { describe, expect, it } from 'vitest';
import { parseDatasetText } from '../formats';
import { scoreConversation, toolSchemas } from '../score-conversation';
import type { ModelCallRecord } from '../../runner/types';
import { scoreConversationBfcl } from './score-bfcl';
import { readArguments } from '../../parsing/read-arguments';
import { LosslessNumber, stringify } from 'lossless-json';

/** A float in a BFCL file (10.0 stays 10.0). */
const float = (text: string) => new LosslessNumber(text);

type Probe = {
  name: string;
  functions: unknown[];
  truth: unknown[];
  category?: string;
  /** The model's calls: name and the raw JSON text of its arguments, as a server sends them. */
  output: [string, string][];
  /** BFCL's outcome: valid, or the error_type it reports. */
  bfcl: true | string;
  /** Set on the probes where the lenient scorer says the opposite. */
  lenientDiffers?: true;
};

const fn = (name: string, properties: Record<string, unknown>, required: string[] = []) => ({
  name,
  description: name,
  parameters: { type: 'dict', properties, required },
});
const weather = fn('get_weather', { city: { type: 'string' }, days: { type: 'integer' }, unit: { type: 'string' } }, [
  'city',
]);
const area = fn('area', { base: { type: 'float' }, height: { type: 'integer' } }, ['base', 'height']);
const stats = fn('mean', { values: { type: 'array', items: { type: 'float' } } }, ['values']);
const counts = fn('total', { values: { type: 'array', items: { type: 'integer' } } }, ['values']);
const tags = fn(
  'tag',
  { labels: { type: 'dict', properties: { names: { type: 'array', items: { type: 'string' } } } } },
  ['labels'],
);
const words = fn('words', { groups: { type: 'array', items: { type: 'array' } } }, ['groups']);
const note = fn('save', { text: { type: 'string' }, note: { type: 'string' } }, ['text']);
const repeat = fn('repeat', { times: { type: 'integer' } }, ['times']);
const pick = fn('pick', { n: { type: 'integer' } }, ['n']);
const book = fn(
  'book',
  { options: { type: 'dict', properties: { seat: { type: 'string' }, meal: { type: 'string' } } } },
  ['options'],
);
const toggle = fn('toggle', { on: { type: 'boolean' } }, ['on']);

const probes: Probe[] = [
  // simple_function_checker, the ordinary paths
  {
    name: 'exact call',
    functions: [weather],
    truth: [{ get_weather: { city: ['Paris'], days: [3], unit: ['celsius', ''] } }],
    output: [['get_weather', '{"city": "Paris", "days": 3}']],
    bfcl: true,
  },
  {
    name: 'standardize_string: spaces and commas',
    functions: [weather],
    truth: [{ get_weather: { city: ['New York, NY'], days: [''], unit: [''] } }],
    output: [['get_weather', '{"city": "new york,NY"}']],
    bfcl: true,
  },
  {
    name: 'wrong function name',
    functions: [weather, area],
    category: 'multiple_1',
    truth: [{ get_weather: { city: ['Paris'], days: [''], unit: [''] } }],
    output: [['area', '{"base": 1, "height": 2}']],
    bfcl: 'simple_function_checker:wrong_func_name',
  },
  {
    name: 'missing required',
    functions: [weather],
    truth: [{ get_weather: { city: ['Paris'], days: [''], unit: [''] } }],
    output: [['get_weather', '{"days": 3}']],
    bfcl: 'simple_function_checker:missing_required',
  },
  {
    name: 'unexpected parameter',
    functions: [weather],
    truth: [{ get_weather: { city: ['Paris'], days: [''], unit: [''] } }],
    output: [['get_weather', '{"city": "Paris", "country": "FR"}']],
    bfcl: 'simple_function_checker:unexpected_param',
  },
  {
    name: 'missing a parameter the answer lists',
    functions: [weather],
    truth: [{ get_weather: { city: ['Paris'], days: [3], unit: [''] } }],
    output: [['get_weather', '{"city": "Paris"}']],
    bfcl: 'simple_function_checker:missing_optional',
  },
  {
    name: 'wrong string value',
    functions: [weather],
    truth: [{ get_weather: { city: ['Paris'], days: [''], unit: [''] } }],
    output: [['get_weather', '{"city": "Rome"}']],
    bfcl: 'value_error:string',
  },
  {
    name: 'int where a float is expected',
    functions: [area],
    truth: [{ area: { base: [float('10.0')], height: [5] } }],
    output: [['area', '{"base": 10, "height": 5}']],
    bfcl: true,
  },
  {
    name: 'wrong number',
    functions: [area],
    truth: [{ area: { base: [float('10.0')], height: [5] } }],
    output: [['area', '{"base": 10.0, "height": 6}']],
    bfcl: 'value_error:others',
  },
  {
    name: 'string where an integer is expected',
    functions: [area],
    truth: [{ area: { base: [float('10.0')], height: [5] } }],
    output: [['area', '{"base": 10.0, "height": "5"}']],
    bfcl: 'type_error:simple',
  },
  {
    name: 'list of floats',
    functions: [stats],
    truth: [{ mean: { values: [[float('1.5'), float('2.5')]] } }],
    output: [['mean', '{"values": [1.5, 2.5]}']],
    bfcl: true,
  },
  {
    name: 'list order matters',
    functions: [stats],
    truth: [{ mean: { values: [[float('1.5'), float('2.5')]] } }],
    output: [['mean', '{"values": [2.5, 1.5]}']],
    bfcl: 'value_error:list/tuple',
  },
  {
    name: 'dict answer',
    functions: [book],
    truth: [{ book: { options: [{ seat: ['aisle', 'window'], meal: ['', 'veg'] }] } }],
    output: [['book', '{"options": {"seat": "Window"}}']],
    bfcl: true,
  },
  {
    name: 'dict answer, wrong key',
    functions: [book],
    truth: [{ book: { options: [{ seat: ['aisle'], meal: [''] }] } }],
    output: [['book', '{"options": {"place": "aisle"}}']],
    bfcl: 'value_error:dict_key',
  },
  {
    name: 'boolean',
    functions: [toggle],
    truth: [{ toggle: { on: [true] } }],
    output: [['toggle', '{"on": true}']],
    bfcl: true,
  },
  {
    name: 'wrong number of calls (simple)',
    functions: [toggle],
    truth: [{ toggle: { on: [true] } }],
    output: [
      ['toggle', '{"on": true}'],
      ['toggle', '{"on": false}'],
    ],
    bfcl: 'simple_function_checker:wrong_count',
  },
  {
    name: 'parallel, other order',
    functions: [weather],
    category: 'parallel_3',
    truth: [
      { get_weather: { city: ['Paris'], days: [''], unit: [''] } },
      { get_weather: { city: ['Rome'], days: [''], unit: [''] } },
    ],
    output: [
      ['get_weather', '{"city": "Rome"}'],
      ['get_weather', '{"city": "Paris"}'],
    ],
    bfcl: true,
  },
  {
    name: 'parallel, one call short',
    functions: [weather],
    category: 'parallel_4',
    truth: [
      { get_weather: { city: ['Paris'], days: [''], unit: [''] } },
      { get_weather: { city: ['Rome'], days: [''], unit: [''] } },
    ],
    output: [['get_weather', '{"city": "Rome"}']],
    bfcl: 'parallel_function_checker_no_order:wrong_count',
  },
  {
    name: 'no call at all',
    functions: [weather],
    truth: [{ get_weather: { city: ['Paris'], days: [''], unit: [''] } }],
    output: [],
    bfcl: 'ast_decoder:decoder_failed',
  },
  {
    name: 'standardize_string: quotes',
    functions: [note],
    truth: [{ save: { text: ['it"s'], note: [''] } }],
    output: [['save', '{"text": "It\'s"}']],
    bfcl: true,
  },

  // The ten probes where the lenient scorer and BFCL disagree.
  {
    name: 'punctuation: parentheses are not removed by standardize_string',
    functions: [weather],
    truth: [{ get_weather: { city: ['Paris'], days: [''], unit: [''] } }],
    output: [['get_weather', '{"city": "(Paris)"}']],
    bfcl: 'value_error:string',
    lenientDiffers: true,
  },
  {
    name: 'punctuation: an exclamation mark stays',
    functions: [weather],
    truth: [{ get_weather: { city: ['Paris'], days: [''], unit: [''] } }],
    output: [['get_weather', '{"city": "Paris!"}']],
    bfcl: 'value_error:string',
    lenientDiffers: true,
  },
  {
    name: '5.0 for an integer: type(5.0) is float',
    functions: [repeat],
    truth: [{ repeat: { times: [5] } }],
    output: [['repeat', '{"times": 5.0}']],
    bfcl: 'type_error:simple',
    lenientDiffers: true,
  },
  {
    name: '3.0 for an integer in another function',
    functions: [area],
    truth: [{ area: { base: [float('2.0')], height: [3] } }],
    output: [['area', '{"base": 2.0, "height": 3.0}']],
    bfcl: 'type_error:simple',
    lenientDiffers: true,
  },
  {
    name: 'item types: an int item in a list of floats is not converted',
    functions: [stats],
    truth: [{ mean: { values: [[float('1.5'), float('2.0')]] } }],
    output: [['mean', '{"values": [1.5, 2]}']],
    bfcl: 'type_error:nested',
    lenientDiffers: true,
  },
  {
    name: 'item types: a float item in a list of integers',
    functions: [counts],
    truth: [{ total: { values: [[1, 2]] } }],
    output: [['total', '{"values": [1, 2.0]}']],
    bfcl: 'type_error:nested',
    lenientDiffers: true,
  },
  {
    name: 'nested strings: a list inside a dict is compared as written',
    functions: [tags],
    truth: [{ tag: { labels: [{ names: [['Red Apple']] }] } }],
    output: [['tag', '{"labels": {"names": ["red apple"]}}']],
    bfcl: 'value_error:dict_value',
    lenientDiffers: true,
  },
  {
    name: 'parallel matching: greedy in the order of the answers',
    functions: [pick],
    category: 'parallel_9',
    truth: [{ pick: { n: [1, 2] } }, { pick: { n: [1] } }],
    output: [
      ['pick', '{"n": 1}'],
      ['pick', '{"n": 2}'],
    ],
    bfcl: 'parallel_function_checker_no_order:cannot_find_match',
    lenientDiffers: true,
  },
  {
    name: 'a literal "": an empty string is among the accepted values',
    functions: [note],
    truth: [{ save: { text: ['hello'], note: [''] } }],
    output: [['save', '{"text": "hello", "note": ""}']],
    bfcl: true,
    lenientDiffers: true,
  },
  {
    name: 'a "variable" answer: a name where an integer is expected',
    functions: [repeat],
    truth: [{ repeat: { times: ['num_times'] } }],
    output: [['repeat', '{"times": "num_times"}']],
    bfcl: true,
    lenientDiffers: true,
  },
];

function importProbe(probe: Probe, index: number) {
  const id = probe.category ?? (probe.truth.length > 1 ? `parallel_${index}` : `simple_${index}`);
  // lossless-json writes float(...) values as written (10.0), as BFCL's files hold them.
  const line =
    stringify({
      id,
      question: [[{ role: 'user', content: probe.name }]],
      function: probe.functions,
      ground_truth: probe.truth,
    }) ?? '';
  const parsed = parseDatasetText(line, 'bfcl');
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return parsed.cases[0];
}

function recordOf(output: [string, string][]): { modelCalls: ModelCallRecord[] } {
  const toolCalls = output.map(([name, args], index) => ({
    id: `call_${index}`,
    type: 'function',
    function: { name, arguments: args },
  }));
  const parsedCalls = output.map(([name, args]) => ({ name, ...readArguments(args) }));
  return {
    modelCalls: [
      {
        turn: 1,
        messagePositions: [0, 1],
        requestParams: { model: 'm', toolsSent: true },
        status: 'ok',
        response: { choices: [{ message: { role: 'assistant', content: null, tool_calls: toolCalls } }] },
        error: null,
        attempts: 1,
        latencyMs: 1,
        usage: null,
        parsePath: output.length > 0 ? 'tool_calls' : 'empty',
        parsedCalls,
        calls: [],
        allValid: false,
        startedAt: 0,
      },
    ],
  };
}

describe('bfcl scoring agrees with BFCL’s AST checker on the probe set', () => {
  const results = probes.map((probe, index) => {
    const datasetCase = importProbe(probe, index);
    const schemas = toolSchemas(datasetCase.tools ?? []);
    const expectation = datasetCase.expect;
    if (!expectation) throw new Error('no expectation');
    const record = recordOf(probe.output);
    return {
      probe,
      strict: scoreConversationBfcl(record, expectation, schemas),
      lenient: scoreConversation(record, expectation, schemas),
    };
  });

  it.each(results.map((result) => [result.probe.name, result] as const))('%s', (_name, { probe, strict }) => {
    expect(strict.scoring).toBe('bfcl');
    if (probe.bfcl === true)
      expect({ correct: strict.correct, error: strict.bfclErrorType }).toEqual({ correct: true, error: null });
    else
      expect({ correct: strict.correct, error: strict.bfclErrorType }).toEqual({ correct: false, error: probe.bfcl });
  });

  it('differs from the lenient scorer on exactly the ten marked probes', () => {
    const differing = results
      .filter((result) => result.strict.correct !== result.lenient.correct)
      .map((result) => result.probe.name);
    expect(differing).toEqual(probes.filter((probe) => probe.lenientDiffers).map((probe) => probe.name));
    expect(differing).toHaveLength(10);
  });
});

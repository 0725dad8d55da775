// The probe set: BFCL-style functions and model outputs, each with the outcome BFCL's AST checker
// gives it, worked out from the checker's published rules (see probe-set.test.ts).
import { LosslessNumber } from 'lossless-json';

/** A float in a BFCL file (10.0 stays 10.0). */
const float = (text: string) => new LosslessNumber(text);

export type Probe = {
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

const note = fn('save', { text: { type: 'string' }, note: { type: 'string' } }, ['text']);

const repeat = fn('repeat', { times: { type: 'integer' } }, ['times']);

const pick = fn('pick', { n: { type: 'integer' } }, ['n']);

const book = fn(
  'book',
  { options: { type: 'dict', properties: { seat: { type: 'string' }, meal: { type: 'string' } } } },
  ['options'],
);

const toggle = fn('toggle', { on: { type: 'boolean' } }, ['on']);

export const probes: Probe[] = [
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

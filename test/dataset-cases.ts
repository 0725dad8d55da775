// The cases of the dataset tests (datasets-cli.test.ts): each one with
// what the truth server replies to it and whether that reply is right, so that every accuracy and
// verdict the harness reports can be checked against the truth.
import { pythonJsonDumps } from '../lib/parsing/python-json';

export type Reply = Record<string, unknown> | 'fail';
export type Case = {
  key: string;
  messages: unknown[];
  reply: Reply;
  correct: boolean | null;
  nameCorrect: boolean | null;
};

const user = (content: string) => ({ role: 'user', content });
const earlier = (name: string, args: Record<string, unknown>) => ({
  role: 'assistant',
  content: '',
  tool_calls: [{ type: 'function', function: { name, arguments: args } }],
});
const calls = (...made: [string, Record<string, unknown> | string][]) => ({
  content: null,
  tool_calls: made.map(([name, args], index) => ({
    id: `chatcmpl-tool-${index}`,
    type: 'function',
    function: { name, arguments: typeof args === 'string' ? args : JSON.stringify(args) },
  })),
});
const text = (content: string) => ({ content });

// distil-labs cases: the answer, then what the server replies and whether that is right.
export const distilCases: (Case & { answer: { name: string; parameters: Record<string, unknown> } })[] = [
  {
    key: 'line-1',
    messages: [user('Turn on the living room lights')],
    answer: { name: 'toggle_lights', parameters: { room: 'living_room', state: 'on' } },
    reply: calls(['toggle_lights', { state: 'on', room: 'living_room' }]),
    correct: true,
    nameCorrect: true,
  },
  {
    key: 'line-2',
    messages: [user('Lock the back door')],
    answer: { name: 'lock_door', parameters: { door: 'back', state: 'lock' } },
    reply: text('{"name": "lock_door", "arguments": {"door": "back", "state": "lock"}}'),
    correct: true,
    nameCorrect: true,
  },
  {
    key: 'line-3',
    messages: [user('Set the heat to 71')],
    answer: { name: 'set_thermostat', parameters: { temperature: 71, mode: 'heat' } },
    reply: calls(['set_thermostat', { temperature: 71 }]),
    correct: false,
    nameCorrect: true,
  },
  {
    key: 'line-4',
    messages: [user('Lock all the doors')],
    answer: { name: 'lock_door', parameters: { state: 'lock' } },
    reply: calls(['lock_door', { door: 'front', state: 'lock' }]),
    correct: false,
    nameCorrect: true,
  },
  {
    key: 'line-5',
    messages: [user('Is the garage locked?')],
    answer: { name: 'get_device_status', parameters: { device_type: 'door', room: 'garage' } },
    reply: calls(['toggle_lights', { room: 'kitchen', state: 'on' }]),
    correct: false,
    nameCorrect: false,
  },
  {
    key: 'line-6',
    messages: [user('Order me a pizza')],
    answer: { name: 'intent_unclear', parameters: { reason: 'off_topic' } },
    reply: text('Sorry, I cannot order food.'),
    correct: false,
    nameCorrect: false,
  },
  {
    key: 'line-7',
    messages: [
      user('Turn on the bedroom lights'),
      earlier('toggle_lights', { room: 'bedroom', state: 'on' }),
      user('And the kitchen too'),
    ],
    answer: { name: 'toggle_lights', parameters: { room: 'kitchen', state: 'on' } },
    reply: calls(['toggle_lights', { room: 'kitchen', state: 'on' }]),
    correct: true,
    nameCorrect: true,
  },
  {
    key: 'line-8',
    messages: [user('Set the thermostat to 74'), earlier('set_thermostat', { temperature: 74 }), user('Make it 70')],
    answer: { name: 'set_thermostat', parameters: { temperature: 70 } },
    reply: calls(['set_thermostat', { temperature: '70' }]),
    correct: false,
    nameCorrect: true,
  },
  {
    key: 'line-9',
    messages: [user('Thermostat to 72 please')],
    answer: { name: 'set_thermostat', parameters: { temperature: 72 } },
    reply: calls(['set_thermostat', '{"temperature": 72.0}']),
    correct: true,
    nameCorrect: true,
  },
  {
    key: 'line-10',
    messages: [user('Start the party')],
    answer: { name: 'set_scene', parameters: { scene: 'party' } },
    reply: text('<start_function_call>call:set_scene{scene:<escape>party<escape>}<end_function_call>'),
    correct: true,
    nameCorrect: true,
  },
  {
    key: 'line-11',
    messages: [user('Turn off the office lights')],
    answer: { name: 'toggle_lights', parameters: { room: 'office', state: 'off' } },
    reply: calls(
      ['toggle_lights', { room: 'office', state: 'off' }],
      ['toggle_lights', { room: 'hallway', state: 'off' }],
    ),
    correct: false,
    nameCorrect: false,
  },
  // The server fails this one every time: no response, so it counts in no rate.
  {
    key: 'line-12',
    messages: [user('Unlock the side door')],
    answer: { name: 'lock_door', parameters: { door: 'side', state: 'unlock' } },
    reply: 'fail',
    correct: null,
    nameCorrect: null,
  },
];

// The project's own format: parallel calls, an optional argument, and irrelevant requests.
export const remoraCases: (Case & { expect: unknown })[] = [
  {
    key: 'parallel-reordered',
    messages: [user('Turn off the kitchen and the bedroom lights')],
    expect: {
      kind: 'call',
      calls: [
        { name: 'toggle_lights', arguments: { room: ['kitchen'], state: ['off'] } },
        { name: 'toggle_lights', arguments: { room: ['bedroom'], state: ['off'] } },
      ],
    },
    reply: calls(
      ['toggle_lights', { room: 'bedroom', state: 'off' }],
      ['toggle_lights', { room: 'kitchen', state: 'off' }],
    ),
    correct: true,
    nameCorrect: true,
  },
  {
    key: 'parallel-one-missing',
    messages: [user('Lock the front and back doors')],
    expect: {
      kind: 'call',
      calls: [
        { name: 'lock_door', arguments: { door: ['front'], state: ['lock'] } },
        { name: 'lock_door', arguments: { door: ['back'], state: ['lock'] } },
      ],
    },
    reply: calls(['lock_door', { door: 'front', state: 'lock' }]),
    correct: false,
    nameCorrect: false,
  },
  {
    key: 'optional-absent',
    messages: [user('Heat to 68')],
    expect: {
      kind: 'call',
      calls: [{ name: 'set_thermostat', arguments: { temperature: [68], mode: ['heat'] }, optional: ['mode'] }],
    },
    reply: calls(['set_thermostat', { temperature: 68 }]),
    correct: true,
    nameCorrect: true,
  },
  {
    key: 'irrelevant-quiet',
    messages: [user('Thanks, that is all')],
    expect: { kind: 'no_call' },
    reply: text('You are welcome.'),
    correct: true,
    nameCorrect: null,
  },
  {
    key: 'irrelevant-called',
    messages: [user('What a lovely day')],
    expect: { kind: 'no_call' },
    reply: calls(['get_device_status', { device_type: 'all' }]),
    correct: false,
    nameCorrect: null,
  },
];

/** The distil-labs cases as a JSONL file holds them. */
export const distilText = distilCases
  .map(
    (entry) =>
      `${pythonJsonDumps({ question: pythonJsonDumps(entry.messages), answer: pythonJsonDumps(entry.answer) })}\n`,
  )
  .join('');

/** The project's own cases as a JSONL file holds them. */
export const remoraText = remoraCases
  .map((entry) => `${JSON.stringify({ id: entry.key, input: { messages: entry.messages }, expect: entry.expect })}\n`)
  .join('');

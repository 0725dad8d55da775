// The example exchange from spec/functiongemma.md, as OpenAI messages and as the model's template
// renders it. Shared by the encoder, renderer and command tests.
import type { ChatMessage, ToolSpec } from '../../protocol/messages';

export const WEATHER_TOOL: ToolSpec = {
  type: 'function',
  function: {
    name: 'get_current_weather',
    description: 'Gets the current weather in a given location.',
    parameters: {
      type: 'object',
      properties: {
        location: { type: 'string', description: 'The city and state' },
        unit: { type: 'string', description: 'The unit', enum: ['celsius', 'fahrenheit'] },
      },
      required: ['location'],
    },
  },
};

export const EXAMPLE_MESSAGES: ChatMessage[] = [
  { role: 'system', content: 'You are a model that can do function calling with the following functions' },
  { role: 'user', content: "Hey, what's the weather in Tokyo right now?" },
  {
    role: 'assistant',
    content: null,
    tool_calls: [
      {
        id: 'call_1',
        type: 'function',
        function: { name: 'get_current_weather', arguments: '{"location": "Tokyo, Japan"}' },
      },
    ],
  },
  {
    role: 'tool',
    tool_call_id: 'call_1',
    name: 'get_current_weather',
    content: '{"temperature": 15, "weather": "sunny"}',
  },
  { role: 'assistant', content: 'The current weather in Tokyo is sunny with a temperature of 15 degrees Celsius.' },
];

export const EXAMPLE_DECLARATION =
  '<start_function_declaration>declaration:get_current_weather{' +
  'description:<escape>Gets the current weather in a given location.<escape>,' +
  'parameters:{properties:{location:{description:<escape>The city and state<escape>,type:<escape>STRING<escape>},' +
  'unit:{description:<escape>The unit<escape>,enum:[<escape>celsius<escape>,<escape>fahrenheit<escape>],' +
  'type:<escape>STRING<escape>}},required:[<escape>location<escape>],type:<escape>OBJECT<escape>}}' +
  '<end_function_declaration>';

export const EXAMPLE_CALL =
  '<start_function_call>call:get_current_weather{location:<escape>Tokyo, Japan<escape>}<end_function_call>';

export const EXAMPLE_RESPONSE =
  '<start_function_response>response:get_current_weather{temperature:15,weather:<escape>sunny<escape>}' +
  '<end_function_response>';

/** The exchange exactly as spec/functiongemma.md shows it, one line per turn. */
export const EXAMPLE_PROMPT =
  '<bos><start_of_turn>developer\n' +
  'You are a model that can do function calling with the following functions' +
  EXAMPLE_DECLARATION +
  '<end_of_turn>\n' +
  '<start_of_turn>user\n' +
  "Hey, what's the weather in Tokyo right now?<end_of_turn>\n" +
  '<start_of_turn>model\n' +
  EXAMPLE_CALL +
  EXAMPLE_RESPONSE +
  'The current weather in Tokyo is sunny with a temperature of 15 degrees Celsius.<end_of_turn>\n';

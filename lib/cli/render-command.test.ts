import { describe, expect, it } from 'vitest';
import { runRenderCommand } from './render-command';
import { EXAMPLE_PROMPT, WEATHER_TOOL } from '../families/functiongemma/example-exchange';

const exampleInput = {
  messages: [
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
    // No name: it is found from tool_call_id, as OpenAI clients do not send one.
    { role: 'tool', tool_call_id: 'call_1', content: '{"temperature": 15, "weather": "sunny"}' },
    {
      role: 'assistant',
      content: [
        { type: 'text', text: 'The current weather in Tokyo is sunny with a temperature of 15 degrees Celsius.' },
      ],
    },
  ],
  tools: [WEATHER_TOOL],
  add_generation_prompt: false,
};

describe('runRenderCommand', () => {
  it('prints the native prompt for an OpenAI request body', () => {
    const output = runRenderCommand(JSON.stringify(exampleInput));
    expect(output.exitCode).toBe(0);
    expect(output.stdout).toBe(EXAMPLE_PROMPT);
    expect(output.stderr).toMatch(/^estimated tokens: \d+/);
  });

  it('accepts the developer role and arguments given as an object', () => {
    const output = runRenderCommand(
      JSON.stringify({
        messages: [
          { role: 'developer', content: 'Rules' },
          { role: 'user', content: 'Go' },
          { role: 'assistant', tool_calls: [{ function: { name: 'f', arguments: { b: 2, a: 'x' } } }] },
          { role: 'tool', content: 'ok' },
        ],
      }),
    );
    expect(output.exitCode).toBe(0);
    expect(output.stdout).toBe(
      '<bos><start_of_turn>developer\nRules<end_of_turn>\n' +
        '<start_of_turn>user\nGo<end_of_turn>\n<start_of_turn>model\n' +
        '<start_function_call>call:f{a:<escape>x<escape>,b:2}<end_function_call>' +
        '<start_function_response>response:f{value:<escape>ok<escape>}<end_function_response>',
    );
  });

  it("adds a generation prompt only when the last turn is not the model's, unless told", () => {
    const { add_generation_prompt: _, ...finished } = exampleInput;
    // The conversation ends with the model's final answer: nothing to prompt.
    expect(runRenderCommand(JSON.stringify(finished)).stdout).toBe(EXAMPLE_PROMPT);
    const asking = { messages: [{ role: 'user', content: 'Hi' }] };
    expect(runRenderCommand(JSON.stringify(asking)).stdout).toBe(
      '<bos><start_of_turn>user\nHi<end_of_turn>\n<start_of_turn>model\n',
    );
    // After a call with no result yet the model's turn is open: explicit only.
    const calling = {
      messages: [...asking.messages, { role: 'assistant', tool_calls: [{ function: { name: 'f', arguments: '{}' } }] }],
    };
    expect(runRenderCommand(JSON.stringify(calling)).stdout).toMatch(/<end_function_call>$/);
    expect(runRenderCommand(JSON.stringify(calling), { generationPrompt: true }).stdout).toMatch(
      /<end_function_call><start_function_response>$/,
    );
    // The flags decide over the default and over the input's own add_generation_prompt.
    expect(runRenderCommand(JSON.stringify(finished), { generationPrompt: true }).stdout).toBe(
      `${EXAMPLE_PROMPT}<start_of_turn>model\n`,
    );
    expect(runRenderCommand(JSON.stringify(asking), { generationPrompt: false }).stdout).toBe(
      '<bos><start_of_turn>user\nHi<end_of_turn>\n',
    );
    expect(
      runRenderCommand(JSON.stringify({ ...asking, add_generation_prompt: false }), { generationPrompt: true }).stdout,
    ).toMatch(/<start_of_turn>model\n$/);
    expect(runRenderCommand(JSON.stringify({ ...asking, add_generation_prompt: false })).stdout).toMatch(
      /<end_of_turn>\n$/,
    );
  });

  it('exits 2 with a clear message on invalid JSON', () => {
    const output = runRenderCommand('{"messages": [');
    expect(output.exitCode).toBe(2);
    expect(output.stdout).toBe('');
    expect(output.stderr).toContain('not valid JSON');
  });

  it('exits 2 naming the problem when the shape is wrong', () => {
    const output = runRenderCommand(JSON.stringify({ messages: [{ role: 'wizard', content: 'x' }] }));
    expect(output.exitCode).toBe(2);
    expect(output.stderr).toContain('messages.0.role');
    const empty = runRenderCommand(JSON.stringify({ messages: [] }));
    expect(empty.exitCode).toBe(2);
    expect(empty.stderr).toContain('at least one message');
  });

  it('exits 2 on empty input', () => {
    const output = runRenderCommand('  \n');
    expect(output.exitCode).toBe(2);
    expect(output.stderr).toContain('no input');
  });
});

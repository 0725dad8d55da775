import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../protocol/messages';
import { countTokensEstimate, FUNCTION_CALLING_LINE, renderPrompt } from './render';
import { EXAMPLE_DECLARATION, EXAMPLE_MESSAGES, EXAMPLE_PROMPT, WEATHER_TOOL } from './example-exchange';

const user = (content: string): ChatMessage => ({ role: 'user', content });

describe('renderPrompt', () => {
  it('renders the example exchange byte for byte', () => {
    expect(renderPrompt({ messages: EXAMPLE_MESSAGES, tools: [WEATHER_TOOL] }, { addGenerationPrompt: false })).toBe(
      EXAMPLE_PROMPT,
    );
  });

  it('adds the function-calling line itself when there is no system message', () => {
    const withoutSystem = EXAMPLE_MESSAGES.slice(1);
    expect(renderPrompt({ messages: withoutSystem, tools: [WEATHER_TOOL] }, { addGenerationPrompt: false })).toBe(
      EXAMPLE_PROMPT,
    );
  });

  it('puts the system text first and the function-calling line directly before the declarations', () => {
    const prompt = renderPrompt({
      messages: [{ role: 'system', content: '  You fix lint.  ' }, user('Go')],
      tools: [WEATHER_TOOL],
    });
    expect(prompt).toBe(
      '<bos><start_of_turn>developer\nYou fix lint.\n\n' +
        FUNCTION_CALLING_LINE +
        EXAMPLE_DECLARATION +
        '<end_of_turn>\n<start_of_turn>user\nGo<end_of_turn>\n<start_of_turn>model\n',
    );
  });

  it('does not repeat the line when the system text holds it, and can leave it out', () => {
    const system = `${FUNCTION_CALLING_LINE}. Always call a tool.`;
    const prompt = renderPrompt({ messages: [{ role: 'system', content: system }, user('Go')], tools: [WEATHER_TOOL] });
    expect(prompt.split(FUNCTION_CALLING_LINE)).toHaveLength(2);
    expect(prompt).toContain(`Always call a tool.${EXAMPLE_DECLARATION}`);
    const bare = renderPrompt(
      { messages: [{ role: 'system', content: 'Be brief.' }, user('Go')], tools: [WEATHER_TOOL] },
      { functionCallingLine: 'never' },
    );
    expect(bare).toContain(`developer\nBe brief.${EXAMPLE_DECLARATION}`);
  });

  it('writes no developer turn without tools or system text, and a plain one with system text only', () => {
    expect(renderPrompt({ messages: [user('Hi')] })).toBe(
      '<bos><start_of_turn>user\nHi<end_of_turn>\n<start_of_turn>model\n',
    );
    expect(renderPrompt({ messages: [{ role: 'system', content: 'Rules' }, user('Hi')] }, { bos: false })).toBe(
      '<start_of_turn>developer\nRules<end_of_turn>\n<start_of_turn>user\nHi<end_of_turn>\n<start_of_turn>model\n',
    );
  });

  it('lets the model continue its own turn after tool results (no new turn is opened)', () => {
    const messages = EXAMPLE_MESSAGES.slice(0, 4);
    const prompt = renderPrompt({ messages, tools: [WEATHER_TOOL] });
    expect(prompt.endsWith('<end_function_response>')).toBe(true);
    expect(prompt.match(/<start_of_turn>model/g)).toHaveLength(1);
  });

  it('keeps several calls and their results in one model turn, then continues it', () => {
    const messages: ChatMessage[] = [
      user('Weather in Paris and Rome?'),
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'a', type: 'function', function: { name: 'get_current_weather', arguments: '{"location":"Paris"}' } },
          { id: 'b', type: 'function', function: { name: 'get_current_weather', arguments: '{"location":"Rome"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'a', name: 'get_current_weather', content: 'rain' },
      { role: 'tool', tool_call_id: 'b', name: 'get_current_weather', content: '{"weather":"sun"}' },
      {
        role: 'assistant',
        content: 'Checking units.',
        tool_calls: [
          {
            id: 'c',
            type: 'function',
            function: { name: 'get_current_weather', arguments: '{"location":"Rome","unit":"celsius"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'c', name: 'get_current_weather', content: '{"weather":"sun","temperature":21}' },
    ];
    const prompt = renderPrompt({ messages, tools: [] });
    expect(prompt).toBe(
      '<bos><start_of_turn>user\nWeather in Paris and Rome?<end_of_turn>\n<start_of_turn>model\n' +
        '<start_function_call>call:get_current_weather{location:<escape>Paris<escape>}<end_function_call>' +
        '<start_function_call>call:get_current_weather{location:<escape>Rome<escape>}<end_function_call>' +
        '<start_function_response>response:get_current_weather{value:<escape>rain<escape>}<end_function_response>' +
        '<start_function_response>response:get_current_weather{weather:<escape>sun<escape>}<end_function_response>' +
        'Checking units.' +
        '<start_function_call>call:get_current_weather{location:<escape>Rome<escape>,unit:<escape>celsius<escape>}' +
        '<end_function_call>' +
        '<start_function_response>response:get_current_weather{temperature:21,weather:<escape>sun<escape>}' +
        '<end_function_response>',
    );
  });

  it('closes the model turn before a user message that follows tool results', () => {
    const messages: ChatMessage[] = [...EXAMPLE_MESSAGES.slice(1, 4), user('And in Osaka?')];
    const prompt = renderPrompt({ messages, tools: [WEATHER_TOOL] });
    expect(prompt).toContain(
      '<end_function_response><end_of_turn>\n<start_of_turn>user\nAnd in Osaka?<end_of_turn>\n<start_of_turn>model\n',
    );
  });

  it('closes a call that got no result (distil-style history) and opens the next turn normally', () => {
    const messages: ChatMessage[] = [
      user('Lock the doors'),
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'x', type: 'function', function: { name: 'lock_door', arguments: '{"state":"lock"}' } }],
      },
      user('Now the lights'),
    ];
    const prompt = renderPrompt({ messages });
    expect(prompt).toBe(
      '<bos><start_of_turn>user\nLock the doors<end_of_turn>\n<start_of_turn>model\n' +
        '<start_function_call>call:lock_door{state:<escape>lock<escape>}<end_function_call><end_of_turn>\n' +
        '<start_of_turn>user\nNow the lights<end_of_turn>\n<start_of_turn>model\n',
    );
  });

  it('opens a function response after a trailing call, as the template does', () => {
    const messages: ChatMessage[] = [
      user('Lock'),
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'x', type: 'function', function: { name: 'lock_door', arguments: '' } }],
      },
    ];
    expect(renderPrompt({ messages })).toMatch(/call:lock_door\{\}<end_function_call><start_function_response>$/);
  });

  it('writes arguments that are not a JSON object as they came', () => {
    const messages: ChatMessage[] = [
      user('x'),
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'x', type: 'function', function: { name: 'f', arguments: 'not json' } }],
      },
    ];
    expect(renderPrompt({ messages }, { addGenerationPrompt: false })).toContain(
      '<start_function_call>call:f{not json}<end_function_call>',
    );
  });
});

describe('countTokensEstimate', () => {
  it('counts control tokens as one and other text at about four characters a token', () => {
    expect(countTokensEstimate('')).toBe(0);
    expect(countTokensEstimate('<bos>')).toBe(1);
    expect(countTokensEstimate('abcd')).toBe(1);
    expect(countTokensEstimate('abcde')).toBe(2);
    expect(countTokensEstimate('<start_of_turn>user\nHi<end_of_turn>')).toBe(1 + 2 + 1);
    expect(countTokensEstimate('<escape>a<escape>')).toBe(3);
  });

  it('grows with the prompt', () => {
    const short = countTokensEstimate(renderPrompt({ messages: [user('Hi')] }));
    const long = countTokensEstimate(EXAMPLE_PROMPT);
    expect(long).toBeGreaterThan(short);
    expect(long).toBeGreaterThan(80);
  });
});

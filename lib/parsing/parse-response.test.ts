import { describe, expect, it } from 'vitest';
import { parseResponse } from './parse-response';

const START = '<start_function_call>';
const END = '<end_function_call>';

function structured(name: string, args: unknown, id?: string) {
  return { ...(id === undefined ? {} : { id }), type: 'function', function: { name, arguments: args } };
}

describe('stage 2 on tool_calls', () => {
  it.each([
    ['a JSON string', '{"a": 1}', { a: 1 }],
    ['an object', { a: 1 }, { a: 1 }],
    ['an empty string', '', {}],
    ['whitespace', '  ', {}],
    ['null', null, {}],
    ['missing', undefined, {}],
    ['a doubly encoded string', JSON.stringify(JSON.stringify({ a: 1 })), { a: 1 }],
  ])('reads arguments given as %s', (_label, args, expected) => {
    const result = parseResponse({ role: 'assistant', content: null, tool_calls: [structured('f', args, 'call_1')] });
    expect(result).toEqual({
      path: 'tool_calls',
      calls: [{ name: 'f', arguments: expected, id: 'call_1' }],
      error: null,
      text: '',
    });
  });

  it.each([
    ['bad JSON', '{"a": ', 'not valid JSON'],
    ['a JSON array', '[1]', 'got an array'],
    ['a JSON number', '3', 'got a number'],
    ['a number', 3, 'got a number'],
    ['an array', [1], 'got an array'],
  ])('keeps the call with {} and an error when arguments are %s', (_label, args, expected) => {
    const result = parseResponse({ role: 'assistant', content: null, tool_calls: [structured('f', args)] });
    expect(result.path).toBe('tool_calls');
    expect(result.calls).toHaveLength(1);
    expect(result.calls[0].arguments).toEqual({});
    expect(result.calls[0].argumentsError).toContain(expected);
  });

  it('keeps ids only when they are non-empty strings', () => {
    const result = parseResponse({
      content: null,
      tool_calls: [
        structured('a', '{}', 'call_a'),
        structured('b', '{}', ''),
        { id: 7, function: { name: 'c', arguments: '{}' } },
      ],
    });
    expect(result.calls.map((call) => call.id)).toEqual(['call_a', undefined, undefined]);
  });

  it('trims function names and drops entries without one', () => {
    const result = parseResponse({
      content: null,
      tool_calls: [
        structured('  f  ', '{}'),
        structured('', '{}'),
        { function: { name: 5 } },
        'junk',
        null,
        { type: 'function' },
      ],
    });
    expect(result.calls).toEqual([{ name: 'f', arguments: {} }]);
  });

  it('reads a single tool call object that is not wrapped in a list', () => {
    expect(parseResponse({ content: null, tool_calls: structured('f', '{}') }).calls).toEqual([
      { name: 'f', arguments: {} },
    ]);
  });

  it('keeps the content as text next to the calls', () => {
    expect(parseResponse({ content: '  Checking.\n', tool_calls: [structured('f', '{}')] }).text).toBe('Checking.');
  });

  it('does not change the message it reads', () => {
    const message = { role: 'assistant', content: 'x', tool_calls: [structured('f', { a: '1' }, 'id')] };
    const copy = structuredClone(message);
    parseResponse(message);
    parseResponse(message, 'content-first');
    expect(message).toEqual(copy);
  });
});

describe('stage 1: preference and fallback', () => {
  const callInContent = '{"name": "from_content", "arguments": {}}';
  const both = { content: callInContent, tool_calls: [structured('from_tool_calls', '{}')] };

  it('takes tool_calls first by default', () => {
    expect(parseResponse(both).calls[0].name).toBe('from_tool_calls');
    expect(parseResponse(both, 'tool_calls-first').path).toBe('tool_calls');
  });

  it('takes content first when asked', () => {
    const result = parseResponse(both, 'content-first');
    expect(result.path).toBe('json_name_arguments');
    expect(result.calls[0].name).toBe('from_content');
  });

  it('falls back to content when there are no tool_calls', () => {
    for (const toolCalls of [undefined, null, [], [{ function: { arguments: '{}' } }]]) {
      expect(parseResponse({ content: callInContent, tool_calls: toolCalls }).path).toBe('json_name_arguments');
    }
  });

  it('falls back to tool_calls when the content holds no call (text, malformed or empty)', () => {
    for (const content of ['Sure.', '{"broken": ', `${START}{}${END}`, '', null]) {
      const result = parseResponse({ content, tool_calls: [structured('f', '{}')] }, 'content-first');
      expect(result.path).toBe('tool_calls');
      expect(result.error).toBeNull();
    }
  });

  it('reports the content path when neither source holds a call', () => {
    expect(parseResponse({ content: 'Sure.' }, 'content-first')).toEqual({
      path: 'text',
      calls: [],
      error: null,
      text: 'Sure.',
    });
    expect(parseResponse({ content: '{"broken": ' }, 'content-first').path).toBe('malformed');
    expect(parseResponse({}, 'content-first').path).toBe('empty');
  });
});

describe('stage 2 on content', () => {
  const parseContent = (content: unknown) => parseResponse({ role: 'assistant', content });

  it.each([
    ['```json\n{"name": "f", "arguments": {}}\n```'],
    ['```JSON  \n{"name": "f", "arguments": {}}```'],
    ['```{"name": "f", "arguments": {}}```'],
    ['\n\n```\n{"name": "f", "arguments": {}}\n```\n'],
  ])('strips one code fence around the whole content: %j', (content) => {
    expect(parseContent(content)).toEqual({
      path: 'json_name_arguments',
      calls: [{ name: 'f', arguments: {} }],
      error: null,
      text: '',
    });
  });

  it('does not strip two fences as if they were one', () => {
    const content = '```json\n{"name": "f", "arguments": {}}\n```\nand\n```json\n{"name": "g", "arguments": {}}\n```';
    expect(parseContent(content)).toEqual({ path: 'text', calls: [], error: null, text: content });
  });

  it('drops control tokens left at the end of a text answer', () => {
    expect(parseContent('Done. <end_of_turn>\n<eos>').text).toBe('Done.');
    expect(parseContent('<eos><end_of_turn>').path).toBe('empty');
    expect(parseContent('Keep <eos> inside.').text).toBe('Keep <eos> inside.');
  });

  it('reads a native block inside a fence', () => {
    expect(parseContent(`\`\`\`\n${START}call:f{a:1}${END}\n\`\`\``).calls).toEqual([
      { name: 'f', arguments: { a: 1 } },
    ]);
  });

  it('reads the single-call shapes and keeps a JSON call id', () => {
    expect(parseContent('{"name": "f"}')).toMatchObject({
      path: 'json_name_arguments',
      calls: [{ name: 'f', arguments: {} }],
    });
    expect(parseContent('{"name": "f", "arguments": {"a": 1}, "parameters": {"b": 2}}').calls[0].arguments).toEqual({
      a: 1,
    });
    expect(parseContent('{"tool_call": {"name": "f", "arguments": {"a": 1}}}')).toMatchObject({
      path: 'json_tool_calls',
      calls: [{ name: 'f' }],
    });
    expect(parseContent('{"type": "function", "function": {"name": "f", "arguments": "{}"}}')).toMatchObject({
      path: 'json_tool_calls',
    });
    expect(
      parseContent('{"tool_calls": [{"id": "call_9", "function": {"name": "f", "arguments": "{}"}}]}').calls[0].id,
    ).toBe('call_9');
  });

  it('drops array entries without a name and keeps the others', () => {
    const result = parseContent('[{"parameters": {}}, 5, {"name": "f", "arguments": {"a": 1}}]');
    expect(result).toEqual({ path: 'json_array', calls: [{ name: 'f', arguments: { a: 1 } }], error: null, text: '' });
  });

  it.each([
    ['{"name": "f", "location": "Tokyo"}', 'neither "arguments" nor "parameters"'],
    ['{"name": 3, "arguments": {}}', '"name" in the JSON content must be a non-empty string'],
    ['{"tool_calls": "f"}', 'not an array'],
    ['{"tool_calls": []}', 'is empty'],
    ['[{"arguments": {}}]', 'has no entry with a function name'],
    ['[1] See the docs', 'not valid JSON'],
    ['{}', 'not a call'],
  ])('calls %j malformed and says why', (content, expected) => {
    const result = parseContent(content);
    expect(result.path).toBe('malformed');
    expect(result.calls).toEqual([]);
    expect(result.text).toBe('');
    expect(result.error).toContain(expected);
  });

  it('reads a native block after text that looks like JSON', () => {
    const result = parseContent(`{"thinking": 1} ${START}call:f{}${END}`);
    expect(result).toEqual({
      path: 'functiongemma_tags',
      calls: [{ name: 'f', arguments: {} }],
      error: null,
      text: '{"thinking": 1}',
    });
  });

  it('reads call:NAME{...} without tags, keeping the text before it', () => {
    expect(parseContent('I will do it.\ncall:f{a:<escape>x<escape>}')).toEqual({
      path: 'functiongemma_tags',
      calls: [{ name: 'f', arguments: { a: 'x' } }],
      error: null,
      text: 'I will do it.',
    });
  });

  it('does not take a word ending in "call:" for a call', () => {
    expect(parseContent('recall:foo{a} is not a call').path).toBe('text');
  });

  it('is functiongemma_tags when one call is good, keeping the broken one flagged', () => {
    const result = parseContent(`${START}call:a{}${END}${START}call:b{x:<escape>cut`);
    expect(result.path).toBe('functiongemma_tags');
    expect(result.error).toBeNull();
    expect(result.calls.map((call) => [call.name, call.argumentsError === undefined])).toEqual([
      ['a', true],
      ['b', false],
    ]);
  });

  it('is malformed when every native call is broken', () => {
    const result = parseContent(`Trying.${START}call:b{x:<escape>cut`);
    expect(result.path).toBe('malformed');
    expect(result.error).toContain('the native call block cannot be parsed');
    expect(result.error).toContain('string value is closed');
  });

  it('reads text parts and odd content types without losing them', () => {
    expect(parseContent([{ type: 'text', text: 'Hello ' }, 'there', { type: 'image_url' }]).text).toBe('Hello there');
    expect(parseContent(42)).toMatchObject({ path: 'text', text: '42' });
    expect(parseContent({ name: 'f', arguments: {} }).path).toBe('json_name_arguments');
  });
});

describe('hostile input', () => {
  it('turns a message that throws when read into malformed', () => {
    const message = Object.defineProperty({}, 'content', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    expect(parseResponse(message)).toEqual({
      path: 'malformed',
      calls: [],
      error: 'the response could not be read: boom',
      text: '',
    });
  });

  it('survives cyclic and proxy objects', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(parseResponse({ content: cyclic }).path).toBe('malformed');
    const proxy = new Proxy(
      {},
      {
        get: () => {
          throw new Error('trap');
        },
        has: () => {
          throw new Error('trap');
        },
      },
    );
    expect(parseResponse(proxy).path).toBe('malformed');
    expect(parseResponse({ content: null, tool_calls: [proxy] }).path).toBe('malformed');
  });
});

import { describe, expect, it } from 'vitest';
import { callsFromRequiredArray, extractToolCallsLikeVllm } from './vllm-tool-parser';
import { pythonJsonDumps } from '../parsing/python-json';
import { encodeCall } from '../families/functiongemma/encode';

describe('extractToolCallsLikeVllm', () => {
  it('reads escaped string arguments and serializes them as Python does', () => {
    const result = extractToolCallsLikeVllm(
      '<start_function_call>call:get_current_weather{location:<escape>Tokyo, Japan<escape>}<end_function_call>',
    );
    expect(result).toEqual({
      toolsCalled: true,
      calls: [{ name: 'get_current_weather', arguments: '{"location": "Tokyo, Japan"}' }],
      content: null,
    });
  });

  it('drops bare numbers, booleans, arrays and objects, and flattens nested escaped keys', () => {
    const output = encodeCall('apply_fix', {
      code: 'E501',
      line: 12,
      check_only: true,
      files: ['a.py', 'b.py'],
      options: { mode: 'fast', level: 2 },
    });
    const [call] = extractToolCallsLikeVllm(output).calls;
    // Only `key:<escape>value<escape>` pairs survive; "mode" comes from inside the nested object.
    expect(call.arguments).toBe('{"code": "E501", "mode": "fast"}');
  });

  it('JSON-decodes escaped values, so "42" becomes a number and JSON arrays survive', () => {
    const output =
      '<start_function_call>call:f{count:<escape>42<escape>,flag:<escape>true<escape>,' +
      'items:<escape>["a", 1]<escape>,name:<escape>x<escape>}<end_function_call>';
    expect(extractToolCallsLikeVllm(output).calls[0].arguments).toBe(
      '{"count": 42, "flag": true, "items": ["a", 1], "name": "x"}',
    );
  });

  it('returns text before the first call as content and discards text after the calls', () => {
    const output =
      'Let me look. <start_function_call>call:a{}<end_function_call> trailing words ' +
      '<start_function_call>call:b{x:<escape>1<escape>}<end_function_call> more';
    const result = extractToolCallsLikeVllm(output);
    expect(result.content).toBe('Let me look.');
    expect(result.calls).toEqual([
      { name: 'a', arguments: '{}' },
      { name: 'b', arguments: '{"x": 1}' },
    ]);
  });

  it('reads a call left unterminated at the end of the output', () => {
    const result = extractToolCallsLikeVllm('<start_function_call>call:read_file{path:<escape>src/x.py<escape>');
    expect(result.calls).toEqual([{ name: 'read_file', arguments: '{"path": "src/x.py"}' }]);
  });

  it('returns the raw output, control tokens included, when nothing parses', () => {
    const broken = '<start_function_call>call:read-file{path:<escape>x<escape>}<end_function_call>';
    expect(extractToolCallsLikeVllm(broken)).toEqual({ toolsCalled: false, calls: [], content: broken });
    expect(extractToolCallsLikeVllm('<start_function_call>call:read_file')).toEqual({
      toolsCalled: false,
      calls: [],
      content: '<start_function_call>call:read_file',
    });
    expect(extractToolCallsLikeVllm('Just text.')).toEqual({ toolsCalled: false, calls: [], content: 'Just text.' });
    expect(extractToolCallsLikeVllm('')).toEqual({ toolsCalled: false, calls: [], content: '' });
  });

  it('keeps the first position and the last value of a repeated key, as a Python dict does', () => {
    const result = extractToolCallsLikeVllm(
      '<start_function_call>call:f{a:<escape>1<escape>,b:<escape>2<escape>,a:<escape>3<escape>}<end_function_call>',
    );
    expect(result.calls[0].arguments).toBe('{"a": 3, "b": 2}');
  });
});

describe('required mode and Python JSON', () => {
  it('re-serializes the parameters of each array entry', () => {
    expect(callsFromRequiredArray([{ name: 'f', parameters: { a: [1, { b: null }], c: 'é' } }])).toEqual([
      { name: 'f', arguments: '{"a": [1, {"b": null}], "c": "é"}' },
    ]);
  });

  it('writes separators as json.dumps does', () => {
    expect(pythonJsonDumps({ a: 1, b: [true, 'x\n'] })).toBe('{"a": 1, "b": [true, "x\\n"]}');
  });
});

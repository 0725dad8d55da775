import { describe, expect, it } from 'vitest';
import { decodeNativeCalls } from './native-decode';
import { decodeNativeValue } from './native-values';

const START = '<start_function_call>';
const END = '<end_function_call>';
const escaped = (text: string) => `<escape>${text}<escape>`;

describe('decodeNativeCalls: the native grammar', () => {
  it('reads one call with an escaped string', () => {
    const result = decodeNativeCalls(`${START}call:get_current_weather{location:${escaped('Tokyo, Japan')}}${END}`);
    expect(result).toEqual({
      calls: [{ name: 'get_current_weather', arguments: { location: 'Tokyo, Japan' } }],
      textBefore: '',
      error: null,
      found: true,
    });
  });

  it('keeps commas, braces, colons, brackets and newlines inside <escape> strings', () => {
    const docstring = 'Return {a: b}, [x].\n\nArgs:\n    a: value, or None}]';
    const result = decodeNativeCalls(`${START}call:write_docstring{docstring:${escaped(docstring)},line:3}${END}`);
    expect(result.calls).toEqual([{ name: 'write_docstring', arguments: { docstring, line: 3 } }]);
    expect(result.error).toBeNull();
  });

  it('reads bare numbers of every form, booleans and null with their types', () => {
    const result = decodeNativeCalls(
      `${START}call:f{a:12,b:-3,c:0.5,d:-1.5e3,e:2E-2,f:true,g:false,h:null,i:0,j:.5}${END}`,
    );
    expect(result.calls[0].arguments).toEqual({
      a: 12,
      b: -3,
      c: 0.5,
      d: -1500,
      e: 0.02,
      f: true,
      g: false,
      h: null,
      i: 0,
      j: 0.5,
    });
  });

  it('reads an escaped number as a string, unlike vLLM', () => {
    const result = decodeNativeCalls(`${START}call:f{payload:${escaped('42')}}${END}`);
    expect(result.calls[0].arguments).toEqual({ payload: '42' });
  });

  it('reads arrays and nested objects', () => {
    const text =
      `${START}call:f{files:[${escaped('a.py')},${escaped('b.py')}],matrix:[[1,2],[]],` +
      `config:{level:{deep:${escaped('x')}},empty:{}},none:[]}${END}`;
    expect(decodeNativeCalls(text).calls[0].arguments).toEqual({
      files: ['a.py', 'b.py'],
      matrix: [[1, 2], []],
      config: { level: { deep: 'x' }, empty: {} },
      none: [],
    });
  });

  it('allows whitespace and newlines between tokens and a trailing comma', () => {
    const text = `${START} call:f {\n  a : 1 ,\n  b : [ 1 , 2 , ] ,\n}\n${END}`;
    expect(decodeNativeCalls(text).calls).toEqual([{ name: 'f', arguments: { a: 1, b: [1, 2] } }]);
  });

  it('reads a call without arguments, with or without braces', () => {
    expect(decodeNativeCalls(`${START}call:read_current_file{}${END}`).calls).toEqual([
      { name: 'read_current_file', arguments: {} },
    ]);
    expect(decodeNativeCalls(`${START}call:read_current_file${END}`).calls).toEqual([
      { name: 'read_current_file', arguments: {} },
    ]);
  });

  it('accepts names and keys with "-" and "." and keys wrapped in <escape> or quotes', () => {
    const keys = `file-name:${escaped('a')},a.b:1,${escaped('key with spaces')}:2,"quoted":3`;
    const text = `${START}call:my-tool.v2{${keys}}${END}`;
    expect(decodeNativeCalls(text).calls).toEqual([
      { name: 'my-tool.v2', arguments: { 'file-name': 'a', 'a.b': 1, 'key with spaces': 2, quoted: 3 } },
    ]);
  });

  it('reads a bare word as a string (sloppy but unambiguous), trimmed', () => {
    const result = decodeNativeCalls(`${START}call:f{city: New York ,flag:yes,code:E501}${END}`);
    expect(result.calls[0].arguments).toEqual({ city: 'New York', flag: 'yes', code: 'E501' });
  });

  it('keeps bare integers with a leading zero and numbers too large for a double as strings', () => {
    const result = decodeNativeCalls(`${START}call:f{zip:007,big:1e999,zero:0,negative:-0.25}${END}`);
    expect(result.calls[0].arguments).toEqual({ zip: '007', big: '1e999', zero: 0, negative: -0.25 });
  });

  it('reads JSON-style quoted strings with escapes', () => {
    const result = decodeNativeCalls(`${START}call:f{a:"x, \\"y\\"}",b:"bad \\q escape"}${END}`);
    expect(result.calls[0].arguments).toEqual({ a: 'x, "y"}', b: 'bad \\q escape' });
  });

  it('stores a "__proto__" key as data without touching the prototype', () => {
    const result = decodeNativeCalls(`${START}call:f{__proto__:{polluted:true}}${END}`);
    const args = result.calls[0].arguments;
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype);
    expect(Object.keys(args)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('lets the last of two equal keys win', () => {
    expect(decodeNativeCalls(`${START}call:f{a:1,a:2}${END}`).calls[0].arguments).toEqual({ a: 2 });
  });
});

describe('decodeNativeCalls: several calls and what surrounds them', () => {
  it('reads several calls in a row, also back to back and separated by text', () => {
    const text = `${START}call:a{x:1}${END}${START}call:b{y:2}${END}\n then ${START}call:c{}${END}`;
    expect(decodeNativeCalls(text).calls.map((call) => call.name)).toEqual(['a', 'b', 'c']);
  });

  it('reads a second call that starts before the first one was ended', () => {
    const result = decodeNativeCalls(`${START}call:a{x:1}${START}call:b{y:2}${END}`);
    expect(result.calls).toEqual([
      { name: 'a', arguments: { x: 1 } },
      { name: 'b', arguments: { y: 2 } },
    ]);
    expect(result.error).toBeNull();
  });

  it('reads call:a{..}call:b{..} inside one block', () => {
    const result = decodeNativeCalls(`${START}call:a{x:1}call:b{y:2}${END}`);
    expect(result.calls).toEqual([
      { name: 'a', arguments: { x: 1 } },
      { name: 'b', arguments: { y: 2 } },
    ]);
  });

  it('returns the trimmed text before the first call', () => {
    const result = decodeNativeCalls(`  Let me look.\n${START}call:a{}${END}`);
    expect(result.textBefore).toBe('Let me look.');
  });

  it('ignores a hallucinated function response and everything after it', () => {
    const response = `<start_function_response>response:a{value:${escaped('x')}}<end_function_response>`;
    const text = `${START}call:a{}${END}${response}${START}call:b{}${END}`;
    expect(decodeNativeCalls(text).calls.map((call) => call.name)).toEqual(['a']);
  });

  it('treats <end_of_turn> as an end of the call and of the output', () => {
    const text = `${START}call:a{x:${escaped('v')}}<end_of_turn>${START}call:b{}${END}`;
    const result = decodeNativeCalls(text);
    expect(result.calls).toEqual([{ name: 'a', arguments: { x: 'v' } }]);
    expect(result.error).toBeNull();
  });

  it('discards text after the calls and stray end tags', () => {
    const result = decodeNativeCalls(`${START}call:a{}${END}${END} and done ${END}`);
    expect(result.calls).toEqual([{ name: 'a', arguments: {} }]);
    expect(result.error).toBeNull();
  });

  it('reports found=false and the whole text when there is no start tag', () => {
    expect(decodeNativeCalls('  just words {a:1} ')).toEqual({
      calls: [],
      textBefore: 'just words {a:1}',
      error: null,
      found: false,
    });
  });
});

describe('decodeNativeCalls: unterminated and broken calls', () => {
  it('accepts a call left unterminated at the end when its object is closed', () => {
    const result = decodeNativeCalls(`${START}call:submit_result{summary:${escaped('done')}}`);
    expect(result.calls).toEqual([{ name: 'submit_result', arguments: { summary: 'done' } }]);
    expect(result.error).toBeNull();
  });

  it('reports a call cut off inside a string, keeping the name with an arguments error', () => {
    const result = decodeNativeCalls(`${START}call:write_docstring{docstring:<escape>Compute the`);
    expect(result.calls).toEqual([
      {
        name: 'write_docstring',
        arguments: {},
        argumentsError: 'the output ends before a string value is closed with <escape>',
      },
    ]);
    expect(result.error).toContain('call 1 ("write_docstring")');
  });

  it.each([
    [`${START}call:f{a:1`, 'an object is closed'],
    [`${START}call:f{a:[1,2`, 'an array is closed'],
    [`${START}call:f{a:`, 'a value'],
    [`${START}call:f{a`, 'the value of "a"'],
    [`${START}call:f`, 'the arguments of "f"'],
    [`${START}call:`, 'a function name'],
  ])('reports truncation of %j', (text, expected) => {
    const result = decodeNativeCalls(text);
    expect(result.found).toBe(true);
    expect(result.error).toContain('the output ends before');
    expect(result.error).toContain(expected);
  });

  it('keeps the complete calls before a truncated one', () => {
    const result = decodeNativeCalls(`${START}call:a{x:1}${END}${START}call:b{y:[1,`);
    expect(result.calls[0]).toEqual({ name: 'a', arguments: { x: 1 } });
    expect(result.calls[1]).toMatchObject({ name: 'b', arguments: {} });
    expect(result.calls[1].argumentsError).toContain('an array is closed');
    expect(result.error).toContain('call 2 ("b")');
  });

  it('says which token came before the object was closed', () => {
    const result = decodeNativeCalls(`${START}call:f{a:1${END}`);
    expect(result.error).toContain('<end_function_call> comes before an object is closed');
  });

  it('does not let an unclosed string swallow the next call', () => {
    const result = decodeNativeCalls(`${START}call:a{x:<escape>oops${END}${START}call:b{y:1}${END}`);
    expect(result.calls[0].argumentsError).toBeDefined();
    expect(result.calls[1]).toEqual({ name: 'b', arguments: { y: 1 } });
  });

  it.each([
    [`${START}{a:1}${END}`, 'expected a function name'],
    [`${START}call:f(a=1)${END}`, 'expected "{" after the function name "f"'],
    [`${START}call:f{a 1}${END}`, 'expected ":" after the key "a"'],
    [`${START}call:f{a:<escape>x<escape> b:2}${END}`, 'expected "," or "}" after the value of "a"'],
    [`${START}call:f{:1}${END}`, 'expected a key'],
    [`${START}call:f{a:,b:1}${END}`, 'a value is missing'],
    [`${START}call:f{a:[<escape>x<escape> 2]}${END}`, 'expected "," or "]"'],
    [`${START}${END}`, '<end_function_call> comes before a function name'],
  ])('reports a syntax error in %j', (text, expected) => {
    const result = decodeNativeCalls(text);
    expect(result.error).toContain(expected);
    expect(result.calls.every((call) => call.argumentsError !== undefined)).toBe(true);
  });

  it('stops at an absurd nesting depth instead of overflowing the stack', () => {
    const result = decodeNativeCalls(`${START}call:f{a:${'['.repeat(100_000)}`);
    expect(result.error).toContain('nested more than');
  });
});

describe('decodeNativeValue', () => {
  it.each([
    ['<escape>hello, world<escape>', 'hello, world'],
    ['<escape><escape>', ''],
    ['<escape>42<escape>', '42'],
    ['42', 42],
    ['-1.5e-3', -0.0015],
    ['true', true],
    ['null', null],
    ['[]', []],
    ['{}', {}],
    ['  [1,<escape>a<escape>,{b:[true]}]  ', [1, 'a', { b: [true] }]],
    ['{k:{j:<escape>x<escape>}}', { k: { j: 'x' } }],
    ['<escape>has <end_function_call> inside<escape>', 'has <end_function_call> inside'],
  ])('decodes %j', (text, expected) => {
    expect(decodeNativeValue(text)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['', 'the output ends before a value'],
    ['<escape>open', 'string value is closed'],
    ['[1,2', 'an array is closed'],
    ['<escape>a<escape> b', 'unexpected text after the value'],
    ['{a:1}}', 'unexpected text after the value'],
  ])('fails on %j without throwing', (text, expected) => {
    const result = decodeNativeValue(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(expected);
  });
});

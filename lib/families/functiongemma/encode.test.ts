import { describe, expect, it } from 'vitest';
import {
  encodeCall,
  encodeDeclaration,
  encodeResponse,
  encodeSchema,
  encodeToolMessage,
  encodeValue,
  sortKeysLikeTemplate,
} from './encode';
import { decodeNativeCalls } from './native-decode';
import { decodeNativeValue } from './native-values';
import { EXAMPLE_CALL, EXAMPLE_DECLARATION, EXAMPLE_RESPONSE, WEATHER_TOOL } from './example-exchange';

describe('encodeValue', () => {
  it('wraps strings in <escape> and leaves numbers, booleans and null bare', () => {
    expect(encodeValue('Tokyo, Japan')).toBe('<escape>Tokyo, Japan<escape>');
    expect(encodeValue(15)).toBe('15');
    expect(encodeValue(-2.5)).toBe('-2.5');
    expect(encodeValue(true)).toBe('true');
    expect(encodeValue(false)).toBe('false');
    expect(encodeValue(null)).toBe('null');
    expect(encodeValue(Number.NaN)).toBe('null');
  });

  it('writes arrays and objects with bare, sorted keys', () => {
    expect(encodeValue([1, 'a', [true]])).toBe('[1,<escape>a<escape>,[true]]');
    expect(encodeValue({ zeta: 1, alpha: { b: 'x', a: null } })).toBe('{alpha:{a:null,b:<escape>x<escape>},zeta:1}');
    expect(encodeValue({})).toBe('{}');
    expect(encodeValue([])).toBe('[]');
  });

  it('skips undefined fields as JSON does', () => {
    expect(encodeValue({ a: undefined, b: 1 })).toBe('{b:1}');
  });
});

describe('sortKeysLikeTemplate', () => {
  it('sorts ignoring case and keeps the order of keys equal but for case', () => {
    expect(sortKeysLikeTemplate(['b', 'B2', 'a', 'A', 'C'])).toEqual(['a', 'A', 'b', 'B2', 'C']);
  });
});

describe('encodeCall and encodeResponse', () => {
  it('matches the example exchange', () => {
    expect(encodeCall('get_current_weather', { location: 'Tokyo, Japan' })).toBe(EXAMPLE_CALL);
    expect(encodeResponse('get_current_weather', { weather: 'sunny', temperature: 15 })).toBe(EXAMPLE_RESPONSE);
  });

  it('writes a scalar result as {value:...}', () => {
    expect(encodeResponse('run', 'done')).toBe(
      '<start_function_response>response:run{value:<escape>done<escape>}<end_function_response>',
    );
    expect(encodeResponse('count', 3)).toBe('<start_function_response>response:count{value:3}<end_function_response>');
  });

  it('reads tool message content: JSON of an object as the object, any other text as the value', () => {
    expect(encodeToolMessage('get_current_weather', '{"temperature": 15, "weather": "sunny"}')).toBe(EXAMPLE_RESPONSE);
    expect(encodeToolMessage('t', 'plain text {not json')).toBe(
      '<start_function_response>response:t{value:<escape>plain text {not json<escape>}<end_function_response>',
    );
    expect(encodeToolMessage('t', '[1,2]')).toBe(
      '<start_function_response>response:t{value:<escape>[1,2]<escape>}<end_function_response>',
    );
    expect(encodeToolMessage('t', '42')).toBe(
      '<start_function_response>response:t{value:<escape>42<escape>}<end_function_response>',
    );
  });
});

describe('encodeDeclaration', () => {
  it('matches the example declaration byte for byte', () => {
    expect(encodeDeclaration(WEATHER_TOOL)).toBe(EXAMPLE_DECLARATION);
  });

  it('writes nested items and properties in sorted key order with upper-case types', () => {
    const schema = {
      type: 'object',
      required: ['files'],
      properties: {
        files: { type: 'array', description: 'Paths', items: { type: 'string' } },
        options: { type: 'object', properties: { strict: { type: 'boolean' } }, required: ['strict'], default: {} },
        count: { type: ['integer', 'null'], minimum: 1 },
      },
    };
    expect(encodeSchema(schema)).toBe(
      'properties:{count:{type:<escape>INTEGER<escape>},' +
        'files:{description:<escape>Paths<escape>,items:{type:<escape>STRING<escape>},type:<escape>ARRAY<escape>},' +
        'options:{properties:{strict:{type:<escape>BOOLEAN<escape>}},' +
        'required:[<escape>strict<escape>],type:<escape>OBJECT<escape>}},' +
        'required:[<escape>files<escape>],type:<escape>OBJECT<escape>',
    );
  });

  it('leaves parameters out for a tool without any', () => {
    expect(
      encodeDeclaration({ type: 'function', function: { name: 'pwd', description: 'Current folder', parameters: {} } }),
    ).toBe(
      '<start_function_declaration>declaration:pwd{description:<escape>Current folder<escape>}' +
        '<end_function_declaration>',
    );
  });
});

describe('round trip through the native decoder', () => {
  const values: unknown[] = [
    'plain',
    'with, commas {and} [brackets]: inside',
    42,
    -0.125,
    true,
    false,
    null,
    [1, 'two', [false, null]],
    { path: 'src/main.py', lines: [1, 2, 3], options: { strict: true, level: 'high' } },
    [],
    {},
  ];
  for (const value of values) {
    it(`decodes ${JSON.stringify(value)} back to itself`, () => {
      const decoded = decodeNativeValue(encodeValue(value));
      expect(decoded).toEqual({ ok: true, value });
    });
  }

  it('decodes an encoded call back to its name and arguments', () => {
    const args = { path: 'src/app.py', line_number: 12, check_only: false, codes: ['E501', 'F401'] };
    const decoded = decodeNativeCalls(encodeCall('apply_fix', args));
    expect(decoded.error).toBeNull();
    expect(decoded.calls).toEqual([{ name: 'apply_fix', arguments: args }]);
  });
});

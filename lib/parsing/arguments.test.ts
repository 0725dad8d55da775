import { describe, expect, it } from 'vitest';
import { checkArguments, checkSchema } from './arguments';
import { compiledSchema } from './schema-compiler';

const lintSchema = {
  type: 'object',
  properties: {
    issue_code: { type: 'string' },
    line_number: { type: 'integer', minimum: 1 },
    check_only: { type: 'boolean', default: false },
    unit: { enum: ['celsius', 'fahrenheit'] },
    changed_files: { type: 'array', items: { type: 'string' } },
    options: {
      type: 'object',
      properties: { level: { type: 'integer' }, note: { type: ['string', 'null'] } },
      required: ['level'],
      additionalProperties: false,
    },
  },
  required: ['issue_code', 'line_number'],
  additionalProperties: false,
};

describe('checkArguments', () => {
  it('accepts valid arguments unchanged, filling defaults', () => {
    const result = checkArguments(lintSchema, { issue_code: 'E501', line_number: 12 });
    expect(result).toEqual({
      ok: true,
      value: { issue_code: 'E501', line_number: 12, check_only: false },
      coerced: false,
    });
  });

  it('coerces "42" to 42 for an integer and 42 to "42" for a string', () => {
    const result = checkArguments(lintSchema, { issue_code: 501, line_number: '42', check_only: 'true' });
    expect(result).toEqual({
      ok: true,
      value: { issue_code: '501', line_number: 42, check_only: true },
      coerced: true,
    });
  });

  it('coerces inside arrays and nested objects', () => {
    const result = checkArguments(lintSchema, {
      issue_code: 'E1',
      line_number: 1,
      changed_files: [1, 'b.py'],
      options: { level: '3' },
    });
    expect(result.ok && result.value).toMatchObject({ changed_files: ['1', 'b.py'], options: { level: 3 } });
    expect(result.ok && result.coerced).toBe(true);
  });

  it("never changes the caller's object", () => {
    const args = { issue_code: 501, line_number: '42', options: { level: '3' }, changed_files: [1] };
    const before = structuredClone(args);
    checkArguments(lintSchema, args);
    checkArguments(lintSchema, { ...args, extra: 1 });
    expect(args).toEqual(before);
  });

  it('works on frozen arguments', () => {
    const args = Object.freeze({ issue_code: 5, line_number: '7', options: Object.freeze({ level: '1' }) });
    expect(checkArguments(lintSchema, args)).toMatchObject({ ok: true, coerced: true });
  });

  it('explains every problem in words a small model can act on', () => {
    const result = checkArguments(lintSchema, {
      line_number: 'twelve',
      foo: 1,
      unit: 'kelvin',
      options: { level: 1, bar: 2, note: 5 },
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual(
      expect.arrayContaining([
        'argument "issue_code" is required',
        'argument "line_number" must be integer',
        'unknown argument "foo"',
        'argument "unit" must be one of "celsius", "fahrenheit"',
        'unknown argument "options.bar"',
      ]),
    );
    // ajv coerces 5 to "5" for ["string", "null"], so note is fine: only the listed problems are reported.
    expect(result.errors).toHaveLength(5);
  });

  it('names nested and array positions and reports ranges', () => {
    const result = checkArguments(lintSchema, {
      issue_code: 'x',
      line_number: 0,
      changed_files: ['a', { b: 1 }],
      options: {},
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual(
      expect.arrayContaining([
        'argument "line_number" must be >= 1',
        'argument "changed_files[1]" must be string',
        'argument "options.level" is required',
      ]),
    );
  });

  it('reports a union type in words and checks formats', () => {
    const schema = {
      type: 'object',
      properties: { when: { type: ['integer', 'null'] }, email: { type: 'string', format: 'email' } },
    };
    const result = checkArguments(schema, { when: [1], email: 'not-an-email' });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.errors).toEqual([
        'argument "when" must be integer or null',
        'argument "email" must match format "email"',
      ]);
  });

  it('returns the partly coerced copy with the errors', () => {
    const result = checkArguments(lintSchema, { issue_code: 5 });
    expect(result).toMatchObject({ ok: false, value: { issue_code: '5', check_only: false } });
  });

  it('rejects arguments that are not an object', () => {
    for (const args of [null, [1], 'x', 3]) {
      expect(checkArguments(lintSchema, args as unknown as Record<string, unknown>)).toEqual({
        ok: false,
        errors: ['the arguments must be an object'],
        value: {},
      });
    }
  });

  it('reports an invalid tool schema instead of throwing', () => {
    const result = checkArguments({ type: 'object', properties: { a: { type: 'STRING' } } }, { a: 'x' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]).toContain("the tool's parameters schema is invalid");
    const unresolved = checkArguments(
      { type: 'object', properties: { a: { $ref: '#/definitions/missing' } } },
      { a: 1 },
    );
    expect(unresolved.ok).toBe(false);
  });

  it('copies a "__proto__" key as data', () => {
    const args = JSON.parse('{"__proto__": {"polluted": true}, "issue_code": "x", "line_number": 1}') as Record<
      string,
      unknown
    >;
    const result = checkArguments({ type: 'object' }, args);
    expect(result.ok).toBe(true);
    expect(Object.getPrototypeOf(result.value)).toBe(Object.prototype);
    expect(Object.keys(result.value)).toContain('__proto__');
  });

  it('handles the JSON Schema dialects tools are written in', () => {
    const modern = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { pair: { type: 'array', prefixItems: [{ type: 'integer' }, { type: 'string' }] } },
    };
    expect(checkArguments(modern, { pair: ['1', 2] })).toEqual({ ok: true, value: { pair: [1, '2'] }, coerced: true });
    const old = {
      $schema: 'http://json-schema.org/draft-04/schema#',
      type: 'object',
      properties: { a: { type: 'integer' } },
    };
    expect(checkArguments(old, { a: '3' })).toMatchObject({ ok: true, value: { a: 3 } });
    const draft2019 = {
      $schema: 'https://json-schema.org/draft/2019-09/schema',
      type: 'object',
      properties: { a: { type: 'string' } },
      unevaluatedProperties: false,
    };
    const result = checkArguments(draft2019, { a: 'x', b: 1 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toEqual(['unknown argument "b"']);
  });

  it('lets two tools use the same $id', () => {
    const first = { $id: 'args', type: 'object', properties: { a: { type: 'integer' } } };
    const second = { $id: 'args', type: 'object', properties: { b: { type: 'string' } }, required: ['b'] };
    expect(checkArguments(first, { a: 1 }).ok).toBe(true);
    expect(checkArguments(second, {}).ok).toBe(false);
    expect(checkArguments(second, { b: 'x' }).ok).toBe(true);
  });

  it('compiles a schema once, also when the object is rebuilt for every call', () => {
    const schema = { type: 'object', properties: { n: { type: 'integer' } } };
    const first = compiledSchema(schema);
    expect(compiledSchema(schema)).toBe(first);
    expect(compiledSchema(structuredClone(schema))).toBe(first);
    expect(compiledSchema({ ...schema, required: ['n'] })).not.toBe(first);
  });

  it('does not throw on values that are not JSON', () => {
    const result = checkArguments({ type: 'object' }, { callback: () => 1, big: 10n });
    expect(result.ok).toBe(true);
  });
});

describe('checkSchema', () => {
  it('accepts valid parameter schemas', () => {
    expect(checkSchema(lintSchema)).toEqual([]);
    expect(checkSchema({ type: 'object', properties: {} })).toEqual([]);
    expect(checkSchema({ properties: { a: { type: 'string' } } })).toEqual([]);
    expect(
      checkSchema({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        $defs: { x: { type: 'string' } },
        properties: { a: { $ref: '#/$defs/x' } },
      }),
    ).toEqual([]);
  });

  it('names the problem in an invalid schema', () => {
    const problems = checkSchema({ type: 'object', properties: { payload: { type: 'STRING' } } });
    expect(problems.join('\n')).toContain('schema/properties/payload/type');
    expect(problems.join('\n')).toContain('"string"');
    expect(checkSchema({ type: 'object', required: 'payload' }).join('\n')).toContain('schema/required');
    expect(checkSchema({ type: 'object', properties: { a: { $ref: '#/nowhere' } } }).join('\n')).toContain(
      "can't resolve reference",
    );
  });

  it('requires an object schema for tool parameters', () => {
    expect(checkSchema({ type: 'string' })).toEqual(['the parameters schema must have type "object", not "string"']);
    for (const schema of [null, 'object', [], true, 3])
      expect(checkSchema(schema)).toEqual(['the parameters schema must be a JSON object']);
  });
});

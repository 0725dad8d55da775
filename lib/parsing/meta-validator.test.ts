// The precompiled draft-07 meta-schema check (draft-07-meta-validator.ts) is ajv's own code: it must
// be what ajv generates today, and say exactly what ajv's runtime check says, valid schema or not.
import { readFileSync } from 'node:fs';
import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript without types (scripts/ is not type-checked)
import { OUTPUT, generate } from '../../scripts/meta-schema-validator.mjs';
import { compiledSchema, metaSchemaErrors } from './schema-compiler';

const SCHEMAS: unknown[] = [
  { type: 'object', properties: { payload: { type: 'string' } }, required: ['payload'] },
  { type: 'object', properties: { when: { type: 'string', format: 'date-time' }, n: { type: 'integer', minimum: 0 } } },
  { type: 'object', properties: { payload: { type: 'STRING' } } },
  { type: 'object', required: 'payload' },
  { type: 'object', required: ['a', 'a'] },
  { type: 'object', properties: { a: { enum: [] } } },
  { type: 'object', properties: { a: { type: 'array', items: [{ type: 'string' }], minItems: -1 } } },
  { type: 'object', properties: { a: { pattern: 7 } }, additionalProperties: 'no' },
  { $schema: 'http://json-schema.org/draft-07/schema#', type: ['object', 'object'] },
];

describe('the precompiled draft-07 meta-schema check', () => {
  it('is the code ajv generates now (run node scripts/meta-schema-validator.mjs after an ajv upgrade)', () => {
    expect(readFileSync(OUTPUT, 'utf8')).toBe(generate());
  });

  it("finds the same errors as ajv's runtime check of the meta-schema", () => {
    const ajv = new Ajv({ coerceTypes: true, useDefaults: true, allErrors: true, strict: false, logger: false });
    addFormats(ajv);
    for (const schema of SCHEMAS) {
      const runtime: ErrorObject[] = ajv.validateSchema(structuredClone(schema) as object)
        ? []
        : [...(ajv.errors ?? [])];
      expect(metaSchemaErrors(structuredClone(schema) as never), JSON.stringify(schema)).toEqual(runtime);
    }
    expect(metaSchemaErrors(SCHEMAS[0] as never)).toEqual([]);
    expect(metaSchemaErrors(SCHEMAS[2] as never).length).toBeGreaterThan(0);
  });

  it('still refuses to compile an invalid schema, in the words ajv used', () => {
    expect(compiledSchema({ type: 'object', required: 'payload' } as never)).toEqual({
      ok: false,
      problem: 'schema is invalid: data/required must be array',
    });
    expect(compiledSchema(SCHEMAS[0] as never).ok).toBe(true);
  });
});

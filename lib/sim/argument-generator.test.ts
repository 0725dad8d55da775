import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { breakArguments, generateArguments, makeGenerationContext } from './argument-generator';
import { Random } from './random';

const schema = {
  type: 'object',
  properties: {
    file_path: { type: 'string', description: 'File to fix' },
    line_number: { type: 'integer', minimum: 1, maximum: 500 },
    ratio: { type: 'number', minimum: 0, maximum: 1 },
    check_only: { type: 'boolean' },
    format: { type: 'string', enum: ['json', 'yaml'] },
    tags: { type: 'array', items: { type: 'string' }, minItems: 1 },
    options: { type: 'object', properties: { strict: { type: 'boolean' } }, required: ['strict'] },
  },
  required: ['file_path', 'line_number', 'check_only', 'format', 'tags', 'options', 'ratio'],
};

// The client coerces types the native format lost ("42" for an integer), so a broken value must survive coercion.
const validate = new Ajv({ coerceTypes: true, strict: false }).compile(schema);
const userText = 'Please fix the docstring in lib/utils.py near <escape> the parse function';

describe('generateArguments', () => {
  it('produces arguments valid against the schema, strings from the user text', () => {
    for (let seed = 0; seed < 200; seed += 1) {
      const random = new Random(seed);
      const args = generateArguments(schema, makeGenerationContext(userText, random));
      expect(validate(structuredClone(args)), JSON.stringify(validate.errors)).toBe(true);
      expect(args.file_path).toBe('lib/utils.py');
      for (const tag of args.tags as string[]) {
        for (const word of tag.split(' ')) expect(userText.split(' ')).toContain(word);
        expect(tag).not.toContain('<escape>');
      }
    }
  });

  it('is the same for the same seed and differs across seeds', () => {
    const first = generateArguments(schema, makeGenerationContext(userText, new Random(5)));
    const again = generateArguments(schema, makeGenerationContext(userText, new Random(5)));
    expect(again).toEqual(first);
    const others = Array.from({ length: 10 }, (_, seed) =>
      JSON.stringify(generateArguments(schema, makeGenerationContext(userText, new Random(100 + seed)))),
    );
    expect(new Set(others).size).toBeGreaterThan(1);
  });
});

describe('breakArguments', () => {
  it('makes valid arguments invalid even after type coercion', () => {
    for (let seed = 0; seed < 200; seed += 1) {
      const random = new Random(seed);
      const args = generateArguments(schema, makeGenerationContext(userText, random));
      expect(breakArguments(schema, args, random)).toBe(true);
      expect(validate(structuredClone(args))).toBe(false);
    }
  });

  it('reports false when the schema gives nothing to break', () => {
    expect(breakArguments({ type: 'object', properties: {} }, {}, new Random(1))).toBe(false);
  });
});

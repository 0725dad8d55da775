import { describe, expect, it } from 'vitest';
import { parameterRows } from './tool-parameters';

describe('parameterRows', () => {
  it('reads names, types, required, descriptions, allowed values and defaults', () => {
    const rows = parameterRows({
      type: 'object',
      properties: {
        room: { type: 'string', enum: ['kitchen', 'bedroom'], description: 'Which room' },
        temperature: { type: ['number', 'null'] },
        files: { type: 'array', items: { type: 'string' }, default: [] },
        mode: { const: 'heat' },
        options: { type: 'object', properties: { dry_run: { type: 'boolean' } }, required: ['dry_run'] },
        either: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
      },
      required: ['room'],
    });
    expect(rows.map((row) => [row.name, row.type, row.required])).toEqual([
      ['room', 'string', true],
      ['temperature', 'number | null', false],
      ['files', 'array of string', false],
      ['mode', 'value', false],
      ['options', 'object', false],
      ['either', 'string | integer', false],
    ]);
    expect(rows[0]).toMatchObject({ description: 'Which room', allowed: ['"kitchen"', '"bedroom"'] });
    expect(rows[2].defaultValue).toBe('[]');
    expect(rows[3].allowed).toEqual(['"heat"']);
    expect(rows[4].children).toEqual([
      {
        name: 'dry_run',
        type: 'boolean',
        required: true,
        description: null,
        allowed: null,
        defaultValue: null,
        children: [],
      },
    ]);
  });

  it('gives no rows for what is not an object schema with properties', () => {
    expect(parameterRows({ type: 'object' })).toEqual([]);
    expect(parameterRows('nonsense')).toEqual([]);
    expect(parameterRows({ properties: { x: 'bad' } })).toEqual([
      { name: 'x', type: 'any', required: false, description: null, allowed: null, defaultValue: null, children: [] },
    ]);
  });
});

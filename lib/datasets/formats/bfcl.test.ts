// The BFCL format: reading lines and possible answers, dict answers expanded, export.
import { describe, expect, it } from 'vitest';
import { exportDatasetText, parseDatasetText } from './index';
import { expandDictAnswers } from './bfcl';
import type { Expectation } from '../../protocol/expectation';

describe('BFCL format', () => {
  const question = (text: string) => [[{ role: 'user', content: text }]];
  const functions = [
    {
      name: 'weather.get_forecast',
      description: 'Forecast for a city.',
      parameters: {
        type: 'dict',
        properties: {
          city: { type: 'string' },
          days: { type: 'integer' },
          unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
          ratio: { type: 'float' },
        },
        required: ['city'],
      },
    },
  ];

  it('reads ground truth with "" as optional, dotted names as underscores, and BFCL types as JSON Schema', () => {
    const line = JSON.stringify({
      id: 'simple_7',
      question: question('Forecast for Paris for 3 days'),
      function: functions,
      ground_truth: [
        { 'weather.get_forecast': { city: ['Paris', 'Paris, France'], days: [3], unit: ['celsius', ''] } },
      ],
    });
    const parsed = parseDatasetText(line, 'bfcl');
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    const [entry] = parsed.cases;
    expect(entry.id).toBe('simple_7');
    const { bfcl, ...expectation } = entry.expect as Extract<Expectation, { kind: 'call' }>;
    expect(expectation).toEqual({
      kind: 'call',
      calls: [
        {
          name: 'weather_get_forecast',
          arguments: { city: ['Paris', 'Paris, France'], days: [3], unit: ['celsius'] },
          optional: ['unit'],
        },
      ],
    });
    // BFCL's own form is kept for `bfcl` scoring: its category, types and ground truth as written.
    expect(bfcl?.category).toBe('simple_7');
    expect(JSON.parse(bfcl?.functions ?? '')[0]).toMatchObject({
      name: 'weather_get_forecast',
      parameters: { type: 'dict', properties: { ratio: { type: 'float' } } },
    });
    expect(JSON.parse(bfcl?.answers ?? '')).toEqual([
      { weather_get_forecast: { city: ['Paris', 'Paris, France'], days: [3], unit: ['celsius', ''] } },
    ]);
    expect(entry.tools?.[0].function).toMatchObject({
      name: 'weather_get_forecast',
      parameters: { type: 'object', properties: { ratio: { type: 'number' } }, required: ['city'] },
    });
  });

  it('takes the ground truth from a separate answers file, parallel calls, irrelevance and dict answers', () => {
    const questions = [
      JSON.stringify({ id: 'parallel_1', question: question('Forecasts for Paris and Rome') }),
      JSON.stringify({ id: 'irrelevance_4', question: question('Tell me a joke') }),
      JSON.stringify({ id: 'simple_9', question: question('Book it') }),
    ].join('\n');
    const answers = [
      JSON.stringify({
        id: 'parallel_1',
        ground_truth: [{ forecast: { city: ['Paris'] } }, { forecast: { city: ['Rome'] } }],
      }),
      JSON.stringify({
        id: 'simple_9',
        ground_truth: [{ book: { options: [{ seat: ['aisle', 'window'], meal: ['', 'veg'] }] } }],
      }),
    ].join('\n');
    const parsed = parseDatasetText(questions, 'bfcl', { answers });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    expect(parsed.cases[0].expect).toMatchObject({ kind: 'call', calls: [{ name: 'forecast' }, { name: 'forecast' }] });
    expect(parsed.cases[1].expect).toEqual({ kind: 'no_call' });
    expect(parsed.cases[2].expect).toMatchObject({
      kind: 'call',
      calls: [
        {
          name: 'book',
          arguments: {
            options: [
              { seat: 'aisle' },
              { seat: 'aisle', meal: 'veg' },
              { seat: 'window' },
              { seat: 'window', meal: 'veg' },
            ],
          },
          optional: [],
        },
      ],
    });
  });

  it('refuses multi-turn entries with their line number', () => {
    const lines = [
      JSON.stringify({ id: 'a', question: question('one'), ground_truth: [] }),
      JSON.stringify({
        id: 'b',
        question: [[{ role: 'user', content: 'one' }], [{ role: 'user', content: 'two' }]],
        ground_truth: [],
      }),
    ].join('\n');
    expect(parseDatasetText(lines, 'bfcl')).toEqual({
      ok: false,
      problems: [{ line: 2, reason: '"question" has 2 turns; multi-turn BFCL entries are not supported' }],
    });
  });

  it('exports and imports back to the same cases', () => {
    const line = JSON.stringify({
      id: 'simple_7',
      question: question('Forecast'),
      function: functions,
      ground_truth: [{ weather_get_forecast: { city: ['Paris'], unit: ['celsius', ''], days: [[1, 2]] } }],
    });
    const parsed = parseDatasetText(line, 'bfcl');
    if (!parsed.ok) throw new Error('parse failed');
    const exported = exportDatasetText(parsed.cases, 'bfcl');
    if (!exported.ok) throw new Error('export failed');
    const again = parseDatasetText(exported.text, 'bfcl');
    if (!again.ok) throw new Error(JSON.stringify(again.problems));
    expect(again.cases).toEqual(parsed.cases);
  });

  it('expands nested dict answers, "" dropping the key', () => {
    expect(expandDictAnswers({ a: [1, 2], b: ['', 'x'] })).toEqual([
      { a: 1 },
      { a: 1, b: 'x' },
      { a: 2 },
      { a: 2, b: 'x' },
    ]);
    expect(expandDictAnswers(['plain', 3])).toEqual([['plain', 3]]);
  });
});

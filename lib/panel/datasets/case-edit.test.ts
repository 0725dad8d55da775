import { describe, expect, it } from 'vitest';
import { Expectation } from '../../protocol/expectation';
import { formatAcceptedValues, fromDraft, parseAcceptedValues, toDraft } from './case-edit';

describe('accepted values as lines', () => {
  it('reads JSON lines as values and other lines as strings', () => {
    expect(parseAcceptedValues('kitchen\n"68"\n68\n\ntrue\n["a","b"]\n  living room  ')).toEqual([
      'kitchen',
      '68',
      68,
      true,
      ['a', 'b'],
      'living room',
    ]);
    expect(parseAcceptedValues('\n \n')).toEqual([]);
  });

  it('writes values so that they read back the same', () => {
    const values = ['kitchen', '68', 68, 72.5, true, 'true', null, ['a'], { unit: 'C' }, '', ' padded ', 'two\nlines'];
    const text = formatAcceptedValues(values);
    expect(text.split('\n').slice(0, 6)).toEqual(['kitchen', '"68"', '68', '72.5', 'true', '"true"']);
    // The empty string, padded strings and line breaks keep their quotes and survive too.
    expect(parseAcceptedValues(text)).toEqual(values);
  });
});

describe('expectation drafts', () => {
  const parallel = Expectation.parse({
    kind: 'call',
    calls: [
      { name: 'toggle_lights', arguments: { room: ['kitchen'], state: ['off'] } },
      { name: 'set_thermostat', arguments: { temperature: [68, 68.0], mode: ['heat'] }, optional: ['mode'] },
    ],
  });

  it('round-trips calls, no call and none', () => {
    for (const expectation of [parallel, { kind: 'no_call' } as const, null]) {
      expect(fromDraft(toDraft(expectation))).toEqual({ ok: true, expect: expectation });
    }
    expect(toDraft(parallel).calls[1].arguments).toEqual([
      { name: 'temperature', valuesText: '68\n68', optional: false },
      { name: 'mode', valuesText: 'heat', optional: true },
    ]);
  });

  it('says what is missing', () => {
    const draft = toDraft(parallel);
    draft.calls[0].name = ' ';
    draft.calls[0].arguments[0].valuesText = '';
    draft.calls[1].arguments.push({ name: 'mode', valuesText: 'cool', optional: false });
    const reading = fromDraft(draft);
    expect(reading).toEqual({
      ok: false,
      problems: [
        'call 1: name the expected tool',
        'call 1: argument "room" needs at least one accepted value (or mark it optional)',
        'call 2: argument "mode" is listed twice',
      ],
    });
    expect(fromDraft({ kind: 'call', calls: [] })).toEqual({
      ok: false,
      problems: ['an expected call is needed (or choose "no call")'],
    });
  });
});

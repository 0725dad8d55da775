// Scoring several calls at once (parallel calls, irrelevant requests) and compareCall without a schema.
import { describe, expect, it } from 'vitest';
import { ExpectedCall, type Expectation } from '../protocol/expectation';
import { compareCall, scoreResponse } from './score';
import { schemas, expected, made } from './testing/score-inputs';

describe('scoreResponse: parallel calls', () => {
  const two = expected([
    { name: 'toggle_lights', arguments: { room: ['kitchen'], state: ['off'] } },
    { name: 'toggle_lights', arguments: { room: ['bedroom'], state: ['off'] } },
  ]);

  it('matches calls made in another order', () => {
    const verdict = scoreResponse(
      two,
      made(['toggle_lights', { room: 'bedroom', state: 'off' }], ['toggle_lights', { room: 'kitchen', state: 'off' }]),
      schemas,
    );
    expect(verdict).toMatchObject({ correct: true, nameCorrect: true, argumentsCorrect: true });
    expect(verdict.pairs.map((pair) => [pair.expected, pair.called])).toEqual([
      [0, 1],
      [1, 0],
    ]);
  });

  it('finds the assignment a greedy first match would miss', () => {
    // The first expected call accepts either room; a greedy match takes the kitchen call for it and
    // leaves the second expected call (kitchen only) without a partner.
    const either = expected([
      { name: 'toggle_lights', arguments: { room: ['kitchen', 'bedroom'], state: ['off'] } },
      { name: 'toggle_lights', arguments: { room: ['kitchen'], state: ['off'] } },
    ]);
    const verdict = scoreResponse(
      either,
      made(['toggle_lights', { room: 'kitchen', state: 'off' }], ['toggle_lights', { room: 'bedroom', state: 'off' }]),
      schemas,
    );
    expect(verdict.correct).toBe(true);
  });

  it('mixes tools in any order', () => {
    const mixed = expected([
      { name: 'set_thermostat', arguments: { temperature: [70] } },
      { name: 'toggle_lights', arguments: { room: ['kitchen'], state: ['on'] } },
    ]);
    const verdict = scoreResponse(
      mixed,
      made(['toggle_lights', { room: 'kitchen', state: 'on' }], ['set_thermostat', { temperature: 70 }]),
      schemas,
    );
    expect(verdict.correct).toBe(true);
  });

  it('reports the expected call left without a partner when one is missing', () => {
    const verdict = scoreResponse(two, made(['toggle_lights', { room: 'bedroom', state: 'off' }]), schemas);
    expect(verdict).toMatchObject({ correct: false, nameCorrect: false, argumentsCorrect: null });
    expect(verdict.failures).toEqual([expect.objectContaining({ kind: 'missing_call', expectedCall: 0 })]);
  });

  it('has the right names but a wrong argument: name right, arguments wrong', () => {
    const verdict = scoreResponse(
      two,
      made(['toggle_lights', { room: 'bedroom', state: 'off' }], ['toggle_lights', { room: 'office', state: 'off' }]),
      schemas,
    );
    expect(verdict).toMatchObject({ correct: false, nameCorrect: true, argumentsCorrect: false });
    expect(verdict.failures).toEqual([
      expect.objectContaining({ kind: 'wrong_value', argument: 'room', expectedCall: 0, calledCall: 1 }),
    ]);
  });
});

describe('scoreResponse: irrelevant requests', () => {
  const none: Expectation = { kind: 'no_call' };

  it('passes only when no call is made', () => {
    const verdict = scoreResponse(none, made(), schemas);
    expect(verdict).toMatchObject({
      kind: 'no_call',
      scored: true,
      correct: true,
      nameCorrect: null,
      argumentsCorrect: null,
      failures: [],
    });
    expect(verdict.pairs).toEqual([
      { expected: null, called: null, expectedName: null, calledName: null, correct: true },
    ]);
  });

  it('fails a call, naming it', () => {
    const verdict = scoreResponse(none, made(['get_weather', { city: 'Paris' }]), schemas);
    expect(verdict.correct).toBe(false);
    expect(verdict.failures).toEqual([
      expect.objectContaining({ kind: 'unexpected_call', calledCall: 0, actual: 'get_weather' }),
    ]);
    expect(verdict.pairs).toEqual([
      { expected: null, called: 0, expectedName: null, calledName: 'get_weather', correct: false },
    ]);
  });
});

describe('compareCall without a schema', () => {
  it('still checks names, listed arguments and values', () => {
    const call = ExpectedCall.parse({ name: 'custom', arguments: { a: [1] } });
    expect(compareCall(call, { name: 'custom', arguments: { a: 1 } }, null)).toEqual([]);
    expect(compareCall(call, { name: 'custom', arguments: { a: '1' } }, null).map((failure) => failure.kind)).toEqual([
      'wrong_value',
    ]);
    expect(
      compareCall(call, { name: 'custom', arguments: { a: 1, b: 2 } }, null).map((failure) => failure.kind),
    ).toEqual(['unexpected_argument']);
  });
});

import { describe, expect, it } from 'vitest';
import { scoreResponse } from './score';
import { schemas, expected, made, kinds } from './testing/score-inputs';

describe('scoreResponse: one expected call', () => {
  const lights = expected([{ name: 'toggle_lights', arguments: { room: ['kitchen'], state: ['on'] } }]);

  it('passes the right call', () => {
    const verdict = scoreResponse(lights, made(['toggle_lights', { room: 'kitchen', state: 'on' }]), schemas);
    expect(verdict).toMatchObject({
      kind: 'call',
      scored: true,
      correct: true,
      nameCorrect: true,
      argumentsCorrect: true,
      failures: [],
    });
    expect(verdict.pairs).toEqual([
      { expected: 0, called: 0, expectedName: 'toggle_lights', calledName: 'toggle_lights', correct: true },
    ]);
  });

  it('names a wrong tool and does not judge its arguments', () => {
    const verdict = scoreResponse(lights, made(['lock_door', { door: 'front' }]), schemas);
    expect(verdict).toMatchObject({ correct: false, nameCorrect: false, argumentsCorrect: null });
    expect(verdict.failures).toEqual([
      {
        kind: 'wrong_tool',
        expectedCall: 0,
        calledCall: 0,
        argument: null,
        expected: 'toggle_lights',
        actual: 'lock_door',
        message: 'expected toggle_lights, but lock_door was called',
      },
    ]);
  });

  it('says which argument has a wrong value, with the accepted ones', () => {
    const verdict = scoreResponse(lights, made(['toggle_lights', { room: 'bedroom', state: 'on' }]), schemas);
    expect(verdict).toMatchObject({ correct: false, nameCorrect: true, argumentsCorrect: false });
    expect(verdict.failures[0]).toMatchObject({
      kind: 'wrong_value',
      argument: 'room',
      expected: ['kitchen'],
      actual: 'bedroom',
    });
    expect(verdict.failures[0].message).toBe('argument "room" is "bedroom"; accepted: "kitchen"');
  });

  it('reports a missing expected argument', () => {
    expect(kinds(scoreResponse(lights, made(['toggle_lights', { room: 'kitchen' }]), schemas))).toEqual([
      'missing_argument:state',
    ]);
  });

  it("reports an argument the expected call does not list as unexpected (exactly the answer's parameters)", () => {
    const lockAll = expected([{ name: 'toggle_lights', arguments: { state: ['off'] } }]);
    const verdict = scoreResponse(lockAll, made(['toggle_lights', { state: 'off', room: 'kitchen' }]), schemas);
    expect(kinds(verdict)).toEqual(['unexpected_argument:room']);
    expect(verdict.failures[0].message).toContain('the expected call does not have it');
  });

  it('reports an argument the schema does not know as unexpected', () => {
    const verdict = scoreResponse(
      lights,
      made(['toggle_lights', { room: 'kitchen', state: 'on', brightness: 30 }]),
      schemas,
    );
    expect(kinds(verdict)).toEqual(['unexpected_argument:brightness']);
    expect(verdict.failures[0].message).toBe('toggle_lights\'s schema has no argument "brightness"');
  });

  it('reports a required argument of the schema that is missing, once', () => {
    const weather = expected([{ name: 'get_weather', arguments: { city: ['Paris'] } }]);
    const verdict = scoreResponse(weather, made(['get_weather', {}]), schemas);
    expect(kinds(verdict)).toEqual(['missing_argument:city']);
    expect(verdict.failures[0].message).toContain("required by get_weather's schema");
  });

  it('reports a text answer where a call was expected as a missing call', () => {
    const verdict = scoreResponse(lights, made(), schemas);
    expect(verdict).toMatchObject({ scored: true, correct: false, nameCorrect: false, argumentsCorrect: null });
    expect(kinds(verdict)).toEqual(['missing_call']);
    expect(verdict.pairs).toEqual([
      { expected: 0, called: null, expectedName: 'toggle_lights', calledName: null, correct: false },
    ]);
  });

  it('fails a second call made beside the right one (the whole response must be right)', () => {
    const verdict = scoreResponse(
      lights,
      made(['toggle_lights', { room: 'kitchen', state: 'on' }], ['toggle_lights', { room: 'hallway', state: 'on' }]),
      schemas,
    );
    expect(verdict).toMatchObject({ correct: false, nameCorrect: false });
    expect(kinds(verdict)).toEqual(['extra_call']);
  });

  it('reports arguments that could not be read', () => {
    const verdict = scoreResponse(
      lights,
      { calls: [{ name: 'toggle_lights', arguments: {}, argumentsError: 'arguments are not valid JSON' }] },
      schemas,
    );
    expect(kinds(verdict)).toEqual(['unreadable_arguments']);
    expect(verdict.nameCorrect).toBe(true);
  });

  it('leaves a failed request unscored', () => {
    const verdict = scoreResponse(lights, null, schemas);
    expect(verdict).toMatchObject({ scored: false, correct: false, nameCorrect: null, argumentsCorrect: null });
    expect(kinds(verdict)).toEqual(['no_response']);
  });
});

describe('scoreResponse: types and values', () => {
  it('accepts an integer where a number is expected, and 72.0 as 72', () => {
    const weather = expected([{ name: 'get_weather', arguments: { city: ['Paris'], days: [3.0] } }]);
    expect(scoreResponse(weather, made(['get_weather', { city: 'Paris', days: 3 }]), schemas).correct).toBe(true);
  });

  it('refuses a string where an integer is expected, as a wrong type', () => {
    const thermostat = expected([{ name: 'set_thermostat', arguments: { temperature: [72] } }]);
    const verdict = scoreResponse(thermostat, made(['set_thermostat', { temperature: '72' }]), schemas);
    expect(kinds(verdict)).toEqual(['wrong_type:temperature']);
    expect(verdict.failures[0].message).toBe('argument "temperature" must be an integer, got string "72"');
  });

  it('refuses a fraction where an integer is expected', () => {
    const thermostat = expected([{ name: 'set_thermostat', arguments: { temperature: [72] } }]);
    expect(kinds(scoreResponse(thermostat, made(['set_thermostat', { temperature: 72.5 }]), schemas))).toEqual([
      'wrong_type:temperature',
    ]);
  });

  it('compares strings after BFCL normalisation: case, spaces and ,./-_*^ anywhere, other punctuation around', () => {
    const weather = expected([{ name: 'get_weather', arguments: { city: ['New York, NY'] } }]);
    for (const city of ['new york ny', 'NEW-YORK NY', '  New York, NY.  ', 'New York, NY!', '"New York, NY"']) {
      expect(scoreResponse(weather, made(['get_weather', { city }]), schemas).correct, city).toBe(true);
    }
    expect(scoreResponse(weather, made(['get_weather', { city: 'New Jersey' }]), schemas).correct).toBe(false);
  });

  it('accepts any of several accepted values', () => {
    const weather = expected([{ name: 'get_weather', arguments: { city: ['Paris', 'Paris, France'] } }]);
    expect(scoreResponse(weather, made(['get_weather', { city: 'paris france' }]), schemas).correct).toBe(true);
  });
});

describe('scoreResponse: optional arguments', () => {
  const weather = expected([
    { name: 'get_weather', arguments: { city: ['Paris'], unit: ['celsius'] }, optional: ['unit'] },
  ]);

  it('passes when the optional argument is absent', () => {
    expect(scoreResponse(weather, made(['get_weather', { city: 'Paris' }]), schemas).correct).toBe(true);
  });

  it('passes when it is given with an accepted value', () => {
    expect(scoreResponse(weather, made(['get_weather', { city: 'Paris', unit: 'Celsius' }]), schemas).correct).toBe(
      true,
    );
  });

  it('fails when it is given with another value', () => {
    expect(kinds(scoreResponse(weather, made(['get_weather', { city: 'Paris', unit: 'kelvin' }]), schemas))).toEqual([
      'wrong_value:unit',
    ]);
  });

  it('fails any value of an optional argument with no accepted value (it must be absent)', () => {
    const absent = expected([{ name: 'get_weather', arguments: { city: ['Paris'], unit: [] }, optional: ['unit'] }]);
    const verdict = scoreResponse(absent, made(['get_weather', { city: 'Paris', unit: 'celsius' }]), schemas);
    expect(kinds(verdict)).toEqual(['wrong_value:unit']);
    expect(verdict.failures[0].message).toContain('it should be absent');
  });
});

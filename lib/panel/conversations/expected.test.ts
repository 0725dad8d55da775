import { describe, expect, it } from 'vitest';
import { ExpectedCall, type Expectation, type ExpectedCallInput } from '../../protocol/expectation';
import { scoreResponse, type ToolSchemas } from '../../datasets/score';
import { expectedVersusActual } from './expected';

// Verdicts come from the real scoring, so the view follows what it reports.
const schemas: ToolSchemas = new Map<string, Record<string, unknown>>([
  [
    'set_thermostat',
    {
      type: 'object',
      properties: { temperature: { type: 'integer' }, mode: { type: 'string' }, room: { type: 'string' } },
      required: ['temperature'],
    },
  ],
  [
    'toggle_lights',
    { type: 'object', properties: { room: { type: 'string' }, state: { type: 'string' } }, required: [] },
  ],
]);
const expected = (calls: ExpectedCallInput[]): Expectation => ({
  kind: 'call',
  calls: calls.map((call) => ExpectedCall.parse(call)),
});
const made = (...calls: [string, Record<string, unknown>][]) => ({
  calls: calls.map(([name, args]) => ({ name, arguments: args })),
});
const thermostat = expected([
  { name: 'set_thermostat', arguments: { temperature: [70], mode: ['heat'], room: ['kitchen'] }, optional: ['room'] },
]);
const statuses = (view: ReturnType<typeof expectedVersusActual>) =>
  view?.calls.map((call) => [call.status, call.arguments.map((argument) => `${argument.name}:${argument.status}`)]);

describe('expectedVersusActual', () => {
  it('marks a right call right, an optional argument left out as absent', () => {
    const view = expectedVersusActual(
      thermostat,
      scoreResponse(thermostat, made(['set_thermostat', { temperature: 70, mode: 'HEAT' }]), schemas),
    );
    expect(view).toMatchObject({ kind: 'call', state: 'right', turn: 1, messages: [] });
    expect(statuses(view)).toEqual([['right', ['temperature:right', 'mode:right', 'room:absent']]]);
    expect(view?.calls[0].arguments[0]).toMatchObject({ accepted: [70], given: true, actual: 70, optional: false });
  });

  it('marks each argument that differs, with the reason', () => {
    const view = expectedVersusActual(
      thermostat,
      scoreResponse(thermostat, made(['set_thermostat', { temperature: '70', room: 'attic', fan: true }]), schemas),
    );
    expect(view?.state).toBe('wrong');
    expect(statuses(view)).toEqual([
      ['wrong_arguments', ['temperature:wrong_type', 'mode:missing', 'room:wrong_value', 'fan:unexpected']],
    ]);
    const room = view?.calls[0].arguments.find((argument) => argument.name === 'room');
    expect(room).toMatchObject({ accepted: ['kitchen'], actual: 'attic', optional: true });
    expect(room?.message).toMatch(/accepted: "kitchen"/);
    expect(view?.calls[0].arguments.find((argument) => argument.name === 'fan')).toMatchObject({
      accepted: null,
      given: true,
      actual: true,
    });
  });

  it('shows a wrong tool without judging its arguments, and missing or extra calls', () => {
    const wrongTool = expectedVersusActual(
      thermostat,
      scoreResponse(thermostat, made(['toggle_lights', { room: 'kitchen' }]), schemas),
    );
    expect(statuses(wrongTool)).toEqual([
      ['wrong_tool', ['temperature:not_compared', 'mode:not_compared', 'room:not_compared']],
    ]);
    expect(wrongTool?.calls[0]).toMatchObject({
      expectedName: 'set_thermostat',
      calledName: 'toggle_lights',
      messages: ['expected set_thermostat, but toggle_lights was called'],
    });

    const parallel = expected([
      { name: 'toggle_lights', arguments: { room: ['kitchen'] } },
      { name: 'toggle_lights', arguments: { room: ['hall'] } },
    ]);
    const view = expectedVersusActual(
      parallel,
      scoreResponse(parallel, made(['toggle_lights', { room: 'hall' }]), schemas),
    );
    expect(view?.calls.map((call) => [call.status, call.expectedName, call.calledName])).toEqual([
      ['missing_call', 'toggle_lights', null],
      ['right', 'toggle_lights', 'toggle_lights'],
    ]);
  });

  it('handles irrelevant requests, failed requests and cases without expectations', () => {
    const none: Expectation = { kind: 'no_call' };
    expect(expectedVersusActual(none, scoreResponse(none, made(), schemas))).toEqual({
      kind: 'no_call',
      state: 'right',
      turn: 1,
      calls: [],
      messages: [],
    });
    const called = expectedVersusActual(none, scoreResponse(none, made(['toggle_lights', { room: 'x' }]), schemas));
    expect(called?.state).toBe('wrong');
    expect(called?.calls.map((call) => [call.status, call.calledName])).toEqual([['unexpected_call', 'toggle_lights']]);

    const failed = expectedVersusActual(thermostat, scoreResponse(thermostat, null, schemas));
    expect(failed).toMatchObject({
      state: 'not_scored',
      messages: ['the model request failed; there is no response to score'],
    });
    expect(failed?.calls[0].arguments.map((argument) => argument.status)).toEqual([
      'not_compared',
      'not_compared',
      'not_compared',
    ]);
    expect(expectedVersusActual(thermostat, null)?.messages).toEqual(['no verdict was stored for this conversation']);
    expect(expectedVersusActual(null, null)).toBeNull();
  });
});

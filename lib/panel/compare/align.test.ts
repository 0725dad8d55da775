import { describe, expect, it } from 'vitest';
import { alignTurns, type TurnFacts } from './align';

const turn = (number: number, overrides: Partial<TurnFacts> = {}): TurnFacts => ({
  turn: number,
  status: 'ok',
  parsePath: 'tool_calls',
  calls: [{ name: 'simple_tool', arguments: { payload: 'ping' } }],
  results: [{ toolName: 'simple_tool', outcome: 'success', result: { echoed: 'ping' } }],
  ...overrides,
});

describe('alignTurns', () => {
  it('finds no divergence in the same conversation, whatever the key order', () => {
    const a = [turn(1), turn(2)];
    const b = [turn(1, { calls: [{ name: 'simple_tool', arguments: { payload: 'ping' } }] }), turn(2)];
    expect(alignTurns(a, b)).toMatchObject({ firstDivergence: null });
  });

  it('names what differs and where it starts', () => {
    const a = [turn(1), turn(2, { parsePath: 'json_name_arguments' }), turn(3)];
    const b = [turn(1), turn(2, { calls: [{ name: 'submit_result', arguments: {} }], results: [] })];
    const aligned = alignTurns(a, b);
    expect(aligned.firstDivergence).toBe(2);
    expect(aligned.turns.map((entry) => entry.differences)).toEqual([
      [],
      ['parse path', 'calls', 'results'],
      ['missing'],
    ]);
    expect(aligned.turns[2].b).toBeNull();
  });

  it('tells a failed request apart', () => {
    expect(
      alignTurns([turn(1)], [turn(1, { status: 'error', parsePath: null, calls: [], results: [] })]).turns[0]
        .differences,
    ).toEqual(['status', 'parse path', 'calls', 'results']);
  });
});

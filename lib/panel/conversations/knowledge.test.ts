import { describe, expect, it } from 'vitest';
import { changedPaths, knowledgeLeaves, knowledgeSteps } from './knowledge';

describe('knowledgeSteps', () => {
  it('shows each step as the keys it added or changed, never the whole state again', () => {
    const steps = knowledgeSteps(
      [
        { turn: 1, toolName: 'read', knowledgeDelta: { docstring: null, hints: { a: 'int' } } },
        { turn: 2, toolName: 'lint', knowledgeDelta: null },
        { turn: 2, toolName: 'write', knowledgeDelta: { docstring: 'Add.', hints: { a: 'int' } } },
        { turn: 3, toolName: 'again', knowledge_delta: { docstring: 'Add.' } },
      ],
      { seeded: true },
    );
    expect(steps).toEqual([
      {
        turn: 1,
        toolName: 'read',
        changes: [
          { key: 'docstring', kind: 'added', before: undefined, after: null },
          { key: 'hints', kind: 'added', before: undefined, after: { a: 'int' } },
        ],
      },
      { turn: 2, toolName: 'write', changes: [{ key: 'docstring', kind: 'changed', before: null, after: 'Add.' }] },
      { turn: 3, toolName: 'again', changes: [] },
    ]);
  });

  it('counts the starting knowledge as known', () => {
    expect(
      knowledgeSteps([{ turn: 1, toolName: 't', knowledgeDelta: { seeded: true } }], { seeded: true })[0].changes,
    ).toEqual([]);
  });
});

describe('knowledgeLeaves', () => {
  const home = (kitchen: string, temperature: number) => ({
    lights: { kitchen, bedroom: 'off' },
    thermostat: { temperature, mode: 'auto' },
    doors: { garage: 'locked' },
  });

  it('names only the values a result changed when a tool reports its whole state every time', () => {
    const leaves = knowledgeLeaves(
      [
        { knowledgeDelta: { home: home('on', 70) } },
        { knowledgeDelta: null },
        { knowledgeDelta: { home: home('on', 72) } },
        { knowledgeDelta: { home: home('on', 72) } },
      ],
      { prior_calls: [] },
    );
    expect(leaves[0]).toEqual([{ path: 'home', kind: 'added', before: undefined, after: home('on', 70) }]);
    expect(leaves[1]).toBeNull();
    expect(leaves[2]).toEqual([{ path: 'home.thermostat.temperature', kind: 'changed', before: 70, after: 72 }]);
    expect(leaves[3]).toEqual([]);
  });

  it('names keys removed from a nested object, and starts from the initial knowledge', () => {
    expect(changedPaths({ a: { b: 1, c: 2 } }, { a: { b: 1 } }, 'k')).toEqual([
      { path: 'k.a.c', kind: 'removed', before: 2, after: undefined },
    ]);
    expect(knowledgeLeaves([{ knowledge_delta: { seen: 2 } }], { seen: 1 })).toEqual([
      [{ path: 'seen', kind: 'changed', before: 1, after: 2 }],
    ]);
  });
});

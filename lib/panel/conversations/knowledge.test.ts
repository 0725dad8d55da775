import { describe, expect, it } from 'vitest';
import { knowledgeSteps } from './knowledge';

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

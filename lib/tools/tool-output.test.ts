// What a tool prints is untrusted too: JSON nested past the limit is a failed tool call with the
// reason, never a value that a later JSON.stringify (storage, the next request) would overflow on.
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../protocol/limits';
import { executionFromText } from './tool-output';

const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('executionFromText', () => {
  it('refuses output nested deeper than the limit, whole or on its last line', () => {
    for (const text of [
      `{"result": ${deep(100_000)}, "outcome": "success"}`,
      `a log line\n{"result": ${deep(100_000)}, "outcome": "success"}`,
    ]) {
      const execution = executionFromText('tools/deep.py', text, 5);
      expect(execution).toMatchObject({ outcome: 'error', errorKind: 'tool_output_invalid', result: null });
      expect(execution.error).toMatch(
        new RegExp(`did not print JSON \\(JSON nests deeper than ${LIMITS.jsonDepth.max} levels\\)`),
      );
      expect(execution.error!.length).toBeLessThan(1000);
    }
  });

  it('takes output nested up to the limit', () => {
    const text = `{"result": ${deep(LIMITS.jsonDepth.max - 1)}, "outcome": "success"}`;
    expect(executionFromText('tools/deep.py', text, 5)).toMatchObject({ outcome: 'success' });
  });
});

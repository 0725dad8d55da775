// The judge's reply is untrusted: only a verdict of exactly {pass: boolean, reason: string} counts;
// anything else is a judge error, which is neither a pass nor a fail.
import { describe, expect, it } from 'vitest';
import { readJudgeReply } from './verdict';

const withCall = (args: string, name = 'verdict') => ({
  choices: [
    {
      message: {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c', type: 'function', function: { name, arguments: args } }],
      },
    },
  ],
});
const withText = (content: string) => ({ choices: [{ message: { role: 'assistant', content } }] });

describe('readJudgeReply', () => {
  it('reads a verdict from the forced tool call, or from a JSON text answer', () => {
    expect(readJudgeReply(withCall('{"pass": true, "reason": "called the tool"}'))).toEqual({
      outcome: 'pass',
      reason: 'called the tool',
    });
    expect(readJudgeReply(withText(' {"pass": false, "reason": "no answer"} '))).toEqual({
      outcome: 'fail',
      reason: 'no answer',
    });
  });

  it('stores anything else as a judge error, never as pass or fail', () => {
    const errors = [
      withCall('{"pass": "yes", "reason": "x"}'),
      withCall('{"pass": true}'),
      withCall('{"pass": true, "reason": "x", "score": 1}'),
      withCall('{"pass": true, "reason": "x"'),
      withCall('{"pass": true, "reason": "x"}', 'other_tool'),
      withText('PASS: looks good'),
      withText('```json\n{"pass": true, "reason": "x"}\n```'),
      withText(''),
      { choices: [] },
      'not json',
      null,
    ];
    for (const reply of errors) expect(readJudgeReply(reply).outcome).toBe('error');
    expect(readJudgeReply(withText('PASS')).reason).toMatch(/^judge error: /);
  });

  it('keeps a long reason short and drops control characters', () => {
    const verdict = readJudgeReply(withCall(JSON.stringify({ pass: true, reason: `ok\u0007${'x'.repeat(5000)}` })));
    expect(verdict.outcome).toBe('pass');
    expect(verdict.reason.length).toBeLessThanOrEqual(500);
    expect(verdict.reason).not.toContain('\u0007');
  });
});

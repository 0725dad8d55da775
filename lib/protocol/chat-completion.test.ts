import { describe, expect, it } from 'vitest';
import { checkCompletionShape, readCompletion } from './chat-completion';

describe('checkCompletionShape', () => {
  it('accepts a first choice with a message object, whatever else the body holds', () => {
    expect(checkCompletionShape({ choices: [{ message: { role: 'assistant', content: 'hi' } }] })).toBeNull();
    expect(checkCompletionShape({ id: 'x', choices: [{ message: {} }, null], usage: { prompt_tokens: 1 } })).toBeNull();
    // The message's own fields are the parser's to judge.
    expect(checkCompletionShape({ choices: [{ message: [] }] })).toBeNull();
  });

  it('names what is missing', () => {
    expect(checkCompletionShape('hello')).toBe('model server returned a non-JSON body: hello');
    expect(checkCompletionShape(null)).toBe('model server returned a non-JSON body: null');
    expect(checkCompletionShape(undefined)).toBe('model server returned a non-JSON body: undefined');
    expect(checkCompletionShape({})).toBe('model server response has no choices: {}');
    expect(checkCompletionShape([])).toBe('model server response has no choices: []');
    expect(checkCompletionShape({ choices: [] })).toBe('model server response has no choices: {"choices":[]}');
    expect(checkCompletionShape({ choices: 'x' })).toBe('model server response has no choices: {"choices":"x"}');
    expect(checkCompletionShape({ choices: [null] })).toBe('model server response has no message: {"choices":[null]}');
    expect(checkCompletionShape({ choices: [{ message: null }] })).toBe(
      'model server response has no message: {"choices":[{"message":null}]}',
    );
    expect(checkCompletionShape({ choices: [{}] })).toBe('model server response has no message: {"choices":[{}]}');
  });

  it('shortens a long body to 200 characters', () => {
    const problem = checkCompletionShape({ choices: [], padding: 'x'.repeat(500) });
    expect(problem).toMatch(/^model server response has no choices: .{200}…$/);
  });
});

describe('readCompletion', () => {
  it('gives the checked completion as a typed value: its first message, the rest as sent', () => {
    const body = { id: 'x', choices: [{ message: { role: 'assistant', content: 'hi' }, index: 0 }, 'later'] };
    const read = readCompletion(body);
    // The body itself, its keys in the order the server sent them (it is stored as sent).
    expect(read.ok && read.completion).toBe(body);
    // Typed: the first choice's message is read without a cast.
    expect(read.ok && read.completion.choices[0].message).toEqual({ role: 'assistant', content: 'hi' });
  });

  it('gives the same reasons as checkCompletionShape for what is not a completion', () => {
    for (const body of ['hello', null, {}, { choices: [] }, { choices: [{}] }])
      expect(readCompletion(body)).toEqual({ ok: false, error: checkCompletionShape(body) });
  });
});

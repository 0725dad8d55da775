import { describe, expect, expectTypeOf, it } from 'vitest';
import { readCompletion, type ChatCompletion } from '../protocol/chat-completion';
import { analyzeResponse, readTokenLogprobs } from '../parsing/logprobs';
import { extractMessage, extractUsage } from './response';

// The readers of a model answer take the ChatCompletion that readCompletion checked once, never
// `unknown`: the @ts-expect-error lines make the type check (npm run typecheck) fail when one of them
// goes back to reading an unchecked body.
function completion(body: unknown): ChatCompletion {
  const read = readCompletion(body);
  if (!read.ok) throw new Error(read.error);
  return read.completion;
}

describe('readers of a checked chat completion', () => {
  const unchecked: unknown = { choices: [{ message: { content: 'hi' } }], usage: { total_tokens: 3 } };

  it('take only the typed completion', () => {
    // @ts-expect-error an unchecked body is refused
    extractMessage(unchecked);
    // @ts-expect-error an unchecked body is refused
    extractUsage(unchecked);
    // @ts-expect-error an unchecked body is refused
    analyzeResponse(unchecked);
    // @ts-expect-error an unchecked body is refused
    readTokenLogprobs(unchecked);
    expect(readCompletion(unchecked).ok).toBe(true);
  });

  it('give the first message as an object and the usage', () => {
    const checked = completion(unchecked);
    const message = extractMessage(checked);
    expectTypeOf(message).toEqualTypeOf<object>();
    expect(message).toEqual({ content: 'hi' });
    expect(extractUsage(checked)).toEqual({
      prompt_tokens: undefined,
      completion_tokens: undefined,
      total_tokens: 3,
    });
    expect(analyzeResponse(checked)).toBeNull();
    expect(readTokenLogprobs(checked)).toBeNull();
  });
});

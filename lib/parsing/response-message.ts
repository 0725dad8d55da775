import { isPlainObject } from './read-arguments';

/**
 * The assistant message inside a response body: `choices[0].message` of a chat completion, `message` of
 * Ollama's native /api/chat answer, or the value itself when it already is a message.
 */
export function messageFromBody(body: unknown): unknown {
  if (!isPlainObject(body)) return body;
  if (Array.isArray(body.choices)) {
    const choice: unknown = body.choices[0];
    return isPlainObject(choice) ? choice.message : undefined;
  }
  if (isPlainObject(body.message) && !('role' in body) && !('content' in body) && !('tool_calls' in body)) return body.message;
  return body;
}

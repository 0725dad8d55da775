import { isRecord } from '../protocol/records';

/**
 * The assistant message inside a response body: `choices[0].message` of a chat completion, `message` of
 * Ollama's native /api/chat answer, or the value itself when it already is a message.
 */
export function messageFromBody(body: unknown): unknown {
  if (!isRecord(body)) return body;
  if (Array.isArray(body.choices)) {
    const choice: unknown = body.choices[0];
    return isRecord(choice) ? choice.message : undefined;
  }
  if (isRecord(body.message) && !('role' in body) && !('content' in body) && !('tool_calls' in body))
    return body.message;
  return body;
}

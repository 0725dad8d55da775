import { parseJson } from '../protocol/json';
import { isRecord } from '../protocol/records';

export type ReadArguments = { arguments: Record<string, unknown>; argumentsError?: string };

export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

/**
 * Reads a call's arguments as servers and models send them: a JSON string (OpenAI, vLLM), an object
 * (Ollama's native API), nothing or '' (a call without arguments). Anything else keeps the call with
 * `{}` and says why, so that validation rejects it with a reason the model can read.
 */
export function readArguments(raw: unknown): ReadArguments {
  if (raw === undefined || raw === null) return { arguments: {} };
  if (isRecord(raw)) return { arguments: raw };
  if (typeof raw !== 'string')
    return { arguments: {}, argumentsError: `arguments must be a JSON object, got ${describeValue(raw)}` };
  const text = raw.trim();
  if (text === '') return { arguments: {} };
  const parsed = parseJson(text);
  if (!parsed.ok) return { arguments: {}, argumentsError: `arguments are not valid JSON (${parsed.error})` };
  if (isRecord(parsed.value)) return { arguments: parsed.value };
  // Some models encode the arguments twice ("{\"a\":1}" inside a string); the inner object is unambiguous.
  if (typeof parsed.value === 'string') {
    const inner = parseJson(parsed.value);
    if (inner.ok && isRecord(inner.value)) return { arguments: inner.value };
  }
  return { arguments: {}, argumentsError: `arguments must be a JSON object, got ${describeValue(parsed.value)}` };
}

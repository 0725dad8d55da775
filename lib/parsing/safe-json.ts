export type JsonParseResult = { ok: true; value: unknown } | { ok: false; error: string };

/** JSON.parse for untrusted text: failure is a value, never an exception. */
export function parseJson(text: string): JsonParseResult {
  if (typeof text !== 'string') return { ok: false, error: `expected JSON text, got ${text === null ? 'null' : typeof text}` };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

// JSON text as Python's `json.dumps(value, ensure_ascii=False)` writes it, which is how vLLM
// serializes tool-call arguments: ", " between items and ": " after keys.
// Known difference: Python keeps a float's ".0" (json.loads("1.0") dumps as 1.0); JavaScript
// numbers cannot tell 1.0 from 1, so it is written 1.

export function pythonJsonDumps(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number')
    return Number.isFinite(value) ? JSON.stringify(value) : value > 0 ? 'Infinity' : value < 0 ? '-Infinity' : 'NaN';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return `[${value.map(pythonJsonDumps).join(', ')}]`;
  if (typeof value === 'object') {
    const fields = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => field !== undefined)
      .map(([key, field]) => `${JSON.stringify(key)}: ${pythonJsonDumps(field)}`);
    return `{${fields.join(', ')}}`;
  }
  return 'null';
}

/** Like pythonJsonDumps for an object given as ordered entries (keeps the order Python's dict keeps). */
export function pythonJsonDumpsEntries(entries: [string, unknown][]): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}: ${pythonJsonDumps(value)}`).join(', ')}}`;
}

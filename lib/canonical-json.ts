/**
 * JSON with object keys sorted at every level, so that equal values give equal text whatever their
 * key order (hashes of settings and datasets, matching inputs across experiments).
 */
export function canonicalJson(value: unknown): string {
  const text = JSON.stringify(value, (_key, inner: unknown) => {
    if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return inner;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(inner).sort()) sorted[key] = (inner as Record<string, unknown>)[key];
    return sorted;
  });
  return text ?? 'null';
}

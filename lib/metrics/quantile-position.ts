// Where a quantile lies among sorted values, by the rule lib/metrics uses, so that a quantile can be
// read from an index (response-stats.ts) or a sketch (latency-sketch.ts) without the whole list.
/**
 * Where the q-quantile of `count` sorted values lies, by the rule lib/metrics uses (linear
 * interpolation, type 7 of R and numpy, as simple-statistics' quantileSorted): `lower` and `upper`
 * are 0-based positions and the value is x[lower] + fraction * (x[upper] - x[lower]), or x[lower]
 * itself when `exact`.
 */
export type QuantilePosition = { lower: number; upper: number; fraction: number; exact: boolean };

export function quantilePosition(count: number, q: number): QuantilePosition | null {
  if (count === 0 || !(q >= 0 && q <= 1)) return null;
  if (q === 1) return { lower: count - 1, upper: count - 1, fraction: 0, exact: true };
  if (q === 0) return { lower: 0, upper: 0, fraction: 0, exact: true };
  const index = (count - 1) * q;
  if (index % 1 !== 0) {
    const lower = Math.floor(index);
    return { lower, upper: Math.ceil(index), fraction: index - lower, exact: false };
  }
  return { lower: index, upper: index, fraction: 0, exact: true };
}

/** The quantile from the values at its positions, with the same arithmetic as quantileSorted. */
export function quantileAt(position: QuantilePosition, valueAt: (index: number) => number): number {
  const lower = valueAt(position.lower);
  if (position.exact) return lower;
  return lower + position.fraction * (valueAt(position.upper) - lower);
}

/**
 * Holm's step-down adjustment (Holm 1979): sort the m p-values ascending, multiply the i-th
 * smallest (0-based) by m − i, carry the running maximum so the order is kept, cap at 1. It
 * controls the chance of any false difference in the family at the level, whatever the
 * dependence between the tests. Nulls stay null and are not counted in m.
 */
export function holmAdjust(pValues: readonly (number | null)[]): (number | null)[] {
  const present = pValues.flatMap((value, index) => (value === null ? [] : [{ value, index }]));
  // Stable: equal p-values keep their order, so the result does not depend on the sort engine.
  present.sort((left, right) => left.value - right.value || left.index - right.index);
  const adjusted: (number | null)[] = pValues.map(() => null);
  let running = 0;
  present.forEach((entry, rank) => {
    running = Math.max(running, Math.min(1, (present.length - rank) * entry.value));
    adjusted[entry.index] = running;
  });
  return adjusted;
}

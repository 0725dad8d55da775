// Per-input reliability: how often an input's repeats succeed, and pass^k, the chance that k
// tries of it all succeed (tau-bench's pass^k, estimated without bias from n >= k repeats).

/**
 * Unbiased estimate of p^k from c successes in n repeats: C(c, k) / C(n, k), the chance that k
 * repeats drawn without replacement all succeeded. Computed as a product of ratios (no large
 * binomials). Null when n < k: fewer repeats than tries cannot estimate it.
 */
export function passHatK(successes: number, repeats: number, k: number): number | null {
  if (!Number.isInteger(k) || k < 1 || repeats < k || successes < 0 || successes > repeats) return null;
  let estimate = 1;
  for (let index = 0; index < k; index++) {
    if (successes - index <= 0) return 0;
    estimate *= (successes - index) / (repeats - index);
  }
  return estimate;
}

export type InputReliability = { input: number; repeats: number; successes: number };

/**
 * pass^k of a variant for k = 1 .. the fewest repeats any input had: the mean over its inputs of
 * each input's unbiased estimate, keyed by k as a string (JSON keys). Empty without inputs.
 */
export function passHatKCurve(inputs: readonly InputReliability[]): Record<string, number> {
  const measured = inputs.filter((entry) => entry.repeats > 0);
  if (measured.length === 0) return {};
  const fewest = Math.min(...measured.map((entry) => entry.repeats));
  // Each input's estimate for k is its estimate for k - 1 times one more ratio: the same products
  // passHatK forms, in the same order, so the same numbers, in O(k) instead of O(k²) per input
  // (an input repeated 3,000 times took most of a live summary's time).
  const totals = new Array<number>(fewest + 1).fill(0);
  for (const entry of measured) {
    let estimate = 1;
    for (let k = 1; k <= fewest; k++) {
      const index = k - 1;
      estimate =
        estimate === 0 || entry.successes - index <= 0
          ? 0
          : estimate * ((entry.successes - index) / (entry.repeats - index));
      totals[k] += estimate;
    }
  }
  const curve: Record<string, number> = {};
  for (let k = 1; k <= fewest; k++) curve[String(k)] = totals[k] / measured.length;
  return curve;
}

/** An input is flaky when some of its repeats succeed and some fail. */
export function isFlaky(entry: InputReliability): boolean {
  return entry.successes > 0 && entry.successes < entry.repeats;
}

export type InputRow = {
  input: number;
  /** Per variant (in display order): repeats, successes and their share (null without repeats). */
  variants: { repeats: number; successes: number; share: number | null }[];
  /** Largest minus smallest share over the variants: how much they disagree on this input. */
  spread: number;
  /** Some variant succeeded on some repeats and failed on others. */
  flaky: boolean;
};

/**
 * Per-input reliability for the page: each input's share of successful repeats per variant,
 * sorted so that the inputs the variants disagree on most come first (then the flaky ones, then
 * by input). `byVariant` holds each variant's inputs in display order.
 */
export function inputReliability(byVariant: readonly (readonly InputReliability[])[]): InputRow[] {
  const inputs = new Set<number>();
  for (const entries of byVariant) for (const entry of entries) inputs.add(entry.input);
  // Looked up by input, not searched: a dataset run has tens of thousands of inputs per variant.
  const byInput = byVariant.map((entries) => new Map(entries.map((entry) => [entry.input, entry])));
  const rows: InputRow[] = [...inputs].map((input) => {
    const variants = byInput.map((entries) => {
      const entry = entries.get(input);
      const repeats = entry?.repeats ?? 0;
      const successes = entry?.successes ?? 0;
      return { repeats, successes, share: repeats > 0 ? successes / repeats : null };
    });
    const shares = variants.flatMap((variant) => (variant.share === null ? [] : [variant.share]));
    const spread = shares.length < 2 ? 0 : Math.max(...shares) - Math.min(...shares);
    const flaky = variants.some((variant) =>
      isFlaky({ input, repeats: variant.repeats, successes: variant.successes }),
    );
    return { input, variants, spread, flaky };
  });
  return rows.sort(
    (left, right) => right.spread - left.spread || Number(right.flaky) - Number(left.flaky) || left.input - right.input,
  );
}

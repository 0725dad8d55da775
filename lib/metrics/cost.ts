// What a variant's tokens cost at its endpoint's prices (set on a saved endpoint, per million input
// and output tokens). Unknown is not zero: no price, or a server that did not report usage, is null.

/** Prices per million prompt (input) and completion (output) tokens, in the user's own currency. */
export type TokenPrices = { input: number; output: number };

export function tokenCost(
  tokens: { prompt: number | null; completion: number | null },
  prices: TokenPrices | null,
): number | null {
  if (!prices || tokens.prompt === null || tokens.completion === null) return null;
  return (tokens.prompt * prices.input + tokens.completion * prices.output) / 1_000_000;
}

/**
 * Each variant's prices by name: the endpoint's, except for a variant that talks to a server of its
 * own (a model A/B), whose price the endpoint does not tell: that server's saved endpoint's, if any.
 */
export function variantPrices(
  endpoint: { pricePerMillionTokens?: TokenPrices },
  variants: { name: string; baseUrl?: string; pricePerMillionTokens?: TokenPrices }[],
): Record<string, TokenPrices | null> {
  const prices = endpoint.pricePerMillionTokens ?? null;
  return Object.fromEntries(
    variants.map((variant) => [variant.name, variant.baseUrl ? (variant.pricePerMillionTokens ?? null) : prices]),
  );
}

/** Two decimals from a cent up; below, four significant digits (a run of a small model costs fractions of a cent). */
export function formatCost(cost: number | null): string {
  if (cost === null) return '—';
  if (cost === 0) return '0';
  if (cost >= 0.01) return cost.toFixed(2);
  return Number(cost.toPrecision(4)).toFixed(Math.max(0, 3 - Math.floor(Math.log10(cost))));
}

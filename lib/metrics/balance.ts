// Balance checks, the analogue of a sample-ratio check: before a difference between variants is read
// as the prompt's doing, the variants must have run alike. Uneven conversations per input, different
// server-failure or cancellation counts, or inputs only some variants ran (dropped from the pairing)
// each get a warning, with the numbers.

/** What the check reads of each variant's input facts (InputFacts in types.ts has these). */
type InputFacts = {
  variant: string;
  input: number;
  conversations: number;
  outcomes: Partial<Record<'error' | 'cancelled' | (string & {}), number>>;
};

type VariantBalance = {
  name: string;
  conversations: number;
  /** Distinct inputs this variant ran. */
  inputs: number;
  /** Fewest and most conversations on one input it ran (null when it ran none). */
  perInput: { min: number | null; max: number | null };
  /** Conversations that ended as error (a request failed after its last attempt). */
  serverFailures: number;
  cancelled: number;
};

export type Balance = {
  balanced: boolean;
  variants: VariantBalance[];
  /** Inputs every variant ran, but not the same number of times. */
  unevenInputs: number;
  /** Inputs some variant ran and another did not: they drop out of the paired comparison. */
  droppedInputs: number;
  warnings: string[];
};

function variantBalance(name: string, facts: readonly InputFacts[]): VariantBalance {
  const ran = facts.filter((fact) => fact.conversations > 0);
  const counts = ran.map((fact) => fact.conversations);
  return {
    name,
    conversations: counts.reduce((sum, count) => sum + count, 0),
    inputs: ran.length,
    perInput: counts.length ? { min: Math.min(...counts), max: Math.max(...counts) } : { min: null, max: null },
    serverFailures: ran.reduce((sum, fact) => sum + (fact.outcomes.error ?? 0), 0),
    cancelled: ran.reduce((sum, fact) => sum + (fact.outcomes.cancelled ?? 0), 0),
  };
}

const listed = (variants: VariantBalance[], count: (variant: VariantBalance) => number) =>
  variants.map((variant) => `${variant.name} ${count(variant)} of ${variant.conversations}`).join(', ');

/** The balance of the variants' runs; null with fewer than two variants (nothing to balance). */
export function checkBalance(names: readonly string[], facts: readonly InputFacts[]): Balance | null {
  if (names.length < 2) return null;
  const byVariant = new Map<string, Map<number, number>>(names.map((name) => [name, new Map()]));
  for (const fact of facts)
    if (fact.conversations > 0) {
      const counts = byVariant.get(fact.variant);
      counts?.set(fact.input, (counts.get(fact.input) ?? 0) + fact.conversations);
    }
  const inputs = new Set(facts.filter((fact) => fact.conversations > 0).map((fact) => fact.input));
  let unevenInputs = 0;
  let droppedInputs = 0;
  let example: string | null = null;
  for (const input of [...inputs].sort((first, second) => first - second)) {
    const counts = names.map((name) => byVariant.get(name)?.get(input) ?? 0);
    if (counts.some((count) => count === 0)) droppedInputs += 1;
    else if (new Set(counts).size > 1) {
      unevenInputs += 1;
      example ??= `input ${input}: ${names.map((name, index) => `${name} ${counts[index]}`).join(', ')}`;
    }
  }
  const variants = names.map((name) =>
    variantBalance(
      name,
      facts.filter((fact) => fact.variant === name),
    ),
  );
  const warnings: string[] = [];
  if (unevenInputs > 0)
    warnings.push(
      `The variants ran different numbers of conversations on ${unevenInputs} input(s) (${example}): ` +
        'inputs repeated more on one side weigh more there.',
    );
  if (new Set(variants.map((variant) => variant.serverFailures)).size > 1)
    warnings.push(
      `Server failures differ (${listed(variants, (variant) => variant.serverFailures)}): ` +
        'a failed request ends a conversation as error whatever the prompt, ' +
        'so part of the difference may be the server.',
    );
  if (new Set(variants.map((variant) => variant.cancelled)).size > 1)
    warnings.push(
      `Cancellations differ (${listed(variants, (variant) => variant.cancelled)}): ` +
        'cancelled conversations say nothing about the model and leave the two sides on different inputs.',
    );
  if (droppedInputs > 0)
    warnings.push(
      `${droppedInputs} of ${inputs.size} input(s) did not run on every variant and are dropped from the pairing.`,
    );
  return { balanced: warnings.length === 0, variants, unevenInputs, droppedInputs, warnings };
}

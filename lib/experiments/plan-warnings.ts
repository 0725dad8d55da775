// What the experiment form warns about before a run: a design that cannot show what the user may
// expect from it. Pure, so the browser form can use it as the user types.

export type PlannedVariant = { name: string; systemPrompt?: string; settings?: Record<string, unknown>; model?: string };

/** Warnings for a planned experiment: identical variants (an A/A test) and a simulated endpoint. */
export function planWarnings(variants: readonly PlannedVariant[], endpoint: { simulated?: boolean }): string[] {
  const warnings: string[] = [];
  const key = (variant: PlannedVariant) => JSON.stringify({ prompt: variant.systemPrompt ?? null, settings: variant.settings ?? {}, model: variant.model ?? null });
  const seen = new Map<string, string>();
  for (const variant of variants) {
    const twin = seen.get(key(variant));
    if (twin !== undefined) warnings.push(`"${variant.name}" is identical to "${twin}": this is an A/A test, and any difference it shows is chance.`);
    else seen.set(key(variant), variant.name);
  }
  if (endpoint.simulated) {
    warnings.push('The endpoint is the simulator: it does not read the wording of a prompt, so prompt variants differ only by chance there.');
  }
  return warnings;
}

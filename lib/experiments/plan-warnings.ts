// What the experiment form warns about before a run: a design that cannot show what the user may
// expect from it. Pure, so the browser form can use it as the user types.

export type PlannedVariant = {
  name: string;
  systemPrompt?: string;
  settings?: Record<string, unknown>;
  model?: string;
};

/** Warnings for a planned experiment: identical variants (an A/A test) and a simulated endpoint. */
export function planWarnings(variants: readonly PlannedVariant[], endpoint: { simulated?: boolean }): string[] {
  const warnings: string[] = [];
  const key = (variant: PlannedVariant) =>
    JSON.stringify({
      prompt: variant.systemPrompt ?? null,
      settings: variant.settings ?? {},
      model: variant.model ?? null,
    });
  const seen = new Map<string, string>();
  for (const variant of variants) {
    const twin = seen.get(key(variant));
    if (twin !== undefined)
      warnings.push(
        `"${variant.name}" is identical to "${twin}": this is an A/A test, and any difference it shows is chance.`,
      );
    else seen.set(key(variant), variant.name);
  }
  if (endpoint.simulated) {
    // Prompts are all that tells these variants apart (or nothing does): on the simulator that is A/A.
    const settingsKey = (variant: PlannedVariant) =>
      JSON.stringify({ settings: variant.settings ?? {}, model: variant.model ?? null });
    const promptsOnly = variants.length > 1 && new Set(variants.map(settingsKey)).size === 1;
    warnings.push(
      'The endpoint is the simulator, which does not read the wording of a prompt: ' +
        (promptsOnly
          ? 'a prompt A/B test on it is an A/A test, and any difference it shows is chance.'
          : 'only the settings that differ between the variants can make a real difference there.'),
    );
  }
  return warnings;
}

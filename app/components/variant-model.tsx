// A variant's model and declared family in a few words ("qwen3-0.6b · hermes"), for the pages and
// charts of a model A/B; `differByModel` says whether an experiment's variants are different models.

export function variantModelText({ model, family }: { model?: string | null; family?: string | null }): string {
  if (!model) return family ?? '';
  return family ? `${model} · ${family}` : model;
}

/** True when the variants do not all name the same model and family: a model A/B. */
export function differByModel(variants: readonly { model?: string | null; family?: string | null }[]): boolean {
  return new Set(variants.map(variantModelText)).size > 1;
}

export function VariantModel({ model, family }: { model?: string | null; family?: string | null }) {
  const text = variantModelText({ model, family });
  if (text === '') return null;
  return (
    <span className="muted" style={{ fontSize: 12 }} data-testid="variant-model">
      {text}
    </span>
  );
}

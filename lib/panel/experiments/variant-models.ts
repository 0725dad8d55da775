// Each variant's model (as its requests name it) and declared family, read from the experiment's
// stored config: what a model A/B compared, for the pages that name it (compare, experiment).
import type { RemoraDatabase } from '../../db/client';
import { getExperiment } from '../../db/queries/experiments';
import { InputError } from '../../errors';
import { variantSettings } from '../../experiments/run-experiment';
import { readStoredConfig } from '../../experiment-config/stored-config';

export type VariantModel = { model: string; family: string | null };

/** By variant name; empty for an unknown experiment or a config written by an older version. */
export function variantModels(database: RemoraDatabase, experimentId: string): Map<string, VariantModel> {
  const row = getExperiment(database, experimentId);
  if (!row) return new Map();
  let stored;
  try {
    stored = readStoredConfig(row.config);
  } catch (error) {
    if (InputError.is(error)) return new Map();
    throw error;
  }
  const { experiment, agent } = stored;
  return new Map(
    experiment.variants.map((variant) => [
      variant.name,
      { model: variantSettings(experiment, variant, agent).model, family: variant.settings.family ?? null },
    ]),
  );
}

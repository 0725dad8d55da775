// Each variant's token prices as its experiment stored them, read without parsing the whole stored
// settings (a dataset run's are large, and the compare page reads two).
import { getExperiment } from '../../db/queries/experiments';
import type { RemoraDatabase } from '../../db/client';
import { StoredParts } from '../../experiment-config/stored-config';
import { variantPrices, type TokenPrices } from '../../metrics/cost';

/** By variant name; empty when the experiment is missing or its settings cannot be read. */
export function experimentPrices(database: RemoraDatabase, experimentId: string): Record<string, TokenPrices | null> {
  const parsed = StoredParts.endpoint.safeParse(getExperiment(database, experimentId)?.config);
  if (!parsed.success) return {};
  return variantPrices(parsed.data.experiment.endpoint, parsed.data.experiment.variants);
}

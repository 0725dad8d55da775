// Each variant's token prices as its experiment stored them, read without parsing the whole stored
// settings (a dataset run's are large, and the compare page reads two).
import { z } from 'zod';
import { getExperiment } from '../../db/queries/experiments';
import type { RemoraDatabase } from '../../db/client';
import { TokenPricesSchema } from '../../experiments/config';
import { variantPrices, type TokenPrices } from '../../metrics/cost';

const PricedSettings = z.object({
  experiment: z.object({
    endpoint: z.object({ pricePerMillionTokens: TokenPricesSchema.optional() }),
    variants: z.array(
      z.object({
        name: z.string(),
        baseUrl: z.string().optional(),
        pricePerMillionTokens: TokenPricesSchema.optional(),
      }),
    ),
  }),
});

/** By variant name; empty when the experiment is missing or its settings cannot be read. */
export function experimentPrices(database: RemoraDatabase, experimentId: string): Record<string, TokenPrices | null> {
  const parsed = PricedSettings.safeParse(getExperiment(database, experimentId)?.config);
  if (!parsed.success) return {};
  return variantPrices(parsed.data.experiment.endpoint, parsed.data.experiment.variants);
}

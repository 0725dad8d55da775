// The parts of an experiment's stored config that the storage layer reads back. The experiments
// module owns the full shape; this only insists on what transcripts and metrics need, and lets
// everything else through.
import { z } from 'zod';
import type { ToolSpec } from '../runner/messages';
import { DatasetRun } from '../datasets/experiment-cases';

const StoredToolSpec = z.object({
  type: z.literal('function'),
  function: z.object({
    name: z.string(),
    description: z.string(),
    parameters: z.record(z.string(), z.unknown()),
  }),
});

const StoredVariant = z.looseObject({
  name: z.string(),
  /** Tools as sent for this variant, when they differ from the experiment's. */
  tools: z.array(StoredToolSpec).optional(),
});

/**
 * What an experiment's `config` column must hold for transcripts and metrics to work:
 * `tools` (the `tools` parameter exactly as sent) and `variants` in display order.
 */
export const StoredExperimentConfig = z.looseObject({
  tools: z.array(StoredToolSpec).optional(),
  variants: z.array(StoredVariant).optional(),
});
export type StoredExperimentConfig = z.infer<typeof StoredExperimentConfig>;

export type ConfigReading<T> = { ok: true; value: T } | { ok: false; error: string };

function readConfig(config: unknown): ConfigReading<StoredExperimentConfig> {
  const parsed = StoredExperimentConfig.safeParse(config);
  if (!parsed.success) return { ok: false, error: z.prettifyError(parsed.error) };
  return { ok: true, value: parsed.data };
}

/** Variant names in display order, or null when the config does not list them. */
export function variantNamesOf(config: unknown): string[] | null {
  const reading = readConfig(config);
  if (!reading.ok || !reading.value.variants) return null;
  return reading.value.variants.map((variant) => variant.name);
}

/** The `tools` parameter a variant's requests carried when tools were sent. */
export function toolsSentBy(config: unknown, variantIndex: number): ConfigReading<ToolSpec[]> {
  const reading = readConfig(config);
  if (!reading.ok) return reading;
  const tools = reading.value.variants?.[variantIndex]?.tools ?? reading.value.tools;
  if (!tools) return { ok: false, error: 'the experiment config holds no `tools`' };
  return { ok: true, value: tools as ToolSpec[] };
}

const StoredDatasetRun = z.looseObject({ experiment: z.looseObject({ dataset: DatasetRun.optional() }) });

/** The dataset a dataset experiment ran (`cases[i]` is input i), or null for other experiments. */
export function storedDatasetRun(config: unknown): DatasetRun | null {
  const parsed = StoredDatasetRun.safeParse(config);
  return parsed.success ? (parsed.data.experiment.dataset ?? null) : null;
}

export type StoredDatasetCases = { id: string; name: string; cases: { caseId: string; key: string; kind: 'call' | 'no_call' | null }[] };

/** The dataset's cases reduced to what metrics and listings need. */
export function datasetOf(config: unknown): StoredDatasetCases | null {
  const dataset = storedDatasetRun(config);
  if (!dataset) return null;
  return { id: dataset.id, name: dataset.name, cases: dataset.cases.map((entry) => ({ caseId: entry.caseId, key: entry.key, kind: entry.expect?.kind ?? null })) };
}

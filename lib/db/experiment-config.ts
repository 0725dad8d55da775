// The parts of an experiment's stored config that the storage layer reads back. The experiments
// module owns the full shape; this only insists on what transcripts and metrics need, and lets
// everything else through.
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { ToolSpec } from '../protocol/messages';
import { DatasetRun } from '../datasets/experiment-cases';
import type { RemoraDatabase } from './client';
import { experiments } from './schema';

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
const StoredExperimentConfig = z.looseObject({
  tools: z.array(StoredToolSpec).optional(),
  variants: z.array(StoredVariant).optional(),
});
type StoredExperimentConfig = z.infer<typeof StoredExperimentConfig>;

/** One experiment's stored config (nothing else of its row), or null when there is no such experiment. */
export function storedConfigOf(database: RemoraDatabase, experimentId: string): Record<string, unknown> | null {
  const row = database
    .select({ config: experiments.config })
    .from(experiments)
    .where(eq(experiments.id, experimentId))
    .get();
  return row ? row.config : null;
}

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

export type StoredDatasetCases = {
  id: string;
  name: string;
  cases: { caseId: string; key: string; kind: 'call' | 'no_call' | null }[];
  /** How first responses were scored: lenient (Remora's rules) or bfcl (BFCL's AST checker exactly). */
  scoring: 'lenient' | 'bfcl';
};

/** The dataset's cases reduced to what metrics and listings need. */
export function datasetOf(config: unknown): StoredDatasetCases | null {
  const dataset = storedDatasetRun(config);
  if (!dataset) return null;
  return {
    id: dataset.id,
    name: dataset.name,
    cases: dataset.cases.map((entry) => ({ caseId: entry.caseId, key: entry.key, kind: entry.expect?.kind ?? null })),
    scoring: dataset.scoring ?? 'lenient',
  };
}

const StoredCasesOf = z.object({
  datasetId: z.string(),
  name: z.string(),
  count: z.number(),
  kinds: z.array(z.enum(['call', 'no_call'])),
});
const StoredInputs = z.looseObject({
  experiment: z.looseObject({ inputs: z.array(z.unknown()), storedCases: StoredCasesOf.optional() }),
});

/** How many inputs the experiment cycles over, or null when the config does not say. */
export function inputCountOf(config: unknown): number | null {
  const parsed = StoredInputs.safeParse(config);
  if (!parsed.success) return null;
  return parsed.data.experiment.storedCases?.count ?? parsed.data.experiment.inputs.length;
}

/**
 * The kinds of expectation a dataset experiment's cases hold (accuracy is reported for these),
 * whether the cases are in the config or in experiment_cases; empty for other experiments.
 */
export function expectationKindsOf(config: unknown): ('call' | 'no_call')[] {
  const parsed = StoredInputs.safeParse(config);
  if (parsed.success && parsed.data.experiment.storedCases) return parsed.data.experiment.storedCases.kinds;
  return [...new Set((datasetOf(config)?.cases ?? []).flatMap((entry) => (entry.kind === null ? [] : [entry.kind])))];
}

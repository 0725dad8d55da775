// What the storage layer reads back of an experiment's stored config: the parts that transcripts
// and metrics need, each read with a part of the one schema (lib/experiment-config/stored-config.ts).
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { ToolSpec } from '../protocol/messages';
import type { DatasetRun } from '../datasets/experiment-cases';
import { StoredParts, type StoredConfigJson } from '../experiment-config/stored-config';
import type { RemoraDatabase } from './client';
import { experiments } from './schema';

/** One experiment's stored config (nothing else of its row), or null when there is no such experiment. */
export function storedConfigOf(database: RemoraDatabase, experimentId: string): StoredConfigJson | null {
  const row = database
    .select({ config: experiments.config })
    .from(experiments)
    .where(eq(experiments.id, experimentId))
    .get();
  return row ? row.config : null;
}

export type ConfigReading<T> = { ok: true; value: T } | { ok: false; error: string };

function readSent(config: unknown): ConfigReading<z.output<typeof StoredParts.sent>> {
  const parsed = StoredParts.sent.safeParse(config);
  if (!parsed.success) return { ok: false, error: z.prettifyError(parsed.error) };
  return { ok: true, value: parsed.data };
}

/** Variant names in display order, or null when the config does not list them. */
export function variantNamesOf(config: unknown): string[] | null {
  const reading = readSent(config);
  if (!reading.ok) return null;
  return reading.value.variants.map((variant) => variant.name);
}

/** The `tools` parameter a variant's requests carried when tools were sent. */
export function toolsSentBy(config: unknown, variantIndex: number): ConfigReading<ToolSpec[]> {
  const reading = readSent(config);
  if (!reading.ok) return reading;
  return { ok: true, value: reading.value.variants[variantIndex]?.tools ?? reading.value.tools };
}

/** The dataset a dataset experiment ran (`cases[i]` is input i), or null for other experiments. */
export function storedDatasetRun(config: unknown): DatasetRun | null {
  const parsed = StoredParts.dataset.safeParse(config);
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

/** How many inputs the experiment cycles over, or null when the config does not say. */
export function inputCountOf(config: unknown): number | null {
  const parsed = StoredParts.inputs.safeParse(config);
  if (!parsed.success) return null;
  return parsed.data.experiment.storedCases?.count ?? parsed.data.experiment.inputs.length;
}

/**
 * The kinds of expectation a dataset experiment's cases hold (accuracy is reported for these),
 * whether the cases are in the config or in experiment_cases; empty for other experiments.
 */
export function expectationKindsOf(config: unknown): ('call' | 'no_call')[] {
  const parsed = StoredParts.storedCases.safeParse(config);
  if (parsed.success && parsed.data.experiment.storedCases) return parsed.data.experiment.storedCases.kinds;
  return [...new Set((datasetOf(config)?.cases ?? []).flatMap((entry) => (entry.kind === null ? [] : [entry.kind])))];
}

// What comparing two variants reads: the experiments and their variants to pick from, each side's
// conversation outcomes (one narrow row per conversation), the experiment's inputs, and the
// conversations behind the pairs a page shows.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { parseJson } from '../../protocol/json';
import type { Outcome } from '../../runner/types';
import type { RemoraDatabase } from '../client';
import { conversations, experiments, type ExperimentRow } from '../schema';
import { StoredConfig } from '../../experiment-config/stored-config';

export type ComparableExperiment = {
  id: string;
  /** What people called it, when they did. */
  name: string | null;
  agentName: string;
  status: ExperimentRow['status'];
  simulated: boolean;
  createdAt: number;
  totalConversations: number;
  /** The dataset it ran, by name, for a dataset experiment. */
  datasetName: string | null;
  variants: string[];
};

function readNames(text: string | null): string[] {
  if (text === null) return [];
  const parsed = parseJson(text);
  const variants = parsed.ok ? StoredConfig.shape.variants.safeParse(parsed.value) : null;
  return variants?.success ? variants.data.map((variant) => variant.name) : [];
}

const COMPARABLE_FIELDS = {
  id: experiments.id,
  name: experiments.name,
  agentName: experiments.agentName,
  status: experiments.status,
  simulated: experiments.simulated,
  createdAt: experiments.createdAt,
  totalConversations: experiments.totalConversations,
  variants: sql<string | null>`json_extract(${experiments.config}, '$.variants')`,
  datasetName: sql<string | null>`json_extract(${experiments.config}, '$.experiment.dataset.name')`,
};

function comparable<Row extends { variants: string | null; datasetName: string | null }>(row: Row) {
  return { ...row, variants: readNames(row.variants), datasetName: row.datasetName ?? null };
}

/**
 * The newest experiments with their variant names, read from the config in SQL (json_extract), so
 * that an experiment's inputs are never loaded to list it.
 */
export function listComparableExperiments(database: RemoraDatabase, limit = 200): ComparableExperiment[] {
  const rows = database
    .select(COMPARABLE_FIELDS)
    .from(experiments)
    .orderBy(desc(experiments.createdAt), desc(experiments.id))
    .limit(limit)
    .all();
  return rows.map(comparable);
}

export function getComparableExperiment(database: RemoraDatabase, experimentId: string): ComparableExperiment | null {
  const row = database.select(COMPARABLE_FIELDS).from(experiments).where(eq(experiments.id, experimentId)).get();
  return row ? comparable(row) : null;
}

export type ConversationOutcomeRow = {
  slot: number;
  inputIndex: number;
  outcome: Outcome;
  modelResponseCount: number;
  verdictScored: boolean | null;
  callCorrect: boolean | null;
  taskSuccess: boolean | null;
  customCheckSuccess: boolean | null;
};

/** One narrow row per conversation of a variant (no JSON read), in slot order. */
export function listVariantOutcomes(
  database: RemoraDatabase,
  experimentId: string,
  variantIndex: number,
): ConversationOutcomeRow[] {
  return database
    .select({
      slot: conversations.slot,
      inputIndex: conversations.inputIndex,
      outcome: conversations.outcome,
      modelResponseCount: conversations.modelResponseCount,
      verdictScored: conversations.verdictScored,
      callCorrect: conversations.callCorrect,
      taskSuccess: conversations.taskSuccess,
      customCheckSuccess: conversations.customCheckSuccess,
    })
    .from(conversations)
    .where(and(eq(conversations.experimentId, experimentId), eq(conversations.variantIndex, variantIndex)))
    .orderBy(asc(conversations.slot))
    .all();
}

/**
 * The experiment's inputs in order (input i is what conversations with input_index i ran): from its
 * config, or, for a config that does not hold them, one stored conversation per input.
 */
export function getExperimentInputs(database: RemoraDatabase, experimentId: string): unknown[] {
  const row = database
    .select({ inputs: sql<string | null>`json_extract(${experiments.config}, '$.experiment.inputs')` })
    .from(experiments)
    .where(eq(experiments.id, experimentId))
    .get();
  const parsed = row?.inputs ? parseJson(row.inputs) : null;
  // A dataset experiment whose cases are in experiment_cases keeps no inputs in its config.
  if (parsed?.ok && Array.isArray(parsed.value) && parsed.value.length > 0) return parsed.value;
  const stored = database
    .select({ inputIndex: conversations.inputIndex, input: sql<string>`min(${conversations.input})` })
    .from(conversations)
    .where(eq(conversations.experimentId, experimentId))
    .groupBy(conversations.inputIndex)
    .all();
  const inputs: unknown[] = [];
  for (const entry of stored) {
    const value = parseJson(entry.input);
    inputs[entry.inputIndex] = value.ok ? value.value : null;
  }
  return inputs;
}

/** The ids of a variant's conversations at these slots, by slot. */
export function conversationIdsAtSlots(
  database: RemoraDatabase,
  experimentId: string,
  variantIndex: number,
  slots: number[],
): Map<number, string> {
  if (slots.length === 0) return new Map();
  const rows = database
    .select({ slot: conversations.slot, id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.experimentId, experimentId),
        eq(conversations.variantIndex, variantIndex),
        inArray(conversations.slot, slots),
      ),
    )
    .all();
  return new Map(rows.map((row) => [row.slot, row.id]));
}

/** Where a conversation belongs, for checking that two conversations can be shown as a pair. */
export function getConversationPlace(
  database: RemoraDatabase,
  conversationId: string,
): { experimentId: string; variantIndex: number; variantName: string; slot: number; inputIndex: number } | null {
  return (
    database
      .select({
        experimentId: conversations.experimentId,
        variantIndex: conversations.variantIndex,
        variantName: conversations.variantName,
        slot: conversations.slot,
        inputIndex: conversations.inputIndex,
      })
      .from(conversations)
      .where(eq(conversations.id, conversationId))
      .get() ?? null
  );
}

/** One input of an experiment from its config (null when the config does not hold it). */
export function getExperimentInput(database: RemoraDatabase, experimentId: string, inputIndex: number): unknown {
  const row = database
    .select({
      input: sql<
        string | null
      >`json_extract(${experiments.config}, ${`$.experiment.inputs[${Math.floor(inputIndex)}]`})`,
    })
    .from(experiments)
    .where(eq(experiments.id, experimentId))
    .get();
  if (!row?.input) return null;
  const parsed = parseJson(row.input);
  return parsed.ok ? parsed.value : null;
}

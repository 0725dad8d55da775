import { createHash } from 'node:crypto';
import { canonicalJson } from '../../canonical-json';
import { and, count, desc, eq, getTableColumns, inArray, type SQL } from 'drizzle-orm';
import type { RemoraDatabase } from '../client';
import { newId } from '../ids';
import { conversations, experiments, type ExperimentRow, type ExperimentStatus } from '../schema';

export type NewExperiment = {
  id?: string;
  agentName: string;
  /** The full settings: variants with prompts and runner settings, endpoint, tools as sent, inputs... */
  config: Record<string, unknown>;
  simulated: boolean;
  totalConversations: number;
};

/** An experiment without its (possibly large) config, for lists. */
export type ExperimentListItem = Omit<ExperimentRow, 'config'>;

const TERMINAL: ExperimentStatus[] = ['completed', 'cancelled', 'failed'];
export const UNFINISHED_STATUSES: ExperimentStatus[] = ['pending', 'running'];

export function configHash(config: Record<string, unknown>): string {
  return createHash('sha256').update(canonicalJson(config)).digest('hex');
}

export function createExperiment(database: RemoraDatabase, input: NewExperiment, now = Date.now()): ExperimentRow {
  return database
    .insert(experiments)
    .values({
      id: input.id ?? newId(),
      agentName: input.agentName,
      status: 'pending',
      config: input.config,
      configHash: configHash(input.config),
      simulated: input.simulated,
      totalConversations: input.totalConversations,
      createdAt: now,
    })
    .returning()
    .get();
}

export function getExperiment(database: RemoraDatabase, id: string): ExperimentRow | null {
  return database.select().from(experiments).where(eq(experiments.id, id)).get() ?? null;
}

/**
 * Moves an experiment to a status. `running` stamps startedAt the first time and clears a previous
 * finish (a resumed run); a terminal status stamps finishedAt and records the error, if any.
 */
export function setExperimentStatus(
  database: RemoraDatabase,
  id: string,
  status: ExperimentStatus,
  options: { error?: string | null; at?: number } = {},
): ExperimentRow | null {
  const at = options.at ?? Date.now();
  const current = getExperiment(database, id);
  if (!current) return null;
  const changes: Partial<ExperimentRow> = { status };
  if (status === 'running') {
    changes.startedAt = current.startedAt ?? at;
    changes.finishedAt = null;
    changes.error = null;
  } else if (TERMINAL.includes(status)) {
    changes.finishedAt = at;
    changes.error = options.error ?? null;
  }
  return database.update(experiments).set(changes).where(eq(experiments.id, id)).returning().get() ?? null;
}

export type ExperimentFilter = {
  agentName?: string;
  status?: ExperimentStatus | ExperimentStatus[];
  limit?: number;
  offset?: number;
};

/** Newest first, without configs. */
export function listExperiments(database: RemoraDatabase, filter: ExperimentFilter = {}): ExperimentListItem[] {
  const conditions: SQL[] = [];
  if (filter.agentName !== undefined) conditions.push(eq(experiments.agentName, filter.agentName));
  if (filter.status !== undefined) {
    conditions.push(inArray(experiments.status, Array.isArray(filter.status) ? filter.status : [filter.status]));
  }
  const { config: _config, ...columns } = getTableColumns(experiments);
  return database
    .select(columns)
    .from(experiments)
    .where(and(...conditions))
    .orderBy(desc(experiments.createdAt), desc(experiments.id))
    .limit(filter.limit ?? 50)
    .offset(filter.offset ?? 0)
    .all();
}

/** Experiments to resume at start-up: still pending or running when the last process stopped. */
export function listUnfinishedExperiments(database: RemoraDatabase): ExperimentRow[] {
  return database.select().from(experiments).where(inArray(experiments.status, UNFINISHED_STATUSES)).orderBy(experiments.createdAt).all();
}

/** The newest pending or running experiment with exactly these settings, to resume instead of repeating. */
export function findUnfinishedExperiment(database: RemoraDatabase, config: Record<string, unknown>): ExperimentRow | null {
  return (
    database
      .select()
      .from(experiments)
      .where(and(eq(experiments.configHash, configHash(config)), inArray(experiments.status, UNFINISHED_STATUSES)))
      .orderBy(desc(experiments.createdAt))
      .limit(1)
      .get() ?? null
  );
}

/** Stored conversations against the planned total; null for an unknown experiment. */
export function experimentProgress(database: RemoraDatabase, id: string): { done: number; total: number } | null {
  const experiment = database
    .select({ total: experiments.totalConversations })
    .from(experiments)
    .where(eq(experiments.id, id))
    .get();
  if (!experiment) return null;
  const stored = database.select({ done: count() }).from(conversations).where(eq(conversations.experimentId, id)).get();
  return { done: stored?.done ?? 0, total: experiment.total };
}

/** Deletes the experiment with all its conversations, messages, model calls and tool executions. */
export function deleteExperiment(database: RemoraDatabase, id: string): boolean {
  return database.delete(experiments).where(eq(experiments.id, id)).run().changes > 0;
}

import { createHash } from 'node:crypto';
import { canonicalJson } from '../../canonical-json';
import { and, count, desc, eq, getTableColumns, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { StoredConfigJson } from '../../experiment-config/stored-config';
import type { RemoraDatabase } from '../client';
import { countedConversations } from '../counters/read-counters';
import { newId } from '../ids';
import { campaigns, conversations, experiments, type ExperimentRow, type ExperimentStatus } from '../schema';

export type NewExperiment = {
  id?: string;
  agentName: string;
  /** The full settings: variants with prompts and runner settings, endpoint, tools as sent, inputs... */
  config: StoredConfigJson;
  simulated: boolean;
  totalConversations: number;
  name?: string | null;
  description?: string | null;
  tags?: string[];
};

/** An experiment without its (possibly large) config, for lists. */
export type ExperimentListItem = Omit<ExperimentRow, 'config'>;

const TERMINAL: ExperimentStatus[] = ['completed', 'cancelled', 'failed'];
/** For the panel's status filter (the panel reaches tables through queries). */
export { EXPERIMENT_STATUSES } from '../schema';
export const UNFINISHED_STATUSES: ExperimentStatus[] = ['pending', 'running'];
/**
 * What a run may take up again: the unfinished, and a failed one (its storage broke; the conversations stored stay).
 */
export const RESUMABLE_STATUSES: ExperimentStatus[] = [...UNFINISHED_STATUSES, 'failed'];

export function configHash(config: StoredConfigJson): string {
  return createHash('sha256').update(canonicalJson(config)).digest('hex');
}

export function createExperiment(
  database: Pick<RemoraDatabase, 'insert'>,
  input: NewExperiment,
  now = Date.now(),
): ExperimentRow {
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
      name: input.name ?? null,
      description: input.description ?? null,
      tags: input.tags ?? [],
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

/** Records why a run stopped before its planned end (an early stop once its verdicts were decided). */
export function setStopReason(database: RemoraDatabase, id: string, reason: string): void {
  database.update(experiments).set({ stopReason: reason }).where(eq(experiments.id, id)).run();
}

export type ExperimentFilter = {
  agentName?: string;
  status?: ExperimentStatus | ExperimentStatus[];
  /** Part of the name, the agent's name or the id (case-insensitive). */
  text?: string;
  /** One of its tags, exactly. */
  tag?: string;
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
  if (filter.text) {
    // LIKE's wildcards in what was typed are matched as themselves.
    const pattern = `%${filter.text.replace(/[\\%_]/g, (found) => `\\${found}`)}%`;
    const like = (column: SQL | typeof experiments.id) => sql`${column} like ${pattern} escape '\\'`;
    conditions.push(
      or(
        like(sql`coalesce(${experiments.name}, '')`),
        like(sql`${experiments.agentName}`),
        like(experiments.id),
      ) as SQL,
    );
  }
  if (filter.tag) {
    conditions.push(sql`exists (select 1 from json_each(${experiments.tags}) where json_each.value = ${filter.tag})`);
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

/**
 * Experiments to resume at start-up: still pending or running when the last process stopped. A
 * campaign's experiment is not one of them: its inputs are the repository's nodes, which only the
 * campaign runner (lib/campaigns) knows how to read.
 */
export function listUnfinishedExperiments(database: RemoraDatabase): ExperimentRow[] {
  const campaignExperiments = database.select({ id: campaigns.experimentId }).from(campaigns);
  return database
    .select()
    .from(experiments)
    .where(and(inArray(experiments.status, UNFINISHED_STATUSES), notInArray(experiments.id, campaignExperiments)))
    .orderBy(experiments.createdAt)
    .all();
}

/** The newest pending or running experiment with exactly these settings, to resume instead of repeating. */
export function findUnfinishedExperiment(database: RemoraDatabase, config: StoredConfigJson): ExperimentRow | null {
  return (
    database
      .select()
      .from(experiments)
      .where(and(eq(experiments.configHash, configHash(config)), inArray(experiments.status, RESUMABLE_STATUSES)))
      .orderBy(desc(experiments.createdAt))
      .limit(1)
      .get() ?? null
  );
}

/** Stored conversations against the planned total; null for an unknown experiment. */
export function experimentProgress(database: RemoraDatabase, id: string): { done: number; total: number } | null {
  const experiment = database
    .select({ total: experiments.totalConversations, countersReady: experiments.countersReady })
    .from(experiments)
    .where(eq(experiments.id, id))
    .get();
  if (!experiment) return null;
  // The variant counters are written in each conversation's own transaction: a few rows to add
  // instead of 100,000 to count (the experiment page polls this).
  if (experiment.countersReady) return { done: countedConversations(database, id), total: experiment.total };
  const stored = database.select({ done: count() }).from(conversations).where(eq(conversations.experimentId, id)).get();
  return { done: stored?.done ?? 0, total: experiment.total };
}

/** Deletes the experiment with all its conversations, messages, model calls and tool executions. */
export function deleteExperiment(database: RemoraDatabase, id: string): boolean {
  return database.delete(experiments).where(eq(experiments.id, id)).run().changes > 0;
}

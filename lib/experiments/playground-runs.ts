// Playground runs kept for a while after they end, so that the user can save one (or a pair run
// side by side) as an experiment of one conversation per variant. Kept in this process's memory
// only: a run nobody saves is gone after KEEP_MS or when more than MAX_KEPT are newer.
import { randomUUID } from 'node:crypto';
import type { RemoraDatabase } from '../db/client';
import { storeConversation } from '../db/queries/conversations';
import { normalizeTags } from '../db/queries/experiment-details';
import { setExperimentStatus } from '../db/queries/experiments';
import { canonicalJson } from '../canonical-json';
import { InputError, NotFoundError } from '../errors';
import type { AgentRuntime, ConversationRecord } from '../runner/types';
import type { ConversationInput } from '../protocol/conversation';
import type { TaskCheck } from '../task-success/types';
import { ExperimentConfig, type EndpointConfig, type VariantConfig } from '../experiment-config/experiment-config';
import { createStoredExperiment } from './service';

export type KeptRun = {
  id: string;
  keptAt: number;
  /** The agent as it ran, before the variant's prompt was applied. */
  agent: AgentRuntime;
  variant: VariantConfig;
  endpoint: EndpointConfig;
  input: ConversationInput;
  record: ConversationRecord;
  workspaceDiff: string | null;
  changedFiles: string[] | null;
  /** What the agent's task-success check said; saved with the conversation. */
  taskCheck?: TaskCheck | null;
};

const KEEP_MS = 60 * 60 * 1000;
const MAX_KEPT = 50;

const RUNS_KEY = Symbol.for('remora.playground-runs');
type Holder = typeof globalThis & { [RUNS_KEY]?: Map<string, KeptRun> };

// On globalThis: routes are separate bundles, and each must see the runs the others kept.
function kept(): Map<string, KeptRun> {
  const holder = globalThis as Holder;
  holder[RUNS_KEY] ??= new Map();
  return holder[RUNS_KEY];
}

function forgetOld(now: number): void {
  const runs = kept();
  for (const [id, run] of runs) if (now - run.keptAt > KEEP_MS) runs.delete(id);
  // A Map iterates in insertion order: the oldest go first.
  while (runs.size > MAX_KEPT) runs.delete(runs.keys().next().value as string);
}

export function keepRun(run: Omit<KeptRun, 'id' | 'keptAt'>, now = Date.now()): string {
  forgetOld(now);
  const id = randomUUID();
  kept().set(id, { ...run, id, keptAt: now });
  return id;
}

export function keptRun(id: string, now = Date.now()): KeptRun | null {
  forgetOld(now);
  return kept().get(id) ?? null;
}

export type SaveRequest = { runIds: string[]; name?: string; description?: string; tags?: string[] };

/**
 * Stores kept runs as one completed experiment: one variant per run, one conversation each, all on
 * the same agent, endpoint and input (a side-by-side pair), as if it had been run as an experiment.
 */
export function saveRuns(database: RemoraDatabase, request: SaveRequest, now = Date.now()): { id: string } {
  const runs = request.runIds.map((id) => {
    const run = keptRun(id, now);
    if (!run)
      throw new NotFoundError(
        `no playground run ${id} (runs are kept for ${KEEP_MS / 60_000} minutes, and only in this panel process)`,
      );
    return run;
  });
  if (runs.length === 0) throw new InputError('nothing to save', ['runIds: give at least one run']);
  const [first] = runs;
  const same = (pick: (run: KeptRun) => unknown) =>
    runs.every((run) => canonicalJson(pick(run)) === canonicalJson(pick(first)));
  const problems = [
    same((run) => run.agent) ? null : 'the runs are of different agents (or of different versions of one)',
    same((run) => run.endpoint) ? null : 'the runs called different endpoints',
    same((run) => run.input) ? null : 'the runs had different inputs',
  ].filter((problem): problem is string => problem !== null);
  if (problems.length > 0) throw new InputError('these runs cannot be one experiment', problems);

  const names = new Set<string>();
  const variants = runs.map((run, index) => {
    let name = run.variant.name;
    if (names.has(name)) name = `${name} (${index + 1})`;
    names.add(name);
    return { ...run.variant, name };
  });
  const config = ExperimentConfig.parse({
    agent: first.agent.name,
    variants,
    endpoint: first.endpoint,
    inputs: [first.input],
    requestsPerVariant: 1,
    concurrency: 1,
  });
  const row = createStoredExperiment(database, config, first.agent, undefined, {
    name: request.name?.trim() || `Playground: ${first.agent.name}`,
    description: request.description ?? null,
    tags: normalizeTags(['playground', ...(request.tags ?? [])]),
  });
  runs.forEach((run, index) => {
    storeConversation(
      database,
      row.id,
      {
        variantIndex: index,
        variantName: variants[index].name,
        slot: 0,
        inputIndex: 0,
        workspaceDiff: run.workspaceDiff,
        changedFiles: run.changedFiles,
        taskCheck: run.taskCheck ?? null,
      },
      run.record,
    );
  });
  setExperimentStatus(database, row.id, 'running', { at: Math.min(...runs.map((run) => run.record.startedAt)) });
  setExperimentStatus(database, row.id, 'completed', { at: now });
  for (const run of runs) kept().delete(run.id);
  return { id: row.id };
}

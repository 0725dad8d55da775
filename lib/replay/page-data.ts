// What the panel's pages show about replays, origins and scoring (server side).
import type { RemoraDatabase } from '../db/client';
import { getConversationRecord } from '../db/queries/conversations';
import { getExperiment } from '../db/queries/experiments';
import { datasetScoringOf } from '../db/queries/experiment-cases';
import type { ExperimentOrigin } from '../experiment-config/experiment-config';
import { StoredParts } from '../experiment-config/stored-config';

export type ReplayDefaults = { turns: number[]; systemPrompt: string; temperature: number | null };

/** The turns a conversation can be replayed from, and the prompt and temperature it ran with. */
export function replayDefaults(database: RemoraDatabase, conversationId: string): ReplayDefaults | null {
  const stored = getConversationRecord(database, conversationId);
  if (!stored) return null;
  const system = stored.record.messages[0];
  const first = stored.record.modelCalls[0];
  return {
    turns: [...new Set(stored.record.modelCalls.map((call) => call.turn))],
    systemPrompt: system?.role === 'system' ? system.content : '',
    temperature: typeof first?.requestParams.temperature === 'number' ? first.requestParams.temperature : null,
  };
}

/** Where an experiment was made from (a replay, a re-run of failed inputs), when it was. */
export function experimentOrigin(database: RemoraDatabase, experimentId: string): ExperimentOrigin | null {
  const row = getExperiment(database, experimentId);
  const parsed = row ? StoredParts.origin.safeParse(row.config) : null;
  return parsed?.success ? (parsed.data.experiment.origin ?? null) : null;
}

/** The scoring mode of a dataset experiment (lenient or bfcl); null for other experiments. */
export function experimentScoring(database: RemoraDatabase, experimentId: string): 'lenient' | 'bfcl' | null {
  const row = getExperiment(database, experimentId);
  // From the config alone: the page asks at every load, and a stored dataset's cases may be 50,000 rows.
  return row ? datasetScoringOf(row.config) : null;
}

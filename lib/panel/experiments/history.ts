// The across-runs view of an agent (/agents/[name]/history): one point per experiment per variant
// with the summary's figures, and which prompt each variant ran (a saved prompt version when the
// text matches one), so a prompt's history of results can be followed.
import { createHash } from 'node:crypto';
import { getAgentByName } from '../../db/queries/agents';
import {
  countAgentExperiments,
  countConversations,
  listAgentExperiments,
  listAgentPromptVersions,
} from '../../db/queries/agent-history';
import { NotFoundError } from '../../errors';
import type { HistoryPoint } from '../../metrics/prepare-history';
import { ACCURACY_RATE_METRICS, CALL_RATE_METRICS } from '../../metrics/prepare-rates';
import { parseJson } from '../../protocol/json';
import { ExperimentConfigFields } from '../../experiment-config/experiment-config';
import type { PanelContext } from '../context';
import { summaryOfExperiment } from './summary-cache';

export type AgentHistory = {
  agent: string;
  points: HistoryPoint[];
  /** Experiments the points come from (the newest `limit`), and how many the agent has in all. */
  experimentsShown: number;
  experimentsTotal: number;
  /** Experiments left out because their settings could not be read. */
  unreadable: string[];
};

export function promptKey(systemPrompt: string): string {
  return createHash('sha256').update(systemPrompt).digest('hex').slice(0, 8);
}

type StoredVariant = { name: string; systemPrompt?: string };

function readVariants(text: string | null): StoredVariant[] | null {
  if (text === null) return null;
  const parsed = parseJson(text);
  const variants = parsed.ok ? ExperimentConfigFields.shape.variants.safeParse(parsed.value) : null;
  if (!variants?.success) return null;
  return variants.data.map(({ name, systemPrompt }) =>
    systemPrompt === undefined ? { name } : { name, systemPrompt },
  );
}

export function getAgentHistory(
  context: PanelContext,
  agentName: string,
  options: { limit?: number } = {},
): AgentHistory {
  const limit = Math.min(Math.max(options.limit ?? 60, 1), 500);
  const rows = listAgentExperiments(context.database, agentName, limit);
  if (rows.length === 0 && !getAgentByName(context.database, agentName))
    throw new NotFoundError(`no agent named "${agentName}"`);

  // The newest saved version with a given text names it.
  const savedLabel = new Map<string, string>();
  for (const version of listAgentPromptVersions(context.database, agentName)) {
    if (!savedLabel.has(version.systemPrompt))
      savedLabel.set(version.systemPrompt, `${version.name} v${version.version}`);
  }

  const points: HistoryPoint[] = [];
  const unreadable: string[] = [];
  for (const row of rows) {
    const variants = readVariants(row.variantsJson);
    if (!variants) {
      unreadable.push(row.id);
      continue;
    }
    const summary = summaryOfExperiment(context.database, row, countConversations(context.database, row.id));
    for (const variant of summary.variants) {
      // Nothing finished: no point (a gap), rather than a row of empty figures.
      if (variant.conversations === 0) continue;
      const prompt =
        variants.find((candidate) => candidate.name === variant.name)?.systemPrompt ?? row.agentPrompt ?? '';
      const key = promptKey(prompt);
      const rates: HistoryPoint['rates'] = {};
      for (const metric of [...CALL_RATE_METRICS, ...ACCURACY_RATE_METRICS]) {
        const rate = variant[metric];
        if (rate) rates[metric] = { value: rate.value, low: rate.low, high: rate.high };
      }
      points.push({
        experimentId: row.id,
        createdAt: row.createdAt,
        status: row.status,
        simulated: row.simulated,
        variant: variant.name,
        promptKey: key,
        promptLabel: savedLabel.get(prompt) ?? `prompt #${key}`,
        datasetName: row.datasetName,
        conversations: variant.conversations,
        rates,
        turnsMean: variant.turnsToCompletion.mean,
        latencyP50: variant.latencyMs.p50,
        latencyP95: variant.latencyMs.p95,
        meanToolNameConfidence:
          typeof variant.meanToolNameConfidence === 'number' ? variant.meanToolNameConfidence : null,
      });
    }
  }
  return {
    agent: agentName,
    points,
    experimentsShown: rows.length,
    experimentsTotal: countAgentExperiments(context.database, agentName),
    unreadable,
  };
}

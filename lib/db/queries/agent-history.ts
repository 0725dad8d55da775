// An agent's experiments over time, for the across-runs charts: each experiment with only the parts
// of its config the history needs (read by SQLite's json_extract, so that a config holding 10,000
// inputs is never parsed in JavaScript), and every saved prompt version of the agent.
import { count, desc, eq, sql } from 'drizzle-orm';
import type { RemoraDatabase } from '../client';
import { agents, conversations, experiments, promptVariants, type ExperimentStatus } from '../schema';

export type AgentExperimentRow = {
  id: string;
  status: ExperimentStatus;
  simulated: boolean;
  createdAt: number;
  finishedAt: number | null;
  /** JSON text of config.experiment.variants (name, systemPrompt?, settings), or null. */
  variantsJson: string | null;
  /** The agent's system prompt as that experiment ran it (variants without their own use it). */
  agentPrompt: string | null;
  datasetName: string | null;
};

/** The agent's newest experiments, newest first. */
export function listAgentExperiments(database: RemoraDatabase, agentName: string, limit: number): AgentExperimentRow[] {
  // Over experiments_agent_name_index (agent, created_at).
  return database
    .select({
      id: experiments.id,
      status: experiments.status,
      simulated: experiments.simulated,
      createdAt: experiments.createdAt,
      finishedAt: experiments.finishedAt,
      variantsJson: sql<string | null>`json_extract(${experiments.config}, '$.experiment.variants')`,
      agentPrompt: sql<string | null>`json_extract(${experiments.config}, '$.agent.systemPrompt')`,
      datasetName: sql<string | null>`json_extract(${experiments.config}, '$.experiment.dataset.name')`,
    })
    .from(experiments)
    .where(eq(experiments.agentName, agentName))
    .orderBy(desc(experiments.createdAt), desc(experiments.id))
    .limit(limit)
    .all();
}

export function countAgentExperiments(database: RemoraDatabase, agentName: string): number {
  return (
    database.select({ total: count() }).from(experiments).where(eq(experiments.agentName, agentName)).get()?.total ?? 0
  );
}

/** Every saved version of every prompt variant of the agent (by the agent's name), newest first. */
export function listAgentPromptVersions(
  database: RemoraDatabase,
  agentName: string,
): { name: string; version: number; systemPrompt: string }[] {
  return database
    .select({ name: promptVariants.name, version: promptVariants.version, systemPrompt: promptVariants.systemPrompt })
    .from(promptVariants)
    .innerJoin(agents, eq(agents.id, promptVariants.agentId))
    .where(eq(agents.name, agentName))
    .orderBy(desc(promptVariants.createdAt), desc(promptVariants.version))
    .all();
}

/** Conversations stored for an experiment (over conversations_outcome_index). */
export function countConversations(database: RemoraDatabase, experimentId: string): number {
  return (
    database.select({ total: count() }).from(conversations).where(eq(conversations.experimentId, experimentId)).get()
      ?.total ?? 0
  );
}

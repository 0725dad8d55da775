// First start of the panel: agents on disk (agents/<name>/agent.yaml) go into SQLite. From then on
// the database holds them as edited in the panel, so an agent already there is never overwritten.
import path from 'node:path';
import type { RemoraDatabase } from '../../db/client';
import { getAgentByName, upsertAgent } from '../../db/queries/agents';
import { errorMessage } from '../../errors';
import { loadAgents, type AgentProblem } from '../../agents/load';

export type AgentSyncReport = {
  /** Names inserted now. */
  inserted: string[];
  /** Names already in the database, left as they are. */
  kept: string[];
  /** Agent folders that could not be read or are not valid: logged and skipped. */
  problems: AgentProblem[];
};

/**
 * Where an agent came from, as stored: relative to `root` when it lies inside it (so that the
 * project can move), absolute otherwise.
 */
export function sourcePathFor(folder: string, root: string): string {
  const relative = path.relative(root, folder);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : path.resolve(folder);
}

/** The folder an agent's scripts and inputs live in, from its stored source path. */
export function agentFolderFor(sourcePath: string | null, name: string, root: string): string {
  return path.resolve(root, sourcePath ?? path.join('agents', name));
}

/**
 * Inserts every valid agent under `agentsDir` that the database does not know yet, with its
 * definition (as in its YAML) and where it came from. Never throws for a broken agent file: the
 * problem is logged and the agent skipped, so that one bad file cannot stop the panel starting.
 */
export async function syncAgentsFromFolder(
  database: RemoraDatabase,
  agentsDir: string,
  options: { root: string; log?(message: string): void },
): Promise<AgentSyncReport> {
  const log = options.log ?? ((message: string) => console.warn(message));
  const { agents, problems } = await loadAgents(agentsDir);
  const report: AgentSyncReport = { inserted: [], kept: [], problems };
  for (const problem of problems)
    log(`agent ${problem.agent} skipped (${problem.file}):\n  - ${problem.problems.join('\n  - ')}`);
  for (const agent of agents) {
    try {
      // Checked first, then written: only a second panel starting on the same file at the same
      // moment could slip between the two, and it would write the very same definition.
      if (getAgentByName(database, agent.name)) {
        report.kept.push(agent.name);
        continue;
      }
      upsertAgent(database, {
        name: agent.name,
        definition: agent.definition as Record<string, unknown>,
        sourcePath: sourcePathFor(agent.folder, options.root),
      });
      report.inserted.push(agent.name);
    } catch (error) {
      log(`agent ${agent.name} could not be stored: ${errorMessage(error)}`);
      report.problems.push({
        agent: agent.name,
        file: agent.file,
        problems: [`cannot store it: ${errorMessage(error)}`],
        warnings: [],
      });
    }
  }
  return report;
}

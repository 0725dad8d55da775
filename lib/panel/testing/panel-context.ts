// A real panel context for tests: a SQLite file in a temporary folder, the simulator on 127.0.0.1,
// a job runner with its own tool pool, and the project's harness agent imported.
import path from 'node:path';
import { syncAgentsFromFolder } from '../agents/sync';
import { projectRoot } from '../../config';
import { deleteAgent, getAgentByName } from '../../db/queries/agents';
import { openTemporaryDatabase } from '../../db/testing/temporary-database';
import { JobRunner } from '../../experiments/job-runner';
import { startSimServer, type SimServer } from '../../sim/server';
import type { PanelContext } from '../context';
import { ensureSimulatedEndpoint } from '../endpoints/endpoints';

export type TestPanel = PanelContext & { simulator: SimServer; dispose(): Promise<void> };

export async function openTestPanel(options: { agents?: string[] } = {}): Promise<TestPanel> {
  const temporary = openTemporaryDatabase();
  const root = projectRoot();
  const simulator = await startSimServer({ port: 0, seed: 11, latencyMs: 2, http500Rate: 0, http429Rate: 0 });
  const report = await syncAgentsFromFolder(temporary.database, path.join(root, 'agents'), { root, log: () => {} });
  // Only the agents a test names stay (other engineers add agents to agents/ over time).
  const keep = new Set(options.agents ?? ['harness']);
  for (const name of report.inserted) {
    const row = keep.has(name) ? null : getAgentByName(temporary.database, name);
    if (row) deleteAgent(temporary.database, row.id);
  }
  ensureSimulatedEndpoint(temporary.database, () => {});
  const jobRunner = new JobRunner({
    database: temporary.database,
    toolPoolSize: 2,
    resolveSimulator: () => simulator.url,
    log: () => {},
  });
  return {
    database: temporary.database,
    jobRunner,
    root,
    simulator,
    simulatorUrl: () => simulator.url,
    async dispose() {
      await jobRunner.close();
      await simulator.close();
      temporary.dispose();
    },
  };
}

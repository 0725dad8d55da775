// Test support: the harness agent run against the real parts (a simulator on 127.0.0.1, a tool
// worker pool) with a fresh temporary database per test. The hooks are registered in the calling
// file; the fields are set once its beforeAll ran.
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { loadAgent } from '../../agents/load';
import { projectRoot } from '../../config';
import { openTemporaryDatabase, type TemporaryDatabase } from '../../db/testing/temporary-database';
import type { ConversationInput } from '../../protocol/conversation';
import type { AgentRuntime } from '../../runner/types';
import { startSimServer, type SimServer } from '../../sim/server';
import { ToolWorkerPool } from '../../tools/worker-pool';

export type HarnessSuite = {
  sim: SimServer;
  agent: AgentRuntime;
  inputs: ConversationInput[];
  temporary: TemporaryDatabase;
  tools: ToolWorkerPool;
};

export function harnessSuite(simulator: { seed: number; latencyMs: number }): HarnessSuite {
  const suite = {} as HarnessSuite;
  beforeAll(async () => {
    suite.sim = await startSimServer({ port: 0, ...simulator, http500Rate: 0, http429Rate: 0 });
    const loaded = await loadAgent(path.join(projectRoot(), 'agents', 'harness'));
    suite.agent = loaded.toRuntime();
    suite.inputs = loaded.inputs;
    suite.tools = new ToolWorkerPool({ size: 2 });
  });
  afterAll(async () => {
    await suite.tools?.close();
    await suite.sim?.close();
  });
  beforeEach(() => {
    suite.temporary = openTemporaryDatabase();
  });
  afterEach(() => suite.temporary.dispose());
  return suite;
}

// Early stop against the real parts (a SQLite file, the simulator, the tool pool): a variant that
// must call a tool against one that may not, compared on the tool-call rate chosen as primary.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAgent } from '../agents/load';
import { projectRoot } from '../config';
import { openTemporaryDatabase } from '../db/testing/temporary-database';
import type { AgentRuntime } from '../runner/types';
import type { ConversationInput } from '../protocol/conversation';
import { startSimServer } from '../sim/server';
import { ToolWorkerPool } from '../tools/worker-pool';
import { formatSummaryTable } from '../cli/format-table';
import { ExperimentConfig } from '../experiment-config/experiment-config';
import { createStoredExperiment, experimentSummary, runStoredExperiment } from './service';

let agent: AgentRuntime;
let inputs: ConversationInput[];
let tools: ToolWorkerPool;

beforeAll(async () => {
  const loaded = await loadAgent(path.join(projectRoot(), 'agents', 'harness'));
  agent = loaded.toRuntime();
  inputs = loaded.inputs;
  tools = new ToolWorkerPool({ size: 2 });
});
afterAll(async () => {
  await tools.close();
});

async function runWith(stopEarly: boolean) {
  const temporary = openTemporaryDatabase();
  const sim = await startSimServer({ port: 0, seed: 3, http500Rate: 0, http429Rate: 0 });
  try {
    const config = ExperimentConfig.parse({
      agent: agent.name,
      variants: [
        { name: 'may-not-call', settings: { toolChoice: 'none' } },
        { name: 'must-call', settings: { toolChoice: 'required' } },
      ],
      endpoint: { baseUrl: sim.url, model: 'm' },
      inputs,
      requestsPerVariant: inputs.length * 3,
      concurrency: 2,
      primaryMetric: 'toolCallRate',
      stopEarly,
    });
    const id = createStoredExperiment(temporary.database, config, agent).id;
    const result = await runStoredExperiment(temporary.database, id, { tools }).done;
    return { result, summary: experimentSummary(temporary.database, id), planned: inputs.length * 3 };
  } finally {
    await sim.close();
    temporary.dispose();
  }
}

describe('early stop', () => {
  it('stops once the primary comparison is decided, completes, and says why', async () => {
    const { result, summary, planned } = await runWith(true);
    expect(result.status).toBe('completed');
    const conversations = summary.variants.reduce((sum, variant) => sum + variant.conversations, 0);
    expect(conversations).toBeLessThan(2 * planned);
    expect(summary.stoppedEarly).toMatch(/^stopped early after \d+ inputs: every chosen comparison was decided/);
    const primary = summary.comparisons.find((comparison) => comparison.metric === 'toolCallRate');
    expect(primary).toMatchObject({ exploratory: false, paired: true, detectable: true });
    // The numbers are the confidence sequence's, which the stop does not bias, and say so.
    expect(primary).toMatchObject({ inference: 'anytime-valid', method: 'confidence-sequence' });
    expect(summary.inference).toBe('anytime-valid');
    expect(formatSummaryTable(summary)).toMatch(/STOPPED EARLY .*: stopped early after \d+ inputs/);
    expect(formatSummaryTable(summary)).toContain('95% confidence sequence, valid at any look');
  }, 120_000);

  it('runs every planned conversation without it', async () => {
    const { summary, planned } = await runWith(false);
    expect(summary.variants.map((variant) => variant.conversations)).toEqual([planned, planned]);
    expect(summary.stoppedEarly).toBeUndefined();
  }, 120_000);
});

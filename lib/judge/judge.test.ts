// The model judge against the real parts: a finished experiment on a SQLite file, then a judge run
// over real HTTP to the simulator (an OpenAI-compatible endpoint): a verdict per conversation with
// its prompt version and model, its pass rate compared across variants like any rate, new prompt
// versions only for changed text, and failed replies stored as judge errors that count for nothing.
import { describe, expect, it } from 'vitest';
import { verifyCounters } from '../db/counters/verify';
import { conversationJudgeVerdicts } from '../db/queries/judge';
import { ExperimentConfig } from '../experiment-config/experiment-config';
import { createStoredExperiment, experimentSummary, runStoredExperiment } from '../experiments/service';
import { harnessSuite } from '../experiments/testing/harness-suite';
import { SummaryJson, toSummaryJson } from '../metrics/summary-json';
import { startSimServer } from '../sim/server';
import { judgeExperiment } from './run-judge';

const suite = harnessSuite({ seed: 5, latencyMs: 1 });
const PROMPT = 'You judge whether the assistant used its tools to do what the user asked.';

async function finishedExperiment(): Promise<string> {
  const config = ExperimentConfig.parse({
    agent: 'harness',
    variants: [
      { name: 'a', systemPrompt: 'Call simple_tool.' },
      { name: 'b', systemPrompt: 'You may call simple_tool.' },
    ],
    endpoint: { baseUrl: suite.sim.url, model: 'sim', simulated: true },
    inputs: suite.inputs,
    requestsPerVariant: 10,
    concurrency: 4,
  });
  const id = createStoredExperiment(suite.temporary.database, config, suite.agent).id;
  await runStoredExperiment(suite.temporary.database, id, { tools: suite.tools }).done;
  return id;
}

type Row = { conversation_id: string; variant_name: string; outcome: string; reason: string };

describe('the model judge', () => {
  it('stores a verdict per conversation and compares its pass rate across variants, paired by input', async () => {
    const database = suite.temporary.database;
    const id = await finishedExperiment();
    const result = await judgeExperiment(database, id, {
      baseUrl: suite.sim.url,
      model: 'judge-model',
      prompt: { name: 'did-the-task', text: PROMPT },
    });
    expect(result.pass + result.fail + result.error).toBe(20);
    expect(result.error).toBe(0);
    expect(result.prompt.version).toBe(1);

    const rows = database.$client
      .prepare(
        `select v.conversation_id, c.variant_name, v.outcome, v.reason from judge_verdicts v
          join conversations c on c.id = v.conversation_id where v.experiment_id = ?`,
      )
      .all(id) as Row[];
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((row) => row.outcome))).toEqual(new Set(['pass', 'fail']));
    const summary = experimentSummary(database, id);
    for (const name of ['a', 'b']) {
      const mine = rows.filter((row) => row.variant_name === name);
      const variant = summary.variants.find((entry) => entry.name === name)!;
      expect(variant.judgePassRate).toMatchObject({
        successes: mine.filter((row) => row.outcome === 'pass').length,
        trials: mine.length,
      });
    }
    expect(summary.comparisons.find((entry) => entry.metric === 'judgePassRate')).toMatchObject({ paired: true });
    const json = SummaryJson.parse(toSummaryJson(summary));
    expect(json.variants[0].counts?.judgePassRate?.trials).toBe(10);
    expect(verifyCounters(database, id)?.differences).toEqual([]);

    const [verdict] = conversationJudgeVerdicts(database, rows[0].conversation_id);
    expect(verdict).toMatchObject({ model: 'judge-model', promptName: 'did-the-task', promptVersion: 1 });
    expect(verdict.reason).toBe(rows[0].reason);
  });

  it('makes a new prompt version only when the text changed; old verdicts keep theirs', async () => {
    const database = suite.temporary.database;
    const id = await finishedExperiment();
    const options = { baseUrl: suite.sim.url, model: 'judge-model', prompt: { name: 'p', text: PROMPT } };
    expect((await judgeExperiment(database, id, options)).prompt.version).toBe(1);
    expect((await judgeExperiment(database, id, options)).prompt.version).toBe(1);
    const changed = await judgeExperiment(database, id, {
      ...options,
      prompt: { name: 'p', text: `${PROMPT} Be strict.` },
    });
    expect(changed.prompt.version).toBe(2);
    const conversation = (database.$client.prepare('select id from conversations limit 1').get() as { id: string }).id;
    expect(conversationJudgeVerdicts(database, conversation).map((entry) => entry.promptVersion)).toEqual([2, 1, 1]);
    // The summary reads the latest run only.
    const variant = experimentSummary(database, id).variants[0];
    expect(variant.judgePassRate?.trials).toBe(10);
  });

  it('stores a failed judge request as a judge error, neither pass nor fail', async () => {
    const database = suite.temporary.database;
    const id = await finishedExperiment();
    const broken = await startSimServer({ port: 0, seed: 1, http500Rate: 1, http429Rate: 0 });
    try {
      const result = await judgeExperiment(database, id, {
        baseUrl: broken.url,
        model: 'judge-model',
        prompt: { name: 'p', text: PROMPT },
        concurrency: 8,
      });
      expect(result).toMatchObject({ pass: 0, fail: 0, error: 20 });
    } finally {
      await broken.close();
    }
    const reasons = database.$client.prepare('select distinct outcome, reason from judge_verdicts').all() as Row[];
    expect(reasons.every((row) => row.outcome === 'error' && row.reason.startsWith('judge error: '))).toBe(true);
    const summary = experimentSummary(database, id);
    expect(summary.variants.every((variant) => variant.judgePassRate === undefined)).toBe(true);
    expect(summary.comparisons.map((entry) => entry.metric)).not.toContain('judgePassRate');
  });
});

// `remora judge` against the real parts: a finished experiment in a SQLite file and the simulator
// as the judge's endpoint, over HTTP; the API key only from the environment variable named.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEndpoint } from '../db/queries/endpoints';
import { ExperimentConfig } from '../experiment-config/experiment-config';
import { createStoredExperiment, runStoredExperiment } from '../experiments/service';
import { harnessSuite } from '../experiments/testing/harness-suite';
import { runJudgeCommand } from './judge-command';

const suite = harnessSuite({ seed: 3, latencyMs: 1 });

async function setUp() {
  const config = ExperimentConfig.parse({
    agent: 'harness',
    variants: [{ name: 'a' }, { name: 'b', systemPrompt: 'Call simple_tool.' }],
    endpoint: { baseUrl: suite.sim.url, model: 'sim', simulated: true },
    inputs: suite.inputs,
    requestsPerVariant: 6,
    concurrency: 4,
  });
  const id = createStoredExperiment(suite.temporary.database, config, suite.agent).id;
  await runStoredExperiment(suite.temporary.database, id, { tools: suite.tools }).done;
  const promptFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'remora-judge-')), 'strict.txt');
  writeFileSync(promptFile, 'Pass only when the assistant called a tool.');
  return { id, promptFile };
}

describe('remora judge', () => {
  it('judges through a base URL and prints the pass rate per variant and its comparison', async () => {
    const { id, promptFile } = await setUp();
    const output = await runJudgeCommand(id, {
      db: suite.temporary.file,
      promptFile,
      baseUrl: suite.sim.url,
      model: 'judge-model',
    });
    expect(output.exitCode).toBe(0);
    expect(output.stdout).toMatch(/prompt "strict" version 1: \d+ pass, \d+ fail, 0 judge errors/);
    expect(output.stdout).toMatch(/^ {2}a: \d+\.\d% .* \d+\/6$/m);
    expect(output.stdout).toMatch(/^- Model judge pass rate: .*between a and b/m);
  });

  it('uses a saved endpoint and its key variable, and says plainly when the key is not set', async () => {
    const { id, promptFile } = await setUp();
    createEndpoint(suite.temporary.database, {
      name: 'judge',
      kind: 'openai',
      baseUrl: suite.sim.url,
      model: 'judge-model',
      apiKeyEnv: 'REMORA_TEST_JUDGE_KEY',
    });
    delete process.env.REMORA_TEST_JUDGE_KEY;
    const missing = await runJudgeCommand(id, { db: suite.temporary.file, promptFile, endpoint: 'judge' });
    expect(missing.exitCode).not.toBe(0);
    expect(missing.stderr).toContain('the environment variable REMORA_TEST_JUDGE_KEY');
    process.env.REMORA_TEST_JUDGE_KEY = 'secret-judge-key';
    try {
      const output = await runJudgeCommand(id, { db: suite.temporary.file, promptFile, endpoint: 'judge', json: true });
      expect(output.exitCode).toBe(0);
      const parsed = JSON.parse(output.stdout) as { judge: { pass: number; fail: number; model: string } };
      expect(parsed.judge.pass + parsed.judge.fail).toBe(12);
      expect(parsed.judge.model).toBe('judge-model');
    } finally {
      delete process.env.REMORA_TEST_JUDGE_KEY;
    }
    // The key is never stored.
    const dump = suite.temporary.database.$client
      .prepare("select count(*) as n from judge_verdicts where reason like '%secret-judge-key%'")
      .get() as { n: number };
    expect(dump.n).toBe(0);
  });

  it('refuses a missing prompt file or endpoint in one line', async () => {
    const { id } = await setUp();
    const output = await runJudgeCommand(id, {
      db: suite.temporary.file,
      promptFile: '/nonexistent/p.txt',
      baseUrl: suite.sim.url,
      model: 'm',
    });
    expect(output.stderr).toMatch(/cannot read --prompt-file "\/nonexistent\/p.txt"/);
    const noEndpoint = await runJudgeCommand(id, { db: suite.temporary.file, promptFile: '/nonexistent/p.txt' });
    expect(noEndpoint.stderr).toContain('give --endpoint NAME, or --base-url URL and --model NAME');
  });
});

// An experiment's own task-success check, against the real parts (a SQLite file, the simulator, the
// tool pool and its confinement): given in the config, run after each conversation beside the
// agent's check, its verdict stored per conversation, and its folder gone once the run ends.
import { harnessSuite } from './testing/harness-suite';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../config';
import { ExperimentConfig } from '../experiment-config/experiment-config';
import { createStoredExperiment, runStoredExperiment } from './service';

// Passes when simple_tool ran and the conversation submitted; says where it ran and whether a file
// outside its own folder and the workspace could be read (the confinement must hide the project).
const CHECK = `
import json, os, sys
request = json.load(sys.stdin)
args = request["arguments"]
called = any(call["name"] == "simple_tool" for call in args["calls"])
ok = called and args["outcome"] == "submitted"
print(json.dumps({"outcome": "success", "result": {
  "success": ok,
  "reason": "simple_tool ran and the result was submitted" if ok else "ended as " + args["outcome"],
  "details": {"script": os.path.abspath(sys.argv[0]), "sees_project": os.path.exists(${JSON.stringify(
    path.join(projectRoot(), 'package.json'),
  )})},
}}))
`;

const suite = harnessSuite({ seed: 7, latencyMs: 1 });

type Row = {
  outcome: string;
  task_success: number | null;
  custom_check_success: number | null;
  custom_check: string | null;
};

describe('an experiment’s own task-success check', () => {
  it('judges each conversation beside the agent’s check, confined, and stores its verdict', async () => {
    const config = ExperimentConfig.parse({
      agent: 'harness',
      variants: [{ name: 'a' }],
      endpoint: { baseUrl: suite.sim.url, model: 'sim', simulated: true },
      inputs: suite.inputs,
      requestsPerVariant: 12,
      concurrency: 4,
      customCheck: { name: 'echo_ran', source: CHECK },
    });
    const id = createStoredExperiment(suite.temporary.database, config, suite.agent).id;
    const result = await runStoredExperiment(suite.temporary.database, id, { tools: suite.tools }).done;
    expect(result.status).toBe('completed');
    const rows = suite.temporary.database.$client
      .prepare(
        'select outcome, task_success, custom_check_success, custom_check from conversations where experiment_id = ?',
      )
      .all(id) as Row[];
    expect(rows).toHaveLength(12);
    const scripts = new Set<string>();
    for (const row of rows) {
      const verdict = JSON.parse(row.custom_check!) as {
        check: string;
        success: boolean;
        reason: string;
        details: { script: string; sees_project: boolean };
      };
      expect(verdict.check).toBe('echo_ran');
      expect(row.custom_check_success).toBe(verdict.success ? 1 : 0);
      // The agent's own check still judges, apart.
      expect(row.task_success).not.toBeNull();
      if (row.outcome === 'submitted') expect(verdict.reason).toMatch(/simple_tool ran|ended as submitted/);
      else expect(verdict).toMatchObject({ success: false, reason: `ended as ${row.outcome}` });
      expect(verdict.details.sees_project).toBe(false);
      scripts.add(verdict.details.script);
    }
    // Both outcomes occur, so the stored verdicts are the script's and not a constant.
    expect(new Set(rows.map((row) => row.custom_check_success)).size).toBe(2);
    // One script for the run, removed with its folder when the run ended.
    expect(scripts.size).toBe(1);
    expect(existsSync(path.dirname([...scripts][0]))).toBe(false);
  });

  it('refuses a check without a name or a script, in plain words', () => {
    const parsed = ExperimentConfig.safeParse({
      agent: 'harness',
      variants: [{ name: 'a' }],
      endpoint: { baseUrl: suite.sim.url, model: 'sim' },
      inputs: suite.inputs,
      requestsPerVariant: 1,
      customCheck: { name: 'has space', source: '' },
    });
    expect(parsed.success).toBe(false);
    const messages = parsed.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'customCheck.name: must be 1 to 60 letters, digits, - or _',
        'customCheck.source: is empty',
      ]),
    );
  });
});

// The experiment's own check as a compared metric, against the real parts (a SQLite file, the
// simulator, the tool pool): its pass rate per variant in the summary (counted live, and the same
// from the rows), in the strict summary JSON, and compared across variants paired by input.
import { harnessSuite } from './testing/harness-suite';
import { describe, expect, it } from 'vitest';
import { verifyCounters } from '../db/counters/verify';
import { toSummaryJson, SummaryJson } from '../metrics/summary-json';
import { ExperimentConfig } from '../experiment-config/experiment-config';
import { createStoredExperiment, experimentSummary, runStoredExperiment } from './service';

// Passes when the conversation submitted.
const CHECK = `
import json, sys
args = json.load(sys.stdin)["arguments"]
ok = args["outcome"] == "submitted"
print(json.dumps({"outcome": "success", "result": {"success": ok, "reason": "ended as " + args["outcome"]}}))
`;

const suite = harnessSuite({ seed: 11, latencyMs: 1 });

describe('the custom check’s pass rate', () => {
  it('is summarized per variant, counted live, and compared paired by input', async () => {
    const config = ExperimentConfig.parse({
      agent: 'harness',
      variants: [
        { name: 'a', systemPrompt: 'Call simple_tool.' },
        { name: 'b', systemPrompt: 'You may call simple_tool when it helps.' },
      ],
      endpoint: { baseUrl: suite.sim.url, model: 'sim', simulated: true },
      inputs: suite.inputs,
      requestsPerVariant: 12,
      concurrency: 4,
      primaryMetric: 'customCheckRate',
      customCheck: { name: 'submitted', source: CHECK },
    });
    const database = suite.temporary.database;
    const id = createStoredExperiment(database, config, suite.agent).id;
    const result = await runStoredExperiment(database, id, { tools: suite.tools }).done;
    expect(result.status).toBe('completed');

    const rows = database.$client
      .prepare(
        `select variant_name as name, count(custom_check_success) as trials, sum(custom_check_success) as successes
          from conversations where experiment_id = ? group by variant_name order by variant_name`,
      )
      .all(id) as { name: string; trials: number; successes: number }[];
    expect(rows.map((row) => row.trials)).toEqual([12, 12]);

    const summary = experimentSummary(database, id);
    for (const row of rows) {
      const variant = summary.variants.find((entry) => entry.name === row.name)!;
      expect(variant.customCheckRate).toMatchObject({ successes: row.successes, trials: row.trials });
      expect(variant.customCheckRate!.value).toBeCloseTo(row.successes / row.trials, 12);
    }
    const comparison = summary.comparisons.find((entry) => entry.metric === 'customCheckRate');
    expect(comparison).toMatchObject({ a: 'a', b: 'b', paired: true, exploratory: false });
    const [rateA, rateB] = rows.map((row) => row.successes / row.trials);
    expect(comparison!.difference).toBeCloseTo(rateB - rateA, 12);

    const json = SummaryJson.parse(toSummaryJson(summary));
    expect(json.variants[0].customCheckRate).toEqual(expect.objectContaining({ value: rateA }));
    expect(json.variants[1].counts?.customCheckRate).toEqual({ successes: rows[1].successes, trials: 12 });
    expect(json.comparisons.map((entry) => entry.metric)).toContain('customCheckRate');

    // The live counters agree with a recount from the rows.
    expect(verifyCounters(database, id)?.differences).toEqual([]);
  });
});

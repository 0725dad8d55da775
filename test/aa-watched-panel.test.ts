// End to end, issue 14: A/A experiments run in the panel (its job runner, real SQLite, the
// simulator over HTTP) and read through the view GET /api/experiments/:id returns, many times per
// run while it goes on, show a difference at some look in at most about 5% of runs.
// The two variants word their prompt differently; the simulator does not read the wording, but its
// answer is a fixed function of the request at temperature 0, so each variant gets answers of its
// own, drawn from the same distribution: a real A/A test, with repeats that are identical per input.
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExperimentFromRequest } from '../lib/panel/experiments/create';
import { getExperimentView } from '../lib/panel/experiments/experiments';
import { CreateExperimentRequest } from '../lib/panel/experiments/requests';
import { openTestPanel, type TestPanel } from '../lib/panel/testing/panel-context';

const RUNS = Number(process.env.REMORA_AA_RUNS ?? 40);
const AT_ONCE = 4;
/** Between two looks: as often as the view can be computed, without starving the run. */
const LOOK_EVERY_MS = Number(process.env.REMORA_AA_LOOK_MS ?? 150);

type Run = {
  looks: number;
  liveLooks: number;
  differenceAtSomeLook: boolean;
  finalDifference: boolean;
  finalPaired: boolean;
  variantsDisagree: boolean;
};

let panel: TestPanel;
const runs: Run[] = [];

function prompt(run: number, wording: 'a' | 'b'): string {
  const task = 'Echo the request with simple_tool, then submit the result. Always respond with a tool call.';
  return wording === 'a'
    ? `Run ${run}. You are a careful assistant. ${task}`
    : `You are an assistant who works with care (run ${run}).\n${task}`;
}

async function watch(run: number): Promise<Run> {
  const request = CreateExperimentRequest.parse({
    agent: 'harness',
    variants: [
      { name: 'a', systemPrompt: prompt(run, 'a') },
      { name: 'b', systemPrompt: prompt(run, 'b') },
    ],
    endpoint: { kind: 'simulated' },
    // Every one of the harness agent's 26 inputs twice.
    requestsPerVariant: 52,
    concurrency: 8,
    temperature: 0,
  });
  const { id } = await createExperimentFromRequest(panel, request);
  const result: Run = {
    looks: 0,
    liveLooks: 0,
    differenceAtSomeLook: false,
    finalDifference: false,
    finalPaired: true,
    variantsDisagree: false,
  };
  for (;;) {
    const view = getExperimentView(panel, id);
    result.looks++;
    const ended = !['pending', 'running'].includes(view.status);
    if (view.summary.verdict === 'live') result.liveLooks++;
    if (view.summary.comparisons.some((comparison) => comparison.detectable)) result.differenceAtSomeLook = true;
    if (ended) {
      result.finalDifference = view.summary.comparisons.some((comparison) => comparison.detectable);
      result.finalPaired = view.summary.comparisons.every((comparison) => comparison.paired);
      result.variantsDisagree = view.summary.comparisons.some(
        (comparison) => comparison.difference !== null && comparison.difference !== 0,
      );
      expect(view.status).toBe('completed');
      return result;
    }
    await delay(LOOK_EVERY_MS);
  }
}

beforeAll(async () => {
  panel = await openTestPanel();
  // A few runs at a time: each waits on the simulator and its tools more than on the CPU.
  for (let first = 0; first < RUNS; first += AT_ONCE) {
    const batch = Array.from({ length: Math.min(AT_ONCE, RUNS - first) }, (_, offset) => watch(first + offset));
    runs.push(...(await Promise.all(batch)));
  }
}, 900_000);

afterAll(async () => {
  await panel?.dispose();
});

describe('A/A experiments in the panel, watched while they run', () => {
  it('show a difference at some look in at most about 5% of runs', () => {
    const atSomeLook = runs.filter((run) => run.differenceAtSomeLook).length;
    const final = runs.filter((run) => run.finalDifference).length;
    const disagree = runs.filter((run) => run.variantsDisagree).length;
    const looks = runs.reduce((sum, run) => sum + run.looks, 0);
    const liveLooks = runs.reduce((sum, run) => sum + run.liveLooks, 0);
    console.log(
      `${RUNS} A/A runs: ${looks} looks (${liveLooks} live); variants disagree on some input in ${disagree}; ` +
        `a difference at some look in ${atSomeLook}, at the end in ${final}`,
    );
    // Watched many times per run, and most looks while it ran (the live, anytime-valid verdict).
    expect(Math.min(...runs.map((run) => run.liveLooks))).toBeGreaterThanOrEqual(3);
    expect(runs.every((run) => run.finalPaired)).toBe(true);
    // The check can fail: the variants' answers do differ (identical answers could never differ).
    expect(runs.filter((run) => run.variantsDisagree).length).toBeGreaterThan(RUNS / 2);
    // "About 5%": 5% of 40 runs is 2; binomial noise allows one more at most (P(X > 3) < 0.15 at 5%).
    expect(atSomeLook).toBeLessThanOrEqual(Math.ceil(RUNS * 0.05) + 1);
  });
});

// The counted per-input view (input-counts.ts) against the one paired from every row (input-rows.ts)
// on a seeded experiment with uneven repeats, missing pairs, inputs one side never ran, errors,
// cancelled runs, scored and unscored verdicts, task checks and custom checks: the same JSON, byte for byte, for
// every filter, order, page and search.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../canonical-json';
import { createConversationWriter } from '../../db/conversation-writer';
import { getExperimentInputs } from '../../db/queries/compare';
import { createExperiment } from '../../db/queries/experiments';
import { docstringConversation, experimentConfig } from '../../db/testing/fixtures';
import { openTemporaryDatabase, type TemporaryDatabase } from '../../db/testing/temporary-database';
import { seededRandom } from '../../metrics/random';
import type { Outcome } from '../../runner/types';
import type { PanelContext } from '../context';
import { forgetKeptValues } from '../kept-values';
import { idleJobRunner } from '../testing/idle-job-runner';
import { canCountPairs, perInputFromCounts } from './input-counts';
import { perInputFromRows, type PerInputOptions, type PerInputRequest } from './input-rows';

const INPUTS = 45;
const SLOTS = 160;
const OUTCOMES: Outcome[] = ['submitted', 'submitted', 'submitted', 'turn_limit', 'no_tool_call', 'error', 'cancelled'];

let temporary: TemporaryDatabase;
let context: PanelContext;
let experimentId: string;
let repeatedId: string;

/** An experiment of three variants over `inputs`, its runs drawn from `seed`. */
function seedExperiment(inputs: { node_text: string; node_name: string }[], seed: number): string {
  const { database } = temporary;
  const random = seededRandom(seed);
  const id = createExperiment(database, {
    agentName: 'docstring',
    config: experimentConfig(['baseline', 'directive', 'required'], { inputs }),
    simulated: true,
    totalConversations: SLOTS * 3,
  }).id;
  const writer = createConversationWriter(database);
  for (let variantIndex = 0; variantIndex < 3; variantIndex++) {
    for (let slot = 0; slot < SLOTS; slot++) {
      // Uneven repeats; the last input only variant 0 runs, the one before only variant 1.
      let inputIndex = Math.floor(random() ** 1.5 * (inputs.length - 2));
      if (random() < 0.05) inputIndex = inputs.length - 1 - (variantIndex === 1 ? 1 : 0);
      if (variantIndex === 2 && inputIndex === inputs.length - 1) continue; // a missing slot
      const outcome = OUTCOMES[Math.floor(random() * OUTCOMES.length)];
      const variantName = ['baseline', 'directive', 'required'][variantIndex];
      writer.write(
        id,
        { variantIndex, variantName, slot, inputIndex },
        { ...docstringConversation({ outcome }), input: inputs[inputIndex] },
      );
    }
  }
  writer.close();
  // Verdicts, task checks and turns drawn per conversation, so that every rule of judgePair is met.
  const update = database.$client.prepare(
    'update conversations set model_response_count = ?, verdict_scored = ?, call_correct = ?, task_success = ?, ' +
      'custom_check_success = ? where id = ?',
  );
  const pick = () => [null, 0, 1][Math.floor(random() * 3)];
  const rows = database.$client.prepare('select id from conversations where experiment_id = ? order by id').all(id);
  for (const row of rows as { id: string }[]) {
    const scored = random() < 0.3 ? 1 : random() < 0.5 ? 0 : null;
    update.run(
      Math.floor(random() * 4),
      scored,
      scored === null ? null : pick(),
      random() < 0.5 ? pick() : null,
      random() < 0.5 ? pick() : null,
      row.id,
    );
  }
  return id;
}

function request(id: string, variantA: number, variantB: number, options: PerInputOptions): PerInputRequest {
  const inputsA = getExperimentInputs(context.database, id);
  const keys = inputsA.map((input) => (input === undefined || input === null ? null : canonicalJson(input)));
  return {
    a: { experiment: { id }, variantIndex: variantA },
    b: { experiment: { id }, variantIndex: variantB },
    inputsA,
    keysA: keys,
    keysB: keys,
    options,
  };
}

beforeAll(() => {
  temporary = openTemporaryDatabase();
  context = { database: temporary.database, jobRunner: idleJobRunner, root: '', simulatorUrl: () => '' };
  const inputs = Array.from({ length: INPUTS }, (_, index) => ({
    node_text: `def input_${index}():\n    pass`,
    node_name: `input ${index}`,
  }));
  experimentId = seedExperiment(inputs, 28);
  repeatedId = seedExperiment([...inputs.slice(0, 4), inputs[1]], 8);
});
afterAll(() => temporary.dispose());

const FILTERS = ['all', 'a', 'b', 'same', 'differ', 'failures'] as const;
const ORDERS = ['input', 'a-better', 'b-better'] as const;

const PAIRS = [
  [0, 1],
  [1, 0],
  [0, 2],
  [2, 1],
] as const;

describe('perInputFromCounts', () => {
  it.each(PAIRS)(
    'gives the rows way its view of variants %i and %i, byte for byte, for every filter, order, page and search',
    (variantA, variantB) => {
      const base = request(experimentId, variantA, variantB, {});
      expect(canCountPairs(base)).toBe(true);
      let compared = 0;
      for (const filter of FILTERS)
        for (const order of ORDERS)
          for (const options of [{}, { page: 2 }, { page: 9, query: ' INPUT 1' }]) {
            const asked = { ...base, options: { filter, order, ...options } };
            const paired = JSON.stringify(perInputFromRows(context, asked));
            expect(JSON.stringify(perInputFromCounts(context, asked))).toBe(paired);
            // Also when the counts are kept for later views of a finished experiment (kept-values.ts).
            const keep = {
              experimentId,
              kind: `pairs|${variantA}|${variantB}`,
              status: 'completed',
              finishedAt: 1,
              conversations: 1,
            };
            expect(JSON.stringify(perInputFromCounts(context, asked, keep))).toBe(paired);
            // And when read back from the database by a new process (stored JSON, kept-values.ts).
            forgetKeptValues(context.database);
            expect(JSON.stringify(perInputFromCounts(context, asked, keep))).toBe(paired);
            compared += 1;
          }
      expect(compared).toBe(FILTERS.length * ORDERS.length * 3);
    },
  );

  it('is compared on a seed with several pages, unpaired runs, one-sided inputs and every verdict', () => {
    const all = perInputFromRows(context, request(experimentId, 0, 2, {}));
    expect(all.pageCount).toBeGreaterThan(1);
    expect(all.tally.onlyA + all.tally.onlyB).toBeGreaterThan(0);
    expect(all.rows.some((row) => row.unpairedA > 0 || row.unpairedB > 0)).toBe(true);
    expect(all.rows.some((row) => row.pairs.some((pair) => pair.a.id === null))).toBe(false);
    for (const verdict of ['a', 'b', 'same', 'not_judged'] as const) expect(all.tally[verdict]).toBeGreaterThan(0);
    const reasons = new Set(all.rows.flatMap((row) => row.pairs.map((pair) => pair.reason)));
    for (const reason of ['right call', 'task success', 'outcome', 'fewer turns', 'cancelled'])
      expect(reasons).toContain(reason);
  });

  it('leaves an input listed twice to the rows way, which pools its runs', () => {
    expect(canCountPairs(request(repeatedId, 0, 1, {}))).toBe(false);
    expect(
      canCountPairs({ ...request(experimentId, 0, 1, {}), b: { experiment: { id: repeatedId }, variantIndex: 0 } }),
    ).toBe(false);
  });
});

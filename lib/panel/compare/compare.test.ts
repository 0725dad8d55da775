import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ExpectedCall, type Expectation } from '../../protocol/expectation';
import { scoreResponse } from '../../datasets/score';
import { createConversationWriter } from '../../db/conversation-writer';
import { createExperiment } from '../../db/queries/experiments';
import { docstringConversation, experimentConfig } from '../../db/testing/fixtures';
import { failingConversation, textConversation } from '../../db/testing/failing-fixtures';
import { openTemporaryDatabase, type TemporaryDatabase } from '../../db/testing/temporary-database';
import { InputError, NotFoundError } from '../../errors';
import type { ConversationInput } from '../../protocol/conversation';
import { getMetricsInput } from '../../db/queries/metrics-facts';
import { compareVariants, listCompareChoices } from './compare';
import { compareVariantMetrics } from './metrics';
import { matchInputsByContent } from './match-inputs';
import { getExperimentInputs } from '../../db/queries/compare';
import { canonicalJson } from '../../canonical-json';
import { getConversationPair } from './pair';
import type { VariantRef } from './request';
import type { PanelContext } from '../context';
import { idleJobRunner } from '../testing/idle-job-runner';

let temporary: TemporaryDatabase;
let context: PanelContext;
let first: string;
let second: string;

const inputs: ConversationInput[] = ['alpha', 'beta', 'gamma'].map((name) => ({
  node_text: `def ${name}():\n    pass`,
  node_name: name,
}));

// First experiment: baseline and directive over inputs alpha, beta, gamma (slot % 3), four runs each.
// baseline submits everything in 3 turns; directive fails on beta and answers alpha with text.
// Second experiment (a later run, inputs listed in another order, no inputs in its config): one
// variant also called baseline, which submits everything.
beforeEach(() => {
  temporary = openTemporaryDatabase();
  const database = temporary.database;
  context = { database, jobRunner: idleJobRunner, root: '', simulatorUrl: () => '' };
  first = createExperiment(database, {
    agentName: 'docstring',
    config: experimentConfig(['baseline', 'directive'], { inputs }),
    simulated: true,
    totalConversations: 8,
  }).id;
  second = createExperiment(database, {
    agentName: 'docstring',
    config: experimentConfig(['baseline'], { inputs: [] }),
    simulated: false,
    totalConversations: 3,
  }).id;
  const writer = createConversationWriter(database);
  for (let slot = 0; slot < 4; slot++) {
    const inputIndex = slot % 3;
    const input = inputs[inputIndex];
    writer.write(
      first,
      { variantIndex: 0, variantName: 'baseline', slot, inputIndex },
      { ...docstringConversation(), input },
    );
    const directive =
      inputIndex === 1 ? failingConversation() : inputIndex === 0 ? textConversation() : docstringConversation();
    writer.write(first, { variantIndex: 1, variantName: 'directive', slot, inputIndex }, { ...directive, input });
  }
  const reordered = [inputs[2], inputs[0], inputs[1]];
  reordered.forEach((input, inputIndex) =>
    writer.write(
      second,
      { variantIndex: 0, variantName: 'baseline', slot: inputIndex, inputIndex },
      { ...docstringConversation(), input },
    ),
  );
  writer.close();
});
afterEach(() => temporary.dispose());

describe('compareVariants', () => {
  it('lists experiments newest first with their variants', () => {
    const choices = listCompareChoices(context);
    expect(choices.map((choice) => [choice.id, choice.variants])).toEqual(
      expect.arrayContaining([
        [first, ['baseline', 'directive']],
        [second, ['baseline']],
      ]),
    );
  });

  it('compares two variants of one experiment: metrics in words and who did better per input', () => {
    const view = compareVariants(
      context,
      { experimentId: first, variant: 'baseline' },
      { experimentId: first, variant: 'directive' },
    );
    expect([view.a.label, view.b.label]).toEqual(['baseline', 'directive']);
    const completion = view.metrics.metrics.find((metric) => metric.metric === 'completionRate');
    expect(completion?.comparison).toMatchObject({ a: 'baseline', b: 'directive' });
    expect(view.metrics.a.completionRate).toMatchObject({ successes: 4, trials: 4 });
    expect(view.metrics.b.completionRate).toMatchObject({ successes: 1, trials: 4 });
    expect(completion?.sentence).toMatch(
      /^(directive completes \d+ points less often than baseline|Completion rate: (inconclusive|no information))/,
    );
    // alpha ran twice (slots 0, 3): text answers lose; beta fails; gamma ties.
    expect(view.perInput.tally).toEqual({
      a: 3,
      b: 0,
      same: 1,
      not_judged: 0,
      pairs: 4,
      sharedInputs: 3,
      onlyA: 0,
      onlyB: 0,
    });
    expect(view.perInput.rows.map((row) => [row.label, row.counts.a, row.counts.same, row.pairs.length])).toEqual([
      ['alpha: def alpha(): pass', 2, 0, 2],
      ['beta: def beta(): pass', 1, 0, 1],
      ['gamma: def gamma(): pass', 0, 1, 1],
    ]);
    expect(view.perInput.rows[0].pairs.every((pair) => pair.a.id !== null && pair.b.id !== null)).toBe(true);

    const same = compareVariants(
      context,
      { experimentId: first, variant: 'baseline' },
      { experimentId: first, variant: 'directive' },
      { filter: 'same' },
    );
    expect(same.perInput.rows.map((row) => row.label)).toEqual(['gamma: def gamma(): pass']);
    const searched = compareVariants(
      context,
      { experimentId: first, variant: 'baseline' },
      { experimentId: first, variant: 'directive' },
      { query: 'BETA' },
    );
    expect(searched.perInput.matching).toBe(1);
  });

  it('gives the metrics the rows give, within one experiment and across two', () => {
    const ref = (experimentId: string, variant: string): VariantRef => ({ experimentId, variant });
    const pairs = [
      [ref(first, 'baseline'), ref(first, 'directive')],
      [ref(first, 'directive'), ref(second, 'baseline')],
    ];
    for (const [a, b] of pairs) {
      const view = compareVariants(context, a, b);
      const rowsA = getMetricsInput(temporary.database, a.experimentId)!;
      const rowsB = a.experimentId === b.experimentId ? rowsA : getMetricsInput(temporary.database, b.experimentId)!;
      // Across experiments, B's inputs renumbered onto A's by content (they share all three).
      const keys = (id: string) => getExperimentInputs(temporary.database, id).map((input) => canonicalJson(input));
      const match =
        a.experimentId === b.experimentId ? null : matchInputsByContent(keys(a.experimentId), keys(b.experimentId));
      const fromRows = compareVariantMetrics(
        { facts: rowsA, variant: a.variant, label: view.a.label },
        { facts: rowsB, variant: b.variant, label: view.b.label, inputOf: match?.inputOfB },
        { paired: true },
      );
      expect(view.metrics).toEqual(fromRows);
      // directive, on one side of each pair, has failed requests: the errors are compared too.
      expect({ ...view.metrics.a.errors, ...view.metrics.b.errors }).not.toEqual({});
    }
  });

  it('compares variants of two experiments, matching inputs by content', () => {
    const view = compareVariants(
      context,
      { experimentId: first, variant: 'directive' },
      { experimentId: second, variant: 'baseline' },
    );
    expect([view.a.label, view.b.label]).toEqual(['directive', 'baseline']);
    expect(
      view.perInput.rows.map((row) => [
        row.label.split(':')[0],
        row.inputIndexA,
        row.inputIndexB,
        row.pairCount,
        row.unpairedA,
      ]),
    ).toEqual([
      ['alpha', 0, 1, 1, 1],
      ['beta', 1, 2, 1, 0],
      ['gamma', 2, 0, 1, 0],
    ]);
    expect(view.perInput.tally).toMatchObject({ a: 0, b: 2, same: 1 });
    // Issue 25 item 6: the two experiments ran the same three inputs, so the metrics pair them by
    // input (it said "Unpaired" beside "3 inputs both ran"), and the balance check sees alpha run
    // twice by one side and once by the other.
    expect(view.metrics.metrics.map((metric) => metric.comparison.paired)).not.toContain(false);
    expect(view.metrics.balance?.warnings).toEqual([
      expect.stringContaining('different numbers of conversations on 1 input(s) (input 0: directive 2, baseline 1)'),
      expect.stringContaining('Server failures differ'),
    ]);
    const sameNames = compareVariants(
      context,
      { experimentId: first, variant: 'baseline' },
      { experimentId: second, variant: 'baseline' },
    );
    expect([sameNames.a.label, sameNames.b.label]).toEqual(['baseline (A)', 'baseline (B)']);
    expect(sameNames.metrics.metrics[0].sentence).toMatch(/baseline \(A\)/);
  });

  it('refuses unknown experiments and variants, and a variant against itself', () => {
    expect(() =>
      compareVariants(context, { experimentId: 'missing', variant: 'x' }, { experimentId: first, variant: 'baseline' }),
    ).toThrow(NotFoundError);
    expect(() =>
      compareVariants(context, { experimentId: first, variant: 'nope' }, { experimentId: first, variant: 'baseline' }),
    ).toThrow(InputError);
    expect(() =>
      compareVariants(
        context,
        { experimentId: first, variant: 'baseline' },
        { experimentId: first, variant: 'baseline' },
      ),
    ).toThrow(/two different variants/);
  });

  it('shows a pair side by side with its verdict', () => {
    const view = compareVariants(
      context,
      { experimentId: first, variant: 'baseline' },
      { experimentId: first, variant: 'directive' },
    );
    const pair = view.perInput.rows[1].pairs[0];
    const shown = getConversationPair(context, pair.a.id!, pair.b.id!);
    expect(shown).toMatchObject({ verdict: 'a', reason: 'outcome', sameInput: true });
    expect(shown.a.conversation.outcome).toBe('submitted');
    expect(shown.b.conversation.outcome).toBe('error');
    const across = compareVariants(
      context,
      { experimentId: first, variant: 'directive' },
      { experimentId: second, variant: 'baseline' },
    );
    const acrossPair = across.perInput.rows[2].pairs[0];
    expect(getConversationPair(context, acrossPair.a.id!, acrossPair.b.id!).sameInput).toBe(true);
    expect(getConversationPair(context, pair.a.id!, acrossPair.b.id!).sameInput).toBe(false);
    expect(() => getConversationPair(context, 'missing', pair.b.id!)).toThrow(NotFoundError);
  });
});

describe('dataset comparisons', () => {
  it('judges pairs by their verdicts and adds the accuracy comparisons', () => {
    const lights: Expectation = {
      kind: 'call',
      calls: [ExpectedCall.parse({ name: 'toggle_lights', arguments: { room: ['kitchen'] } })],
    };
    const cases = [0, 1, 2].map((index) => ({ caseId: `row-${index}`, key: `c${index}`, expect: lights }));
    const caseInputs = [0, 1, 2].map((index) => ({ node_text: `turn on light ${index}` }));
    const id = createExperiment(temporary.database, {
      agentName: 'smart_home',
      config: experimentConfig(['plain', 'tuned'], { inputs: caseInputs, dataset: { id: 'd', name: 'lights', cases } }),
      simulated: true,
      totalConversations: 6,
    }).id;
    const writer = createConversationWriter(temporary.database);
    const made = (room: string) => ({ calls: [{ name: 'toggle_lights', arguments: { room } }] });
    [
      ['hall', 'kitchen', 'kitchen'],
      ['kitchen', 'kitchen', 'hall'],
    ].forEach((rooms, variantIndex) =>
      rooms.forEach((room, slot) =>
        writer.write(
          id,
          {
            variantIndex,
            variantName: variantIndex === 0 ? 'plain' : 'tuned',
            slot,
            inputIndex: slot,
            caseId: cases[slot].caseId,
            verdict: scoreResponse(lights, made(room), new Map()),
          },
          { ...textConversation(), input: caseInputs[slot] },
        ),
      ),
    );
    writer.close();
    const view = compareVariants(
      context,
      { experimentId: id, variant: 'plain' },
      { experimentId: id, variant: 'tuned' },
    );
    expect(view.perInput.tally).toMatchObject({ a: 1, b: 1, same: 1 });
    expect(view.perInput.rows.map((row) => row.pairs[0].reason)).toEqual(['right call', 'both right', 'right call']);
    expect(view.metrics.metrics.map((metric) => metric.metric)).toContain('callAccuracy');
  });
});

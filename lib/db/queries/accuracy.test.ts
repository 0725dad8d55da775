import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ExpectedCall, type Expectation } from '../../protocol/expectation';
import { scoreResponse } from '../../datasets/score';
import { summarizeExperiment } from '../../metrics/summarize';
import { toSummaryJson } from '../../metrics/summary-json';
import { closeDatabase, openDatabase, type RemoraDatabase } from '../client';
import { createConversationWriter } from '../conversation-writer';
import { experimentConfig } from '../testing/fixtures';
import { textConversation } from '../testing/failing-fixtures';
import { getCaseFacts, getConfusion, getConversationCase, listCaseVerdicts } from './accuracy';
import { getConversationRecord } from './conversations';
import { createExperiment } from './experiments';
import { getMetricsInput } from './metrics-facts';

let database: RemoraDatabase;
beforeEach(() => {
  database = openDatabase(':memory:');
});
afterEach(() => closeDatabase(database));

const lights: Expectation = {
  kind: 'call',
  calls: [ExpectedCall.parse({ name: 'toggle_lights', arguments: { room: ['kitchen'], state: ['on'] } })],
};
const none: Expectation = { kind: 'no_call' };
const schemas = new Map();
const call = (name: string, args: Record<string, unknown>) => ({ calls: [{ name, arguments: args }] });

// Four cases: three expect a call, one expects none.
const runCases = [
  { caseId: 'row-1', key: 'c1', expect: lights },
  { caseId: 'row-2', key: 'c2', expect: lights },
  { caseId: 'row-3', key: 'c3', expect: none },
  { caseId: 'row-4', key: 'c4', expect: lights },
];

function datasetExperiment(): string {
  const config = experimentConfig(['baseline', 'directive'], {
    dataset: { id: 'd1', name: 'lights', cases: runCases },
  });
  return createExperiment(database, { agentName: 'smart_home', config, simulated: false, totalConversations: 8 }).id;
}

describe('accuracy of a dataset experiment', () => {
  let experimentId: string;
  beforeEach(() => {
    experimentId = datasetExperiment();
    const writer = createConversationWriter(database);
    const verdicts = {
      baseline: [
        scoreResponse(lights, call('toggle_lights', { room: 'kitchen', state: 'on' }), schemas), // right
        // right name, wrong argument
        scoreResponse(lights, call('toggle_lights', { room: 'office', state: 'on' }), schemas),
        scoreResponse(none, call('lock_door', { door: 'front' }), schemas), // irrelevant answered with a call
        scoreResponse(lights, call('lock_door', {}), schemas), // wrong tool
      ],
      directive: [
        scoreResponse(lights, call('toggle_lights', { room: 'Kitchen', state: 'ON' }), schemas),
        scoreResponse(lights, call('toggle_lights', { room: 'kitchen', state: 'on' }), schemas),
        scoreResponse(none, { calls: [] }, schemas),
        scoreResponse(lights, null, schemas), // the request failed: unscored
      ],
    };
    (['baseline', 'directive'] as const).forEach((variant, variantIndex) => {
      verdicts[variant].forEach((verdict, slot) => {
        writer.write(
          experimentId,
          { variantIndex, variantName: variant, slot, inputIndex: slot, caseId: runCases[slot].caseId, verdict },
          textConversation(),
        );
      });
    });
    writer.close();
  });

  it('gives per-case facts for comparisons paired by case: scored calls and right ones, per variant and input', () => {
    const names = ['baseline', 'directive'];
    expect(getCaseFacts(database, experimentId, (index) => names[index])).toEqual([
      { variant: 'baseline', inputIndex: 0, caseId: 'row-1', scored: 1, correct: 1 },
      { variant: 'baseline', inputIndex: 1, caseId: 'row-2', scored: 1, correct: 0 },
      { variant: 'baseline', inputIndex: 3, caseId: 'row-4', scored: 1, correct: 0 },
      { variant: 'directive', inputIndex: 0, caseId: 'row-1', scored: 1, correct: 1 },
      { variant: 'directive', inputIndex: 1, caseId: 'row-2', scored: 1, correct: 1 },
    ]);
  });

  it('gives the metrics grouped verdicts, and the summary the accuracy rates', () => {
    const facts = getMetricsInput(database, experimentId);
    expect(facts?.accuracy?.kinds).toEqual(['call', 'no_call']);
    const summary = summarizeExperiment(experimentId, 'completed', facts!);
    const [baseline, directive] = summary.variants;
    expect(baseline.callAccuracy).toMatchObject({ successes: 1, trials: 3 });
    expect(baseline.nameAccuracy).toMatchObject({ successes: 2, trials: 3 });
    expect(baseline.argumentAccuracy).toMatchObject({ successes: 1, trials: 2 });
    expect(baseline.irrelevanceAccuracy).toMatchObject({ successes: 0, trials: 1 });
    expect(directive.callAccuracy).toMatchObject({ successes: 2, trials: 2, value: 1 });
    expect(directive.irrelevanceAccuracy).toMatchObject({ successes: 1, trials: 1 });
    expect(
      summary.comparisons
        .filter((comparison) => comparison.metric.endsWith('Accuracy'))
        .map((comparison) => comparison.metric),
    ).toEqual(['callAccuracy', 'nameAccuracy', 'argumentAccuracy', 'irrelevanceAccuracy']);
    const json = toSummaryJson(summary);
    expect(json.variants[0]).toMatchObject({
      callAccuracy: { value: 1 / 3 },
      counts: { callAccuracy: { successes: 1, trials: 3 } },
    });
  });

  it('builds the confusion table of expected and called names', () => {
    expect(getConfusion(database, experimentId, 'baseline')).toEqual({
      variant: 'baseline',
      expected: ['toggle_lights', '(no call)'],
      called: ['lock_door', 'toggle_lights'],
      cells: [
        { expected: '(no call)', called: 'lock_door', count: 1 },
        { expected: 'toggle_lights', called: 'lock_door', count: 1 },
        { expected: 'toggle_lights', called: 'toggle_lights', count: 2 },
      ],
      total: 4,
    });
    // The unscored case is not counted; the irrelevant request answered without a call is (no call) on both sides.
    expect(getConfusion(database, experimentId, 1)?.cells).toEqual([
      { expected: '(no call)', called: '(no call)', count: 1 },
      { expected: 'toggle_lights', called: 'toggle_lights', count: 2 },
    ]);
    expect(getConfusion(database, experimentId, 'nobody')).toBeNull();
  });

  it('lists the verdict of each case with the case it ran, and keeps it with the conversation', () => {
    const rows = listCaseVerdicts(database, experimentId, { variant: 'baseline' });
    expect(rows.map((row) => [row.caseKey, row.caseId, row.verdict?.correct])).toEqual([
      ['c1', 'row-1', true],
      ['c2', 'row-2', false],
      ['c3', 'row-3', false],
      ['c4', 'row-4', false],
    ]);
    expect(
      listCaseVerdicts(database, experimentId, { onlyWrong: true }).map((row) => `${row.variantName}:${row.caseKey}`),
    ).toEqual(['baseline:c2', 'baseline:c3', 'baseline:c4']);
    const stored = getConversationRecord(database, rows[1].conversationId);
    expect(stored?.meta.verdict?.failures[0]).toMatchObject({ kind: 'wrong_value', argument: 'room' });
  });

  it('gives a transcript its case: the expected call beside the verdict', () => {
    const [, second] = listCaseVerdicts(database, experimentId, { variant: 'baseline' });
    const found = getConversationCase(database, second.conversationId);
    expect(found).toMatchObject({
      caseId: 'row-2',
      caseKey: 'c2',
      expectation: lights,
      verdict: { correct: false, calls: [{ name: 'toggle_lights', arguments: { room: 'office', state: 'on' } }] },
    });
    expect(getConversationCase(database, 'missing')).toBeNull();
  });

  it('reports no accuracy for an experiment without expectations', () => {
    const plain = createExperiment(database, {
      agentName: 'docstring',
      config: experimentConfig(),
      simulated: false,
      totalConversations: 1,
    }).id;
    const summary = summarizeExperiment(plain, 'completed', getMetricsInput(database, plain)!);
    expect(Object.keys(toSummaryJson(summary).variants[0])).not.toContain('callAccuracy');
  });
});

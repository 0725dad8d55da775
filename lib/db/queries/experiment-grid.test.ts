import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type RemoraDatabase } from '../client';
import { createConversationWriter } from '../conversation-writer';
import { docstringConversation, experimentConfig } from '../testing/fixtures';
import { failingConversation, textConversation } from '../testing/failing-fixtures';
import { createExperiment } from './experiments';
import { getExperimentGrid, inputTextsOf } from './experiment-grid';

let database: RemoraDatabase;
let experimentId: string;

// Two inputs, two variants, three repeats each: variant 0 calls, variant 1 answers in text on input
// 0 and fails on input 1.
beforeEach(() => {
  database = openDatabase(':memory:');
  experimentId = createExperiment(database, {
    agentName: 'docstring',
    config: experimentConfig(),
    simulated: true,
    totalConversations: 12,
  }).id;
  const writer = createConversationWriter(database);
  for (let slot = 0; slot < 6; slot++) {
    const inputIndex = slot % 2;
    writer.write(experimentId, { variantIndex: 0, variantName: 'baseline', slot, inputIndex }, docstringConversation());
    writer.write(
      experimentId,
      { variantIndex: 1, variantName: 'directive', slot, inputIndex },
      inputIndex === 0 ? textConversation() : failingConversation(),
    );
  }
  writer.close();
});
afterEach(() => closeDatabase(database));

describe('getExperimentGrid', () => {
  it('gives each input x variant cell its outcomes and the first call of its first repeats', () => {
    const grid = getExperimentGrid(database, experimentId, { repeatsShown: 2 });
    expect(grid.inputIndexes).toEqual([0, 1]);
    expect(grid.inputCount).toBe(2);
    const cell = (input: number, variant: number) =>
      grid.cells.find((entry) => entry.inputIndex === input && entry.variantIndex === variant)!;
    expect(cell(0, 0)).toMatchObject({ repeats: 3, outcomes: { submitted: 3 } });
    expect(cell(0, 0).shown.map((repeat) => repeat.slot)).toEqual([0, 2]);
    expect(cell(0, 0).shown[0]).toMatchObject({
      parsePath: 'tool_calls',
      firstCall: { name: 'read_current_docstring', arguments: { node_name: 'add' } },
      correct: null,
    });
    expect(cell(0, 1).shown[0]).toMatchObject({ outcome: 'no_tool_call', parsePath: 'text', firstCall: null });
    expect(cell(1, 1)).toMatchObject({ outcomes: { error: 3 } });
    expect(cell(1, 1).shown[0].firstCall?.name).toBe('read_current_docstring');
  });

  it('windows the inputs', () => {
    const grid = getExperimentGrid(database, experimentId, { inputOffset: 1, inputLimit: 5 });
    expect(grid.inputIndexes).toEqual([1]);
    expect(grid.cells.every((cell) => cell.inputIndex === 1)).toBe(true);
    expect(getExperimentGrid(database, 'missing')).toEqual({ inputIndexes: [], cells: [], inputCount: 0 });
  });

  it('shows only the inputs where the variants differ, or only those with a failure', () => {
    // Input 2: both variants submit the same call every time (alike, no failure); input 3: alike,
    // but both fail.
    const writer = createConversationWriter(database);
    for (const [variantIndex, variantName] of [
      [0, 'baseline'],
      [1, 'directive'],
    ] as const) {
      // The same calls under other ids (a server's ids are new every time) are alike.
      const renamed = JSON.parse(JSON.stringify(docstringConversation()).replaceAll('call_1', `call_${variantName}`));
      writer.write(experimentId, { variantIndex, variantName, slot: 6, inputIndex: 2 }, renamed);
      writer.write(experimentId, { variantIndex, variantName, slot: 7, inputIndex: 3 }, failingConversation());
    }
    writer.close();
    expect(getExperimentGrid(database, experimentId).inputIndexes).toEqual([0, 1, 2, 3]);
    const differ = getExperimentGrid(database, experimentId, { show: 'differ' });
    expect(differ).toMatchObject({ inputIndexes: [0, 1], inputCount: 2 });
    expect(new Set(differ.cells.map((cell) => cell.inputIndex))).toEqual(new Set([0, 1]));
    expect(getExperimentGrid(database, experimentId, { show: 'failures' })).toMatchObject({
      inputIndexes: [0, 1, 3],
      inputCount: 3,
    });
    // The window applies to the inputs kept.
    expect(
      getExperimentGrid(database, experimentId, { show: 'failures', inputOffset: 1, inputLimit: 1 }),
    ).toMatchObject({ inputIndexes: [1], inputCount: 3 });
  });
});

describe('inputTextsOf', () => {
  it("gives each asked input's stored text once, and nothing for no inputs", () => {
    const texts = inputTextsOf(database, experimentId, [1, 0]).toSorted((a, b) => a.inputIndex - b.inputIndex);
    expect(texts.map((text) => text.inputIndex)).toEqual([0, 1]);
    expect(JSON.parse(texts[0].input)).toEqual(docstringConversation().input);
    expect(inputTextsOf(database, experimentId, [])).toEqual([]);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DatasetCase } from '../../datasets/case';
import { caseToInput } from '../../datasets/to-input';
import { closeDatabase, openDatabase, type RemoraDatabase } from '../client';
import { getDatasetCases, importDataset } from './datasets';
import { deleteCase, updateCase } from './dataset-edits';
import { createExperiment } from './experiments';
import { copyDatasetCases, datasetScoringOf, experimentCaseAt, experimentCaseInputs } from './experiment-cases';
import { experimentConfig } from '../testing/fixtures';

// A dataset experiment's own copy of its cases, read back in pages as the run reaches them.
let database: RemoraDatabase;
beforeEach(() => {
  database = openDatabase(':memory:');
});
afterEach(() => closeDatabase(database));

const cases = Array.from({ length: 700 }, (_, index) =>
  DatasetCase.parse({
    id: `case-${index}`,
    input: { messages: [{ role: 'user', content: `request ${index}` }] },
    expect:
      index % 3 === 0
        ? { kind: 'no_call' }
        : { kind: 'call', calls: [{ name: 'toggle_lights', arguments: { state: ['on'] } }] },
    tools:
      index % 2 === 0
        ? [
            {
              type: 'function',
              function: {
                name: 'toggle_lights',
                description: 'lights',
                parameters: { type: 'object', properties: {} },
              },
            },
          ]
        : undefined,
  }),
);

function newExperiment(): string {
  return createExperiment(database, {
    agentName: 'smart_home',
    config: experimentConfig(),
    simulated: true,
    totalConversations: 1,
  }).id;
}

describe('experiment cases', () => {
  it('copies the set in order, numbered from 0 even where deleted cases left gaps', () => {
    const { dataset } = importDataset(database, { name: 'set', sourceFormat: 'remora', cases });
    const stored = getDatasetCases(database, dataset.id);
    deleteCase(database, stored[1].rowId);
    deleteCase(database, stored[400].rowId);
    const experimentId = newExperiment();
    expect(copyDatasetCases(database, experimentId, dataset.id)).toBe(698);
    expect(experimentCaseAt(database, experimentId, 1)).toEqual({
      caseId: stored[2].rowId,
      key: 'case-2',
      expect: cases[2].expect,
    });
    expect(experimentCaseAt(database, experimentId, 697)).toMatchObject({ key: 'case-699' });
    expect(experimentCaseAt(database, experimentId, 698)).toBeNull();
  });

  it('gives each position the case as the runner input, in any order of reading, from its own copy', () => {
    const { dataset } = importDataset(database, { name: 'set', sourceFormat: 'remora', cases });
    const experimentId = newExperiment();
    copyDatasetCases(database, experimentId, dataset.id);
    // An edit of the set after the experiment was created changes nothing it runs.
    updateCase(database, getDatasetCases(database, dataset.id)[5].rowId, {
      input: { messages: [{ role: 'user', content: 'edited' }] },
    });
    const inputs = experimentCaseInputs(database, experimentId, cases.length);
    for (const index of [0, 5, 255, 256, 699, 3, 512, 5]) {
      expect(inputs.at(index)).toEqual({
        input: caseToInput(cases[index]),
        runCase: expect.objectContaining({ key: `case-${index}`, expect: cases[index].expect }),
      });
    }
    expect(() => inputs.at(700)).toThrow(/no case at position 700/);
  });

  it('tells how a dataset experiment scores from its config alone, with its cases inline or stored', () => {
    const stored = (scoring?: string) => ({
      experiment: { inputs: [], storedCases: { datasetId: 'd', name: 'set', count: 700, kinds: ['call'], scoring } },
    });
    const inline = (scoring?: string) => ({
      experiment: {
        inputs: [{}],
        dataset: { id: 'd', name: 'set', cases: [{ caseId: 'c', key: 'k', expect: null }], scoring },
      },
    });
    expect(datasetScoringOf(stored('bfcl'))).toBe('bfcl');
    expect(datasetScoringOf(stored())).toBe('lenient');
    expect(datasetScoringOf(inline('bfcl'))).toBe('bfcl');
    expect(datasetScoringOf(inline())).toBe('lenient');
    expect(datasetScoringOf({ experiment: { inputs: [{}] } })).toBeNull();
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DatasetCase } from '../../datasets/case';
import { InputError } from '../../errors';
import { closeDatabase, openDatabase, type RemoraDatabase } from '../client';
import {
  datasetContentHash,
  datasetExperimentInputs,
  deleteDataset,
  exportDataset,
  findOrImportDataset,
  getDataset,
  getDatasetCases,
  importDataset,
  listDatasets,
  plainCases,
} from './datasets';
import { addCase, deleteCase, updateCase } from './dataset-edits';

let database: RemoraDatabase;
beforeEach(() => {
  database = openDatabase(':memory:');
});
afterEach(() => closeDatabase(database));

const cases = [
  DatasetCase.parse({
    id: 'a',
    input: { messages: [{ role: 'user', content: 'Lights on' }] },
    expect: { kind: 'call', calls: [{ name: 'toggle_lights', arguments: { state: ['on'] } }] },
  }),
  DatasetCase.parse({
    id: 'b',
    input: { messages: [{ role: 'user', content: 'Tell me a joke' }] },
    expect: { kind: 'no_call' },
  }),
];
const count = (table: string) => database.$client.prepare(`select count(*) from ${table}`).pluck().get();

describe('importDataset', () => {
  it('stores the cases in order and reads them back as they were', () => {
    const { dataset, reused } = importDataset(database, { name: 'lights', sourceFormat: 'remora', cases }, 1000);
    expect(reused).toBe(false);
    expect(dataset).toMatchObject({
      name: 'lights',
      caseCount: 2,
      sourceFormat: 'remora',
      contentHash: datasetContentHash(cases),
      createdAt: 1000,
    });
    const stored = getDatasetCases(database, dataset.id);
    expect(stored.map((entry) => entry.position)).toEqual([0, 1]);
    expect(plainCases(stored)).toEqual(cases);
    expect(getDataset(database, 'lights')?.id).toBe(dataset.id);
    expect(getDataset(database, dataset.id)?.name).toBe('lights');
  });

  it('stores nothing when a case is invalid', () => {
    const invalid = [...cases, { id: 'c', input: { messages: [] }, expect: null } as unknown as DatasetCase];
    expect(() => importDataset(database, { name: 'bad', sourceFormat: 'remora', cases: invalid })).toThrow(InputError);
    expect(count('datasets')).toBe(0);
    expect(count('dataset_cases')).toBe(0);
  });

  it('refuses cases that share an id, naming them', () => {
    const duplicated = [cases[0], { ...cases[1], id: 'a' }];
    expect(() => importDataset(database, { name: 'dup', sourceFormat: 'remora', cases: duplicated })).toThrow(
      expect.objectContaining({ problems: ['case 2: id "a" is used twice'] }),
    );
    expect(count('datasets')).toBe(0);
  });

  it('stores nothing when the database refuses a row half way (the transaction rolls back)', () => {
    database.$client.exec(
      `create trigger refuse_b before insert on dataset_cases when new.case_key = 'b'
        begin select raise(abort, 'refused by the test'); end`,
    );
    expect(() => importDataset(database, { name: 'half', sourceFormat: 'remora', cases })).toThrow(
      /refused by the test/,
    );
    expect(count('datasets')).toBe(0);
    expect(count('dataset_cases')).toBe(0);
  });

  it('reuses the same cases under the same name and refuses other cases under it', () => {
    const first = importDataset(database, { name: 'lights', sourceFormat: 'remora', cases });
    expect(importDataset(database, { name: 'lights', sourceFormat: 'distil', cases })).toEqual({
      dataset: first.dataset,
      reused: true,
    });
    expect(() => importDataset(database, { name: 'lights', sourceFormat: 'remora', cases: [cases[0]] })).toThrow(
      /already exists with other cases/,
    );
  });

  it('reuses the first set with the same cases when the same file comes again under another name', () => {
    const first = importDataset(database, { name: 'lights', sourceFormat: 'remora', cases }, 1000);
    importDataset(database, { name: 'only a', sourceFormat: 'remora', cases: [cases[0]] }, 2000);
    expect(
      importDataset(
        database,
        { name: 'lights (copy)', sourceFormat: 'remora', cases, sourceFile: '/tmp/lights.jsonl' },
        3000,
      ),
    ).toEqual({ dataset: first.dataset, reused: true });
    expect(count('datasets')).toBe(2);
    // Edited since, the stored set is no longer the file's content: the file makes a new set.
    const edited = getDatasetCases(database, first.dataset.id)[0];
    updateCase(database, edited.rowId, { note: 'changed' });
    expect(importDataset(database, { name: 'lights again', sourceFormat: 'remora', cases }).reused).toBe(false);
  });
});

describe('findOrImportDataset', () => {
  it('reuses an identical set under any name, and finds a free name for a new one', () => {
    const first = findOrImportDataset(database, { name: 'train', sourceFormat: 'distil', cases });
    expect(findOrImportDataset(database, { name: 'other', sourceFormat: 'distil', cases })).toEqual({
      dataset: first.dataset,
      reused: true,
    });
    const second = findOrImportDataset(database, { name: 'train', sourceFormat: 'distil', cases: [cases[1]] });
    const third = findOrImportDataset(database, { name: 'train', sourceFormat: 'distil', cases: [cases[0]] });
    expect([second.dataset.name, third.dataset.name]).toEqual(['train (2)', 'train (3)']);
    expect(listDatasets(database).map((row) => row.name)).toEqual(['train', 'train (2)', 'train (3)']);
  });
});

describe('editing cases', () => {
  it('updates a case after checking it, and the set hash follows', () => {
    const { dataset } = importDataset(database, { name: 'lights', sourceFormat: 'remora', cases });
    const [first] = getDatasetCases(database, dataset.id);
    const updated = updateCase(
      database,
      first.rowId,
      {
        expect: { kind: 'call', calls: [{ name: 'toggle_lights', arguments: { state: ['on', 'ON'] } }] },
        note: 'either case',
      },
      2000,
    );
    expect(updated).toMatchObject({
      id: 'a',
      note: 'either case',
      updatedAt: 2000,
      expect: { calls: [{ arguments: { state: ['on', 'ON'] } }] },
    });
    const refreshed = getDataset(database, dataset.id);
    expect(refreshed?.contentHash).toBe(datasetContentHash(plainCases(getDatasetCases(database, dataset.id))));
    expect(refreshed?.contentHash).not.toBe(dataset.contentHash);
    expect(updateCase(database, first.rowId, { note: null }).note).toBeUndefined();

    expect(() => updateCase(database, first.rowId, { id: 'b' })).toThrow(/another case of this dataset has the id "b"/);
    expect(() => updateCase(database, first.rowId, { input: { messages: [] } as never })).toThrow(InputError);
    expect(() => updateCase(database, 'missing', { note: 'x' })).toThrow(/no dataset case/);
  });

  it('adds and deletes cases, keeping at least one', () => {
    const { dataset } = importDataset(database, { name: 'lights', sourceFormat: 'remora', cases });
    const added = addCase(database, dataset.id, { id: 'c', input: { variables: { node_text: 'x' } } });
    expect(added.position).toBe(2);
    expect(() => addCase(database, dataset.id, { id: 'c', input: { variables: { node_text: 'y' } } })).toThrow(
      /already has a case/,
    );
    expect(getDataset(database, dataset.id)?.caseCount).toBe(3);
    const [first, second] = getDatasetCases(database, dataset.id);
    expect(deleteCase(database, first.rowId)).toBe(true);
    expect(deleteCase(database, second.rowId)).toBe(true);
    expect(() => deleteCase(database, added.rowId)).toThrow(/at least one case/);
    expect(getDataset(database, dataset.id)?.caseCount).toBe(1);
  });

  it('gives an experiment the cases as inputs and the dataset record', () => {
    const { dataset } = importDataset(database, { name: 'lights', sourceFormat: 'remora', cases });
    const stored = getDatasetCases(database, dataset.id);
    const run = datasetExperimentInputs(database, 'lights');
    expect(run.inputs[0]).toEqual({ node_text: 'Lights on', messages: [{ role: 'user', content: 'Lights on' }] });
    expect(run.dataset).toEqual({
      id: dataset.id,
      name: 'lights',
      cases: [
        { caseId: stored[0].rowId, key: 'a', expect: cases[0].expect },
        { caseId: stored[1].rowId, key: 'b', expect: { kind: 'no_call' } },
      ],
    });
    expect(() => datasetExperimentInputs(database, 'nothing')).toThrow(/no dataset/);
  });

  it('deletes a set with its cases and exports a set', () => {
    const { dataset } = importDataset(database, { name: 'lights', sourceFormat: 'remora', cases });
    const exported = exportDataset(database, 'lights', 'bfcl');
    expect(exported.ok && exported.text.split('\n')[1]).toContain('"ground_truth": []');
    expect(exportDataset(database, 'lights', 'distil')).toEqual({
      ok: false,
      problems: [{ caseId: 'b', reason: 'it expects no call' }],
    });
    expect(deleteDataset(database, dataset.id)).toBe(true);
    expect(count('dataset_cases')).toBe(0);
    expect(() => exportDataset(database, 'lights', 'remora')).toThrow(/no dataset/);
  });
});

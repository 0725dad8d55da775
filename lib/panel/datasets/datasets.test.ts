import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDatasets } from '../../db/queries/datasets';
import { InputError, NotFoundError } from '../../errors';
import {
  deleteDatasetById,
  deleteDatasetCase,
  exportDatasetFile,
  getDatasetPage,
  importDatasetText,
  listDatasetViews,
  updateDatasetCase,
} from './datasets';
import { CasePageQuery, ImportDatasetRequest, UpdateCaseRequest } from './requests';
import { openTestPanel, type TestPanel } from '../testing/panel-context';

let panel: TestPanel;
let smartHome: string;
beforeAll(async () => {
  panel = await openTestPanel();
  smartHome = readFileSync(path.join(panel.root, 'agents', 'smart_home', 'dataset.jsonl'), 'utf8');
});
afterAll(async () => {
  await panel?.dispose();
});

const distilLine = (question: string, answer: unknown) =>
  JSON.stringify({ question: JSON.stringify([{ role: 'user', content: question }]), answer: JSON.stringify(answer) });

function caught(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('importing datasets', () => {
  it('refuses a file with a bad line whole, with the line number and reason, storing nothing', () => {
    const text = [
      distilLine('Lights on in the kitchen', { name: 'toggle_lights', parameters: { room: 'kitchen', state: 'on' } }),
      '{"question": oops',
      distilLine('Heat to 70', { name: 'set_thermostat', parameters: { temperature: 70 } }),
    ].join('\n');
    const result = importDatasetText(panel, ImportDatasetRequest.parse({ name: 'distil-bad', text }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.format).toBe('distil');
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0].line).toBe(2);
    expect(result.problems[0].reason).toMatch(/^not JSON/);
    expect(listDatasets(panel.database)).toEqual([]);
  });

  it('imports a good file in the format told from its first line, and reuses it for the same cases', () => {
    const result = importDatasetText(
      panel,
      ImportDatasetRequest.parse({ name: 'smart-home', text: smartHome, sourceFile: 'dataset.jsonl' }),
    );
    expect(result).toMatchObject({
      ok: true,
      reused: false,
      format: 'remora',
      dataset: { name: 'smart-home', sourceFile: 'dataset.jsonl' },
    });
    const again = importDatasetText(panel, ImportDatasetRequest.parse({ name: 'smart-home', text: smartHome }));
    expect(again).toMatchObject({ ok: true, reused: true });
    expect(listDatasetViews(panel)).toHaveLength(1);
    const other = caught(() =>
      importDatasetText(panel, ImportDatasetRequest.parse({ name: 'smart-home', text: smartHome.split('\n')[0] })),
    );
    expect(other).toBeInstanceOf(InputError);
  });

  it('says when the format cannot be told, and refuses answers outside BFCL', () => {
    expect(importDatasetText(panel, ImportDatasetRequest.parse({ name: 'x', text: '{"hello": 1}' }))).toMatchObject({
      ok: false,
      format: null,
      problems: [{ line: 1 }],
    });
    expect(
      caught(() => importDatasetText(panel, ImportDatasetRequest.parse({ name: 'x', text: smartHome, answers: '{}' }))),
    ).toBeInstanceOf(InputError);
  });
});

describe('a stored dataset', () => {
  it('pages and searches its cases, with counts of what they expect', () => {
    const [dataset] = listDatasetViews(panel);
    const page = getDatasetPage(panel, dataset.id, CasePageQuery.parse({ limit: '5', offset: '5' }));
    expect(page.total).toBe(dataset.caseCount);
    expect(page.cases).toHaveLength(5);
    expect(page.cases[0].position).toBe(5);
    expect(page.counts.call + page.counts.noCall + page.counts.none).toBe(dataset.caseCount);
    // The smart-home set expects a call everywhere (off-topic requests call intent_unclear).
    expect(page.counts).toEqual({ call: dataset.caseCount, noCall: 0, none: 0 });
    expect(page.toolNames).toEqual([
      'get_device_status',
      'intent_unclear',
      'lock_door',
      'set_scene',
      'set_thermostat',
      'toggle_lights',
    ]);
    const found = getDatasetPage(panel, dataset.name, CasePageQuery.parse({ q: 'BEDROOM light' }));
    expect(found.cases.map((datasetCase) => datasetCase.id)).toContain('lights-bedroom-off');
    expect(found.total).toBeLessThan(dataset.caseCount);
    expect(() => getDatasetPage(panel, 'missing', CasePageQuery.parse({}))).toThrow(NotFoundError);
  });

  it('edits a case’s expected call, checked by the case model', () => {
    const [dataset] = listDatasetViews(panel);
    const [first] = getDatasetPage(panel, dataset.id, CasePageQuery.parse({ limit: '1' })).cases;
    const edited = updateDatasetCase(
      panel,
      dataset.id,
      first.rowId,
      UpdateCaseRequest.parse({
        expect: {
          kind: 'call',
          calls: [{ name: 'toggle_lights', arguments: { room: ['living_room', 'living room'], state: ['on'] } }],
        },
        note: 'two spellings',
      }),
    );
    expect(edited.expect).toEqual({
      kind: 'call',
      calls: [
        { name: 'toggle_lights', arguments: { room: ['living_room', 'living room'], state: ['on'] }, optional: [] },
      ],
    });
    expect(edited.note).toBe('two spellings');
    expect(
      UpdateCaseRequest.safeParse({ expect: { kind: 'call', calls: [{ name: 'x', arguments: { a: [] } }] } }).success,
    ).toBe(false);
    expect(() => updateDatasetCase(panel, dataset.id, 'not-a-case', UpdateCaseRequest.parse({ note: 'x' }))).toThrow(
      NotFoundError,
    );
    // Not scored at all.
    expect(
      updateDatasetCase(panel, dataset.id, first.rowId, UpdateCaseRequest.parse({ expect: null })).expect,
    ).toBeNull();
  });

  it('exports in each format it can express, refusing the others with the cases named', () => {
    const [dataset] = listDatasetViews(panel);
    const remora = exportDatasetFile(panel, dataset.id, 'remora');
    expect(remora.fileName).toBe('smart-home.remora.jsonl');
    expect(remora.text.trim().split('\n')).toHaveLength(dataset.caseCount);
    // The first case now expects nothing, which distil-labs' format cannot say.
    const refused = caught(() => exportDatasetFile(panel, dataset.id, 'distil')) as InputError;
    expect(refused).toBeInstanceOf(InputError);
    expect(refused.problems[0]).toMatch(/^lights-living-on: /);
  });

  it('deletes a case and the set', () => {
    const [dataset] = listDatasetViews(panel);
    const [first] = getDatasetPage(panel, dataset.id, CasePageQuery.parse({ limit: '1' })).cases;
    expect(deleteDatasetCase(panel, dataset.id, first.rowId)).toEqual({ deleted: true });
    expect(listDatasetViews(panel)[0].caseCount).toBe(dataset.caseCount - 1);
    expect(deleteDatasetById(panel, dataset.id)).toEqual({ deleted: true });
    expect(listDatasetViews(panel)).toEqual([]);
  });
});

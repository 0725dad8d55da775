// Datasets as the panel shows them: import from a file's text (all or nothing, with the refused
// lines as a report), the cases page by page, case edits, deletes and export. The writes are
// lib/db/queries/datasets.ts; this module adds the reading of files and the views.
import { DATASET_FORMATS, type DatasetFormat } from '../../datasets/case';
import { detectFormat, parseDatasetText, type LineProblem } from '../../datasets/formats';
import {
  deleteDataset,
  exportDataset,
  getDataset,
  getDatasetCases,
  importDataset,
  listDatasets,
  type StoredCase,
} from '../../db/queries/datasets';
import { deleteCase, updateCase } from '../../db/queries/dataset-edits';
import type { DatasetRow } from '../../db/rows';
import { InputError, NotFoundError } from '../../errors';
import type { PanelContext } from '../context';
import type { CasePageQuery, ImportDatasetRequest, UpdateCaseRequest } from './requests';

export type DatasetView = Pick<
  DatasetRow,
  'id' | 'name' | 'description' | 'sourceFormat' | 'sourceFile' | 'caseCount' | 'createdAt' | 'updatedAt'
>;

export type DatasetImportResult =
  | { ok: true; dataset: DatasetView; reused: boolean; format: DatasetFormat }
  | { ok: false; format: DatasetFormat | null; problems: LineProblem[] };

type ExpectationCounts = { call: number; noCall: number; none: number };

export type DatasetPage = {
  dataset: DatasetView;
  counts: ExpectationCounts;
  /** Cases matching the search (all of them without one). */
  total: number;
  offset: number;
  limit: number;
  cases: StoredCase[];
  /** Tool names the set's expectations and own tools use (suggestions for the case editor). */
  toolNames: string[];
};

export type DatasetFile = { fileName: string; text: string };

export function view(row: DatasetRow): DatasetView {
  const { id, name, description, sourceFormat, sourceFile, caseCount, createdAt, updatedAt } = row;
  return { id, name, description, sourceFormat, sourceFile, caseCount, createdAt, updatedAt };
}

export function listDatasetViews(context: PanelContext): DatasetView[] {
  return listDatasets(context.database).map(view);
}

function requireDataset(context: PanelContext, id: string): DatasetRow {
  const row = getDataset(context.database, id);
  if (!row) throw new NotFoundError(`no dataset named or with id "${id}"`);
  return row;
}

/**
 * Reads the file in its format and stores every case, or nothing: a file with any bad line comes
 * back as `{ok: false}` with each refused line's number and reason. A name already taken by other
 * cases is the request's problem (InputError); the same cases under the same name are reused.
 */
export function importDatasetText(context: PanelContext, request: ImportDatasetRequest): DatasetImportResult {
  const format = request.format === 'auto' ? detectFormat(request.text) : request.format;
  if (format === null) {
    return {
      ok: false,
      format: null,
      problems: [
        {
          line: 1,
          reason: `the format cannot be told from the first line; choose one of ${DATASET_FORMATS.join(', ')}`,
        },
      ],
    };
  }
  if (request.answers !== undefined && format !== 'bfcl') {
    throw new InputError('an answers file goes only with the BFCL format', [`answers: the file is read as ${format}`]);
  }
  const parsed = parseDatasetText(request.text, format, { answers: request.answers });
  if (!parsed.ok) return { ok: false, format, problems: parsed.problems };
  const imported = importDataset(context.database, {
    name: request.name,
    sourceFormat: format,
    cases: parsed.cases,
    sourceFile: request.sourceFile ?? null,
    description: request.description ?? null,
  });
  return { ok: true, dataset: view(imported.dataset), reused: imported.reused, format };
}

function searchText(datasetCase: StoredCase): string {
  const parts: string[] = [datasetCase.id, datasetCase.note ?? ''];
  if ('messages' in datasetCase.input)
    parts.push(
      ...datasetCase.input.messages.map((message) =>
        'content' in message && typeof message.content === 'string' ? message.content : '',
      ),
    );
  else parts.push(datasetCase.input.variables.node_text, datasetCase.input.variables.node_name ?? '');
  if (datasetCase.expect?.kind === 'call') parts.push(...datasetCase.expect.calls.map((call) => call.name));
  return parts.join('\n').toLowerCase();
}

function countExpectations(cases: Pick<StoredCase, 'expect'>[]): ExpectationCounts {
  const counts: ExpectationCounts = { call: 0, noCall: 0, none: 0 };
  for (const datasetCase of cases) {
    if (datasetCase.expect === null) counts.none++;
    else if (datasetCase.expect.kind === 'call') counts.call++;
    else counts.noCall++;
  }
  return counts;
}

function toolNamesOf(cases: Pick<StoredCase, 'expect' | 'tools'>[]): string[] {
  const names = new Set<string>();
  for (const datasetCase of cases) {
    if (datasetCase.expect?.kind === 'call') for (const call of datasetCase.expect.calls) names.add(call.name);
    for (const tool of datasetCase.tools ?? []) names.add(tool.function.name);
  }
  return [...names].sort();
}

export function getDatasetPage(context: PanelContext, id: string, query: CasePageQuery): DatasetPage {
  const row = requireDataset(context, id);
  // Sets run to a few thousand cases: read once, filter and page here.
  const all = getDatasetCases(context.database, row.id);
  const needle = query.q?.toLowerCase();
  const matching = needle ? all.filter((datasetCase) => searchText(datasetCase).includes(needle)) : all;
  return {
    dataset: view(row),
    counts: countExpectations(all),
    total: matching.length,
    offset: query.offset,
    limit: query.limit,
    cases: matching.slice(query.offset, query.offset + query.limit),
    toolNames: toolNamesOf(all),
  };
}

function caseOfDataset(
  context: PanelContext,
  datasetId: string,
  caseRowId: string,
): { dataset: DatasetRow; datasetCase: StoredCase } {
  const dataset = requireDataset(context, datasetId);
  const datasetCase = getDatasetCases(context.database, dataset.id).find((candidate) => candidate.rowId === caseRowId);
  if (!datasetCase) throw new NotFoundError(`dataset "${dataset.name}" has no case ${caseRowId}`);
  return { dataset, datasetCase };
}

export function updateDatasetCase(
  context: PanelContext,
  datasetId: string,
  caseRowId: string,
  request: UpdateCaseRequest,
): StoredCase {
  caseOfDataset(context, datasetId, caseRowId);
  const changes: Parameters<typeof updateCase>[2] = {};
  if (request.expect !== undefined) changes.expect = request.expect;
  if (request.note !== undefined) changes.note = request.note === '' ? null : request.note;
  return updateCase(context.database, caseRowId, changes);
}

export function deleteDatasetCase(context: PanelContext, datasetId: string, caseRowId: string): { deleted: true } {
  caseOfDataset(context, datasetId, caseRowId);
  deleteCase(context.database, caseRowId);
  return { deleted: true };
}

export function deleteDatasetById(context: PanelContext, id: string): { deleted: true } {
  const row = requireDataset(context, id);
  deleteDataset(context.database, row.id);
  return { deleted: true };
}

/** The set as a file; a format that cannot express some cases is refused, naming them. */
export function exportDatasetFile(context: PanelContext, id: string, format: DatasetFormat): DatasetFile {
  const row = requireDataset(context, id);
  const exported = exportDataset(context.database, row.id, format);
  if (!exported.ok) {
    throw new InputError(
      `the ${format} format cannot express every case of "${row.name}"; export it as remora instead`,
      exported.problems.map((problem) => `${problem.caseId}: ${problem.reason}`),
    );
  }
  const base = row.name.replace(/[^A-Za-z0-9_.-]+/g, '_');
  return { fileName: `${base}.${format}.jsonl`, text: exported.text };
}

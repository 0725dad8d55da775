// Datasets and their cases: import (atomically, or reuse an identical set), list, read, delete,
// export (a case's edits are dataset-edits.ts). Every case written here has passed the DatasetCase model.
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../canonical-json';
import { and, asc, eq, gt } from 'drizzle-orm';
import { DatasetCase, describeIssues, type DatasetFormat } from '../../datasets/case';
import { exportDatasetText, type DatasetExport } from '../../datasets/formats';
import { datasetRunOf, type DatasetRun } from '../../datasets/experiment-cases';
import type { ConversationInput } from '../../protocol/conversation';
import { InputError, NotFoundError } from '../../errors';
import type { RemoraDatabase } from '../client';
import { newId } from '../ids';
import { datasetCases, datasets, type DatasetCaseRow, type DatasetRow } from '../schema';

// Writes take the lock at the start (BEGIN IMMEDIATE): two processes importing at once then wait
// for each other (busy timeout) instead of failing when a read lock cannot be upgraded.
export const IMMEDIATE = { behavior: 'immediate' } as const;

/** The database or a transaction on it: helpers that run inside transactions take either. */
export type Queries = Pick<RemoraDatabase, 'select' | 'insert' | 'update' | 'delete'>;

/** A case as stored: the case itself, and where it lives. */
export type StoredCase = DatasetCase & { rowId: string; position: number; updatedAt: number };

export type NewDataset = {
  name: string;
  sourceFormat: DatasetFormat;
  cases: DatasetCase[];
  sourceFile?: string | null;
  description?: string | null;
};

export type ImportedDataset = { dataset: DatasetRow; reused: boolean };

/** What makes two sets the same: their cases (ids, inputs, expectations, tools, notes), in order. */
export function datasetContentHash(cases: DatasetCase[]): string {
  return createHash('sha256').update(canonicalJson(cases)).digest('hex');
}

function checkCases(cases: DatasetCase[]): DatasetCase[] {
  const problems: string[] = [];
  const checked: DatasetCase[] = [];
  const seen = new Set<string>();
  cases.forEach((candidate, index) => {
    const parsed = DatasetCase.safeParse(candidate);
    if (!parsed.success) problems.push(...describeIssues(parsed.error).map((issue) => `case ${index + 1}: ${issue}`));
    else if (seen.has(parsed.data.id)) problems.push(`case ${index + 1}: id "${parsed.data.id}" is used twice`);
    else {
      seen.add(parsed.data.id);
      checked.push(parsed.data);
    }
  });
  if (cases.length === 0) problems.push('a dataset needs at least one case');
  if (problems.length > 0) throw new InputError('the dataset is not valid', problems);
  return checked;
}

/**
 * Where a set's cases come from: a list in memory, or a file read again as they are written (so a
 * 50,000-case file is never held whole). `cases` yields them in order; `count` and `contentHash`
 * were learnt from a first pass, and a second pass that disagrees refuses the import.
 */
export type CaseSource = { count: number; contentHash: string; cases: () => Iterable<DatasetCase> };

function memorySource(cases: DatasetCase[]): CaseSource {
  return { count: cases.length, contentHash: datasetContentHash(cases), cases: () => cases };
}

// Rows per INSERT: fewer statements, and still far below SQLite's limit on bound values.
const INSERT_BATCH = 200;

function insertDataset(
  database: Queries,
  input: Omit<NewDataset, 'cases'>,
  source: CaseSource,
  now: number,
): DatasetRow {
  const dataset = database
    .insert(datasets)
    .values({
      id: newId(),
      name: input.name,
      description: input.description ?? null,
      sourceFormat: input.sourceFormat,
      sourceFile: input.sourceFile ?? null,
      contentHash: source.contentHash,
      caseCount: source.count,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
    .get();
  let batch: (typeof datasetCases.$inferInsert)[] = [];
  const hash = createHash('sha256').update('[');
  let position = 0;
  for (const datasetCase of source.cases()) {
    hash.update(position === 0 ? canonicalJson(datasetCase) : `,${canonicalJson(datasetCase)}`);
    batch.push({ id: newId(), datasetId: dataset.id, position, updatedAt: now, ...caseColumns(datasetCase) });
    position += 1;
    if (batch.length === INSERT_BATCH) {
      database.insert(datasetCases).values(batch).run();
      batch = [];
    }
  }
  if (batch.length > 0) database.insert(datasetCases).values(batch).run();
  if (position !== source.count || hash.update(']').digest('hex') !== source.contentHash) {
    throw new InputError('the dataset file changed while it was being imported; nothing was imported');
  }
  return dataset;
}

export function caseColumns(datasetCase: DatasetCase) {
  return {
    caseKey: datasetCase.id,
    input: datasetCase.input,
    expectation: datasetCase.expect,
    tools: datasetCase.tools ?? null,
    note: datasetCase.note ?? null,
  };
}

/** The first stored set whose cases are exactly these (same content hash), whatever its name. */
function firstIdentical(database: Queries, hash: string): DatasetRow | undefined {
  return database
    .select()
    .from(datasets)
    .where(eq(datasets.contentHash, hash))
    .orderBy(asc(datasets.createdAt))
    .limit(1)
    .get();
}

/**
 * Stores a set under `name`, all cases or none. Importing the same cases again (the same file twice,
 * under any name) reuses the first stored set with them; a different set under a taken name is refused.
 */
export function importDataset(database: RemoraDatabase, input: NewDataset, now = Date.now()): ImportedDataset {
  return importDatasetCases(database, input, memorySource(checkCases(input.cases)), now);
}

/** importDataset for cases from a CaseSource (already checked, as a file's first pass does). */
export function importDatasetCases(
  database: RemoraDatabase,
  input: Omit<NewDataset, 'cases'>,
  source: CaseSource,
  now = Date.now(),
): ImportedDataset {
  return reuseOrInsert(database, input, source, now, (taken) => {
    if (taken(input.name)) {
      throw new InputError(
        `a dataset named "${input.name}" already exists with other cases; choose another name or delete it first`,
      );
    }
    return input.name;
  });
}

/**
 * The stored set with exactly these cases, whatever its name; otherwise a new one under `name`, or
 * under "name (2)", "name (3)"... when the name is taken by another set.
 */
export function findOrImportDataset(database: RemoraDatabase, input: NewDataset, now = Date.now()): ImportedDataset {
  return findOrImportDatasetCases(database, input, memorySource(checkCases(input.cases)), now);
}

/** findOrImportDataset for cases from a CaseSource. */
export function findOrImportDatasetCases(
  database: RemoraDatabase,
  input: Omit<NewDataset, 'cases'>,
  source: CaseSource,
  now = Date.now(),
): ImportedDataset {
  return reuseOrInsert(database, input, source, now, (taken) => {
    let name = input.name;
    for (let attempt = 2; taken(name); attempt++) name = `${input.name} (${attempt})`;
    return name;
  });
}

/**
 * In one transaction: the first stored set with these cases, or else a new set under the name that
 * `nameFor` chooses (or refuses, by throwing), told which names are taken.
 */
function reuseOrInsert(
  database: RemoraDatabase,
  input: Omit<NewDataset, 'cases'>,
  source: CaseSource,
  now: number,
  nameFor: (taken: (name: string) => boolean) => string,
): ImportedDataset {
  return database.transaction((transaction) => {
    const identical = firstIdentical(transaction, source.contentHash);
    if (identical) return { dataset: identical, reused: true };
    const taken = (name: string) =>
      transaction.select({ id: datasets.id }).from(datasets).where(eq(datasets.name, name)).get() !== undefined;
    return { dataset: insertDataset(transaction, { ...input, name: nameFor(taken) }, source, now), reused: false };
  }, IMMEDIATE);
}

export function listDatasets(database: RemoraDatabase): DatasetRow[] {
  return database.select().from(datasets).orderBy(asc(datasets.name)).all();
}

/** A dataset by id or by name. */
export function getDataset(database: RemoraDatabase, idOrName: string): DatasetRow | null {
  return (
    database.select().from(datasets).where(eq(datasets.id, idOrName)).get() ??
    database.select().from(datasets).where(eq(datasets.name, idOrName)).get() ??
    null
  );
}

export function storedCase(row: DatasetCaseRow): StoredCase {
  const datasetCase: StoredCase = {
    rowId: row.id,
    position: row.position,
    updatedAt: row.updatedAt,
    id: row.caseKey,
    input: row.input,
    expect: row.expectation,
  };
  if (row.tools !== null) datasetCase.tools = row.tools;
  if (row.note !== null) datasetCase.note = row.note;
  return datasetCase;
}

/** The cases in their order. */
export function getDatasetCases(database: Queries, datasetId: string): StoredCase[] {
  return database
    .select()
    .from(datasetCases)
    .where(eq(datasetCases.datasetId, datasetId))
    .orderBy(asc(datasetCases.position))
    .all()
    .map(storedCase);
}

// Cases read at once by datasetCasePages.
const CASE_PAGE = 500;

/** The cases in their order, CASE_PAGE at a time: a large set is never read whole. */
export function* datasetCasePages(database: Queries, datasetId: string): Generator<StoredCase[]> {
  // After the last position seen, not by offset: positions keep the gaps deleted cases leave.
  for (let after = -1; ;) {
    const rows = database
      .select()
      .from(datasetCases)
      .where(and(eq(datasetCases.datasetId, datasetId), gt(datasetCases.position, after)))
      .orderBy(asc(datasetCases.position))
      .limit(CASE_PAGE)
      .all();
    if (rows.length === 0) return;
    after = rows[rows.length - 1].position;
    yield rows.map(storedCase);
  }
}

/** Plain cases (as in a file), without where they are stored. */
export function plainCases(cases: StoredCase[]): DatasetCase[] {
  return cases.map(({ rowId: _rowId, position: _position, updatedAt: _updatedAt, ...datasetCase }) => datasetCase);
}

/** Deletes a set with its cases. Experiments that ran it keep their own copy of the cases. */
export function deleteDataset(database: RemoraDatabase, id: string): boolean {
  return database.delete(datasets).where(eq(datasets.id, id)).run().changes > 0;
}

/** The set as a file in `format`, or the cases that format cannot express. */
export function exportDataset(database: RemoraDatabase, idOrName: string, format: DatasetFormat): DatasetExport {
  const dataset = getDataset(database, idOrName);
  if (!dataset) throw new NotFoundError(`no dataset named or with id "${idOrName}"`);
  return exportDatasetText(plainCases(getDatasetCases(database, dataset.id)), format);
}

/**
 * What an experiment that runs a stored set needs: its cases as inputs and the dataset record
 * (ExperimentConfig `inputs` and `dataset`). Set requestsPerVariant to inputs.length for one pass.
 */
export function datasetExperimentInputs(
  database: RemoraDatabase,
  idOrName: string,
): { inputs: ConversationInput[]; dataset: DatasetRun } {
  const dataset = getDataset(database, idOrName);
  if (!dataset) throw new NotFoundError(`no dataset named or with id "${idOrName}"`);
  return datasetRunOf(dataset, getDatasetCases(database, dataset.id));
}

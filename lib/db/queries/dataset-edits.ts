// Edits of a stored set's cases: change, append, remove. Each keeps the set's content hash and
// case count true, in the same transaction.
import { eq, max, sql } from 'drizzle-orm';
import { DatasetCase, describeIssues, type DatasetCaseInput } from '../../datasets/case';
import { InputError, NotFoundError } from '../../errors';
import type { RemoraDatabase } from '../client';
import { newId } from '../ids';
import { datasetCases, datasets, type DatasetCaseRow } from '../schema';
import {
  IMMEDIATE,
  caseColumns,
  datasetContentHash,
  getDatasetCases,
  plainCases,
  storedCase,
  type Queries,
  type StoredCase,
} from './datasets';

function refreshDataset(database: Queries, datasetId: string, now: number): void {
  const cases = plainCases(getDatasetCases(database, datasetId));
  database
    .update(datasets)
    .set({ contentHash: datasetContentHash(cases), caseCount: cases.length, updatedAt: now })
    .where(eq(datasets.id, datasetId))
    .run();
}

/**
 * Changes one case (any of id, input, expect, tools, note; `tools: null` or `note: null` removes
 * them). The result must still be a valid case with an id unique in its set.
 */
export function updateCase(
  database: RemoraDatabase,
  caseRowId: string,
  changes: Partial<Omit<DatasetCaseInput, 'tools' | 'note'>> & {
    tools?: DatasetCaseInput['tools'] | null;
    note?: string | null;
  },
  now = Date.now(),
): StoredCase {
  return database.transaction((transaction) => {
    const row = transaction.select().from(datasetCases).where(eq(datasetCases.id, caseRowId)).get();
    if (!row) throw new NotFoundError(`no dataset case with id ${caseRowId}`);
    const { rowId: _rowId, position: _position, updatedAt: _updatedAt, ...current } = storedCase(row);
    const merged: Record<string, unknown> = { ...current, ...changes };
    for (const key of ['tools', 'note'] as const) if (merged[key] === null) delete merged[key];
    const parsed = DatasetCase.safeParse(merged);
    if (!parsed.success) throw new InputError('the case is not valid', describeIssues(parsed.error));
    const clash = transaction
      .select({ id: datasetCases.id, caseKey: datasetCases.caseKey })
      .from(datasetCases)
      .where(eq(datasetCases.datasetId, row.datasetId))
      .all();
    if (clash.some((other) => other.id !== caseRowId && other.caseKey === parsed.data.id))
      throw new InputError(`another case of this dataset has the id "${parsed.data.id}"`);
    transaction
      .update(datasetCases)
      .set({ ...caseColumns(parsed.data), updatedAt: now })
      .where(eq(datasetCases.id, caseRowId))
      .run();
    refreshDataset(transaction, row.datasetId, now);
    return storedCase(
      transaction.select().from(datasetCases).where(eq(datasetCases.id, caseRowId)).get() as DatasetCaseRow,
    );
  }, IMMEDIATE);
}

/** Appends a case to a set. */
export function addCase(
  database: RemoraDatabase,
  datasetId: string,
  input: DatasetCaseInput,
  now = Date.now(),
): StoredCase {
  const parsed = DatasetCase.safeParse(input);
  if (!parsed.success) throw new InputError('the case is not valid', describeIssues(parsed.error));
  return database.transaction((transaction) => {
    if (!transaction.select({ id: datasets.id }).from(datasets).where(eq(datasets.id, datasetId)).get())
      throw new NotFoundError(`no dataset with id ${datasetId}`);
    const keys = transaction
      .select({ caseKey: datasetCases.caseKey })
      .from(datasetCases)
      .where(eq(datasetCases.datasetId, datasetId))
      .all();
    if (keys.some((row) => row.caseKey === parsed.data.id))
      throw new InputError(`the dataset already has a case with the id "${parsed.data.id}"`);
    const last = transaction
      .select({ position: max(datasetCases.position) })
      .from(datasetCases)
      .where(eq(datasetCases.datasetId, datasetId))
      .get();
    const id = newId();
    const position = (last?.position ?? -1) + 1;
    transaction
      .insert(datasetCases)
      .values({ id, datasetId, position, updatedAt: now, ...caseColumns(parsed.data) })
      .run();
    refreshDataset(transaction, datasetId, now);
    return storedCase(transaction.select().from(datasetCases).where(eq(datasetCases.id, id)).get() as DatasetCaseRow);
  }, IMMEDIATE);
}

/** Removes one case; a set keeps at least one. */
export function deleteCase(database: RemoraDatabase, caseRowId: string, now = Date.now()): boolean {
  return database.transaction((transaction) => {
    const row = transaction.select().from(datasetCases).where(eq(datasetCases.id, caseRowId)).get();
    if (!row) return false;
    const remaining = transaction
      .select({ id: datasetCases.id })
      .from(datasetCases)
      .where(eq(datasetCases.datasetId, row.datasetId))
      .all();
    if (remaining.length <= 1) throw new InputError('a dataset keeps at least one case; delete the dataset instead');
    transaction.delete(datasetCases).where(eq(datasetCases.id, caseRowId)).run();
    refreshDataset(transaction, row.datasetId, now);
    return true;
  }, IMMEDIATE);
}

/**
 * Per stored set, the tools its expected calls name in cases that do not bring their own tools:
 * what an agent must have for the set to apply to it.
 */
export function expectedToolNames(database: RemoraDatabase): Map<string, string[]> {
  const rows = database.all<{ dataset_id: string; name: string }>(
    sql`select distinct c.dataset_id, json_extract(call.value, '$.name') as name
        from dataset_cases c, json_each(c.expectation, '$.calls') call
        where c.tools is null and json_extract(c.expectation, '$.kind') = 'call'`,
  );
  const names = new Map<string, string[]>();
  for (const row of rows) names.set(row.dataset_id, [...(names.get(row.dataset_id) ?? []), row.name]);
  return names;
}

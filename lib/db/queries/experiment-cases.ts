// The cases of a dataset experiment (experiment_cases): copied from the dataset when the experiment
// is created, in one INSERT ... SELECT, and read back by position in pages while it runs.
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { StoredParts } from '../../experiment-config/stored-config';
import { datasetOf, storedDatasetRun, type StoredDatasetCases } from '../experiment-config';
import type { Expectation } from '../../protocol/expectation';
import { caseToInput } from '../../datasets/to-input';
import type { DatasetRunCase, IndexedInput, InputSource } from '../../datasets/experiment-cases';
import type { ConversationInput } from '../../protocol/conversation';
import type { RemoraDatabase } from '../client';
import { experimentCases, type ExperimentCaseRow } from '../schema';

type Queries = Pick<RemoraDatabase, 'select' | 'insert' | 'run'>;

/**
 * Copies a dataset's cases, in their order and numbered from 0 (a deleted case leaves no gap), as an experiment's
 * inputs; returns how many.
 */
export function copyDatasetCases(database: Queries, experimentId: string, datasetId: string): number {
  const result = database.run(sql`
    INSERT INTO experiment_cases (experiment_id, position, case_id, case_key, input, expectation, tools)
    SELECT ${experimentId}, row_number() OVER (ORDER BY position) - 1, id, case_key, input, expectation, tools
    FROM dataset_cases WHERE dataset_id = ${datasetId}`);
  return result.changes;
}

// Cases held at once by a running experiment: two pages, the one being run and the one before it
// (conversations still in flight on its last cases).
const PAGE_SIZE = 256;

/** The experiment's cases as its inputs, read PAGE_SIZE at a time as the run reaches them. */
export function experimentCaseInputs(database: RemoraDatabase, experimentId: string, count: number): InputSource {
  const pages = new Map<number, IndexedInput[]>();
  const page = (number: number): IndexedInput[] => {
    let cases = pages.get(number);
    if (!cases) {
      cases = readPage(database, experimentId, number * PAGE_SIZE, (number + 1) * PAGE_SIZE);
      pages.set(number, cases);
      for (const held of pages.keys()) if (held < number - 1 || held > number) pages.delete(held);
    }
    return cases;
  };
  return {
    count,
    at(index) {
      const found = page(Math.floor(index / PAGE_SIZE))[index % PAGE_SIZE];
      if (!found) throw new Error(`experiment ${experimentId} has no case at position ${index}`);
      return found;
    },
  };
}

function readPage(database: RemoraDatabase, experimentId: string, from: number, to: number): IndexedInput[] {
  const rows = database
    .select()
    .from(experimentCases)
    .where(
      and(
        eq(experimentCases.experimentId, experimentId),
        gte(experimentCases.position, from),
        lt(experimentCases.position, to),
      ),
    )
    .orderBy(asc(experimentCases.position))
    .all();
  return rows.map((row) => ({
    input: caseToInput({ input: row.input, tools: row.tools ?? undefined }),
    runCase: { caseId: row.caseId, key: row.caseKey, expect: row.expectation },
  }));
}

/** The stored case at an input index, or null. */
export function experimentCaseRow(
  database: RemoraDatabase,
  experimentId: string,
  position: number,
): ExperimentCaseRow | null {
  return (
    database
      .select()
      .from(experimentCases)
      .where(and(eq(experimentCases.experimentId, experimentId), eq(experimentCases.position, position)))
      .get() ?? null
  );
}

/** The case at an input index (its ids and what it expects), or null. */
export function experimentCaseAt(
  database: RemoraDatabase,
  experimentId: string,
  position: number,
): DatasetRunCase | null {
  const row = experimentCaseRow(database, experimentId, position);
  return row ? { caseId: row.caseId, key: row.caseKey, expect: row.expectation as Expectation | null } : null;
}

/**
 * Some of an experiment's inputs and their cases, by input index, wherever the experiment keeps
 * them (its config, or experiment_cases): for experiments made from it (a replay, a re-run).
 */
export function experimentInputsAt(
  database: RemoraDatabase,
  experimentId: string,
  experiment: { inputs: ConversationInput[]; dataset?: { cases: DatasetRunCase[] }; storedCases?: unknown },
  indexes: number[],
): IndexedInput[] {
  if (!experiment.storedCases)
    return indexes.map((index) => ({
      input: experiment.inputs[index],
      runCase: experiment.dataset?.cases[index] ?? null,
    }));
  const source = experimentCaseInputs(database, experimentId, Number.MAX_SAFE_INTEGER);
  return indexes.map((index) => source.at(index));
}

/** How a dataset experiment scores (lenient or bfcl), from its config alone; null for other experiments. */
export function datasetScoringOf(config: unknown): 'lenient' | 'bfcl' | null {
  const inline = storedDatasetRun(config);
  if (inline) return inline.scoring ?? 'lenient';
  const parsed = StoredParts.storedCases.safeParse(config);
  const stored = parsed.success ? parsed.data.experiment.storedCases : undefined;
  return stored ? (stored.scoring ?? 'lenient') : null;
}

/**
 * datasetOf for any dataset experiment: from its config, or, when its cases are in experiment_cases,
 * their ids, keys and kinds read from there (in input order).
 */
export function datasetCasesOf(
  database: RemoraDatabase,
  experimentId: string,
  config: unknown,
): StoredDatasetCases | null {
  const inline = datasetOf(config);
  if (inline) return inline;
  const parsed = StoredParts.storedCases.safeParse(config);
  const stored = parsed.success ? parsed.data.experiment.storedCases : undefined;
  if (!stored) return null;
  const rows = database
    .select({
      caseId: experimentCases.caseId,
      key: experimentCases.caseKey,
      kind: sql<'call' | 'no_call' | null>`json_extract(${experimentCases.expectation}, '$.kind')`,
    })
    .from(experimentCases)
    .where(eq(experimentCases.experimentId, experimentId))
    .orderBy(asc(experimentCases.position))
    .all();
  return { id: stored.datasetId, name: stored.name, cases: rows, scoring: stored.scoring ?? 'lenient' };
}

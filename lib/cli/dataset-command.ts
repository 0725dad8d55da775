// `remora dataset import|export|list|verdicts`.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import Table from 'cli-table3';
import { closeDatabase, openDatabase, type RemoraDatabase } from '../db/client';
import { listCaseVerdicts } from '../db/queries/accuracy';
import { exportDataset, importDatasetCases, listDatasets } from '../db/queries/datasets';
import { getExperiment } from '../db/queries/experiments';
import { ConfigurationError, InputError, NotFoundError, RemoraError, errorMessage } from '../errors';
import { describeError, type CommandOutput } from './io';
import { checkDatasetFile, readFormat, type CheckedDatasetFile } from './dataset-run';
import { exitCodeFor } from './exit-code';

type DatabaseOption = { db: string };

/** Runs a command against the database; the user's mistakes exit 2 with the reasons, bugs exit 1. */
export async function withDatabase(
  file: string,
  action: (database: RemoraDatabase) => Promise<CommandOutput> | CommandOutput,
): Promise<CommandOutput> {
  let database: RemoraDatabase | null = null;
  try {
    database = openDatabase(file);
    return await action(database);
  } catch (error) {
    return failure(error);
  } finally {
    if (database) closeDatabase(database);
  }
}

function failure(error: unknown): CommandOutput {
  return { stdout: '', stderr: describeError(error), exitCode: exitCodeFor(error) };
}

export type ImportOptions = DatabaseOption & { format?: string; name?: string; answers?: string; json?: boolean };

export async function runDatasetImport(file: string, options: ImportOptions): Promise<CommandOutput> {
  // The file is read and checked before the database is opened: a refused file touches nothing.
  let checked: CheckedDatasetFile;
  try {
    checked = checkDatasetFile(file, readFormat(options.format), options.answers);
  } catch (error) {
    return failure(error);
  }
  const name = options.name ?? path.basename(file).replace(/\.(jsonl|json|ndjson)$/i, '');
  return withDatabase(options.db, (database) => {
    const { dataset, reused } = importDatasetCases(
      database,
      { name, sourceFormat: checked.format, sourceFile: path.resolve(file) },
      checked.source,
    );
    if (options.json) return { stdout: JSON.stringify({ ...dataset, reused }), stderr: '', exitCode: 0 };
    const what = reused
      ? 'already stored with the same cases'
      : `imported ${dataset.caseCount} cases (${checked.format} format)`;
    return { stdout: `dataset "${dataset.name}" (${dataset.id}): ${what}`, stderr: '', exitCode: 0 };
  });
}

export type ExportOptions = DatabaseOption & { format: string; out?: string };

export async function runDatasetExport(name: string, options: ExportOptions): Promise<CommandOutput> {
  return withDatabase(options.db, async (database) => {
    const format = readFormat(options.format);
    if (format === null) throw new InputError('--format is required');
    const exported = exportDataset(database, name, format);
    if (!exported.ok) {
      throw new InputError(
        `the ${format} format cannot express ${exported.problems.length} of the cases`,
        exported.problems.map((problem) => `case ${problem.caseId}: ${problem.reason}`),
      );
    }
    if (!options.out) return { stdout: exported.text, stderr: '', exitCode: 0 };
    try {
      await writeFile(options.out, exported.text, 'utf8');
    } catch (error) {
      throw new InputError(`cannot write ${options.out}: ${errorMessage(error)}`, [], { cause: error });
    }
    return { stdout: '', stderr: `wrote ${options.out}`, exitCode: 0 };
  });
}

export function runDatasetList(options: DatabaseOption & { json?: boolean }): Promise<CommandOutput> {
  return withDatabase(options.db, (database) => {
    const rows = listDatasets(database);
    if (options.json) return { stdout: JSON.stringify(rows), stderr: '', exitCode: 0 };
    if (rows.length === 0) return { stdout: 'no datasets', stderr: '', exitCode: 0 };
    const table = new Table({
      head: ['Name', 'Cases', 'Format', 'Id', 'Updated'],
      style: { head: [], border: [], compact: true },
    });
    for (const row of rows)
      table.push([row.name, row.caseCount, row.sourceFormat, row.id, new Date(row.updatedAt).toISOString()]);
    return { stdout: table.toString(), stderr: '', exitCode: 0 };
  });
}

export function runDatasetVerdicts(
  experimentId: string,
  options: DatabaseOption & { variant?: string; wrong?: boolean },
): Promise<CommandOutput> {
  return withDatabase(options.db, (database) => {
    if (!getExperiment(database, experimentId)) throw new NotFoundError(`no experiment with id ${experimentId}`);
    const rows = listCaseVerdicts(database, experimentId, { variant: options.variant, onlyWrong: options.wrong });
    const lines = rows.map((row) =>
      JSON.stringify({
        variant: row.variantName,
        slot: row.slot,
        case: row.caseKey,
        correct: row.verdict?.correct ?? null,
        nameCorrect: row.verdict?.nameCorrect ?? null,
        argumentsCorrect: row.verdict?.argumentsCorrect ?? null,
        scored: row.verdict?.scored ?? false,
        scoring: row.verdict?.scoring ?? 'lenient',
        ...(row.verdict?.scoring === 'bfcl' ? { bfclErrorType: row.verdict.bfclErrorType ?? null } : {}),
        calls: row.verdict?.calls ?? [],
        failures: row.verdict?.failures.map((item) => item.message) ?? [],
        conversationId: row.conversationId,
      }),
    );
    return { stdout: lines.join('\n'), stderr: '', exitCode: 0 };
  });
}

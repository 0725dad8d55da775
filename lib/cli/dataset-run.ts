// `remora harness --dataset FILE`: the file is imported into the database as a dataset (or an
// identical stored one is reused), and its cases become the experiment's inputs.
import path from 'node:path';
import { loadAgent } from '../agents/load';
import { DATASET_FORMATS, type DatasetFormat } from '../datasets/case';
import { SCORING_MODES, unknownExpectedTools, type ScoringMode } from '../datasets/experiment-cases';
import { checkFileCases, detectFileFormat, fileCases, lineReader, readAnswersFile } from '../datasets/file-cases';
import { describeParseProblems } from '../datasets/formats';
import type { BfclAnswers } from '../datasets/formats/bfcl';
import type { RemoraDatabase } from '../db/client';
import { datasetCasePages, findOrImportDatasetCases, plainCases, type CaseSource } from '../db/queries/datasets';
import { InputError, errorMessage } from '../errors';
import type { StoredCases } from '../experiment-config/experiment-config';
import type { AgentRuntime } from '../runner/types';

export type DatasetRunOptions = {
  agent: string;
  agentsDir: string;
  dataset?: string;
  datasetFormat?: string;
  inputs?: string;
  python?: string[];
};

export type DatasetFile = {
  file: string;
  format: DatasetFormat | null;
  /** Name to store it under (default: the file name). */ name?: string;
};

/** The dataset file to run: --dataset, else the agent's default_dataset when no other inputs were asked for. */
export async function datasetFileFor(options: DatasetRunOptions): Promise<DatasetFile | null> {
  const format = readFormat(options.datasetFormat);
  if (options.dataset) {
    if (options.inputs || (options.python && options.python.length > 0))
      throw new InputError('give either --dataset or --inputs/--python, not both');
    return { file: options.dataset, format };
  }
  if (options.datasetFormat) throw new InputError('--dataset-format needs --dataset FILE');
  if (options.inputs || (options.python && options.python.length > 0)) return null;
  const agent = await loadAgent(path.resolve(options.agentsDir, options.agent));
  return agent.defaultDataset ? { file: agent.defaultDataset, format: 'remora', name: `${agent.name} default` } : null;
}

export function readFormat(value: string | undefined): DatasetFormat | null {
  if (value === undefined) return null;
  if (!(DATASET_FORMATS as readonly string[]).includes(value))
    throw new InputError(`unknown dataset format "${value}"; use one of ${DATASET_FORMATS.join(', ')}`);
  return value as DatasetFormat;
}

export function readScoring(value: string | undefined): ScoringMode | undefined {
  if (value === undefined) return undefined;
  if (!(SCORING_MODES as readonly string[]).includes(value))
    throw new InputError(`unknown scoring mode "${value}"; use one of ${SCORING_MODES.join(', ')}`);
  return value as ScoringMode;
}

export type CheckedDatasetFile = { format: DatasetFormat; source: CaseSource; kinds: ('call' | 'no_call')[] };

/**
 * Reads a dataset file once as a stream and checks it; a file with any bad line is refused whole,
 * naming each line. The cases are read again (source.cases) as they are stored.
 */
export function checkDatasetFile(file: string, format: DatasetFormat | null, answersFile?: string): CheckedDatasetFile {
  return readingFiles(() => {
    let answers: BfclAnswers | null = null;
    if (answersFile !== undefined) {
      const read = readAnswersFile(answersFile);
      if (!read.ok)
        throw new InputError(
          `the answers file ${answersFile} is refused; nothing was imported`,
          describeParseProblems({ ok: false, problems: [read.problem] }, answersFile),
        );
      answers = read.answers;
    }
    const chosen = format ?? detectFileFormat(file);
    if (chosen === null)
      throw new InputError(
        `cannot tell the format of ${file} from its first line; give --dataset-format ${DATASET_FORMATS.join('|')}`,
      );
    const reader = lineReader(chosen, answers);
    const checked = checkFileCases(file, reader);
    if (!checked.ok)
      throw new InputError(
        `the dataset ${file} (${chosen} format) is refused; nothing was imported`,
        describeParseProblems(checked, file),
      );
    const cases = function* () {
      for (const result of fileCases(file, reader)) if (result.ok) yield result.case;
    };
    return {
      format: chosen,
      source: { count: checked.count, contentHash: checked.contentHash, cases },
      kinds: checked.kinds,
    };
  });
}

/** Runs `read`, turning a file that cannot be opened or read into an input error that names it. */
function readingFiles<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const file = (error as NodeJS.ErrnoException).path;
    if (typeof code === 'string' && file)
      throw new InputError(`cannot read ${file}: ${errorMessage(error)}`, [], { cause: error });
    throw error;
  }
}

export type PreparedDatasetRun = { storedCases: StoredCases; notes: string[] };

// The first few unknown tool names are enough to warn about; later pages are not read for them.
const UNKNOWN_TOOL_WARNINGS = 5;

/** Imports (or reuses) the file's dataset; the experiment will read its cases from the database. */
export function prepareDatasetRun(
  database: RemoraDatabase,
  source: DatasetFile,
  agent: AgentRuntime,
  scoring?: ScoringMode,
): PreparedDatasetRun {
  const checked = checkDatasetFile(source.file, source.format);
  const name = source.name ?? path.basename(source.file).replace(/\.(jsonl|json|ndjson)$/i, '');
  const imported = readingFiles(() =>
    findOrImportDatasetCases(
      database,
      { name, sourceFormat: checked.format, sourceFile: path.resolve(source.file) },
      checked.source,
    ),
  );
  const { dataset } = imported;
  const notes = [
    `dataset "${dataset.name}" (${dataset.id}): ${dataset.caseCount} cases, ` +
      (imported.reused ? 'already stored, reused' : `imported from ${checked.format} format`),
  ];
  const unknown: { caseId: string; name: string }[] = [];
  for (const page of datasetCasePages(database, dataset.id)) {
    unknown.push(...unknownExpectedTools(plainCases(page), agent.tools));
    if (unknown.length >= UNKNOWN_TOOL_WARNINGS) break;
  }
  for (const entry of unknown.slice(0, UNKNOWN_TOOL_WARNINGS))
    notes.push(`warning: case ${entry.caseId} expects ${entry.name}, which agent "${agent.name}" does not have`);
  const storedCases: StoredCases = {
    datasetId: dataset.id,
    name: dataset.name,
    count: dataset.caseCount,
    kinds: checked.kinds,
  };
  // Absent means lenient, so that configs (and their resume hashes) of lenient runs stay as they were.
  if (scoring === 'bfcl') {
    storedCases.scoring = 'bfcl';
    notes.push("scoring: bfcl (BFCL's AST checker exactly)");
  }
  return { storedCases, notes };
}

// `remora harness --dataset FILE`: the file is imported into the database as a dataset (or an
// identical stored one is reused), and its cases become the experiment's inputs.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadAgent } from '../agents/load';
import { DATASET_FORMATS, type DatasetFormat } from '../datasets/case';
import { datasetRunOf, unknownExpectedTools, type DatasetRun } from '../datasets/experiment-cases';
import { describeParseProblems, detectFormat, parseDatasetText } from '../datasets/formats';
import type { RemoraDatabase } from '../db/client';
import { findOrImportDataset, getDatasetCases, plainCases } from '../db/queries/datasets';
import { InputError, errorMessage } from '../errors';
import type { AgentRuntime, ConversationInput } from '../runner/types';

export type DatasetRunOptions = {
  agent: string;
  agentsDir: string;
  dataset?: string;
  datasetFormat?: string;
  inputs?: string;
  python?: string[];
};

export type DatasetFile = { file: string; format: DatasetFormat | null; /** Name to store it under (default: the file name). */ name?: string };

/** The dataset file to run: --dataset, else the agent's default_dataset when no other inputs were asked for. */
export async function datasetFileFor(options: DatasetRunOptions): Promise<DatasetFile | null> {
  const format = readFormat(options.datasetFormat);
  if (options.dataset) {
    if (options.inputs || (options.python && options.python.length > 0)) throw new InputError('give either --dataset or --inputs/--python, not both');
    return { file: options.dataset, format };
  }
  if (options.datasetFormat) throw new InputError('--dataset-format needs --dataset FILE');
  if (options.inputs || (options.python && options.python.length > 0)) return null;
  const agent = await loadAgent(path.resolve(options.agentsDir, options.agent));
  return agent.defaultDataset ? { file: agent.defaultDataset, format: 'remora', name: `${agent.name} default` } : null;
}

export function readFormat(value: string | undefined): DatasetFormat | null {
  if (value === undefined) return null;
  if (!(DATASET_FORMATS as readonly string[]).includes(value)) throw new InputError(`unknown dataset format "${value}"; use one of ${DATASET_FORMATS.join(', ')}`);
  return value as DatasetFormat;
}

/** Reads and checks a dataset file; a file with any bad line is refused whole, naming each line. */
export async function readDatasetFile(file: string, format: DatasetFormat | null, answersFile?: string) {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new InputError(`cannot read the dataset ${file}: ${errorMessage(error)}`, [], { cause: error });
  }
  let answers: string | undefined;
  if (answersFile !== undefined) {
    try {
      answers = await readFile(answersFile, 'utf8');
    } catch (error) {
      throw new InputError(`cannot read the answers file ${answersFile}: ${errorMessage(error)}`, [], { cause: error });
    }
  }
  const chosen = format ?? detectFormat(text);
  if (chosen === null) throw new InputError(`cannot tell the format of ${file} from its first line; give --dataset-format ${DATASET_FORMATS.join('|')}`);
  const parsed = parseDatasetText(text, chosen, { answers });
  if (!parsed.ok) throw new InputError(`the dataset ${file} (${chosen} format) is refused; nothing was imported`, describeParseProblems(parsed, file));
  return { format: chosen, cases: parsed.cases };
}

export type PreparedDatasetRun = { inputs: ConversationInput[]; dataset: DatasetRun; notes: string[] };

/** Imports (or reuses) the file's dataset and turns its cases into the experiment's inputs. */
export async function prepareDatasetRun(database: RemoraDatabase, source: DatasetFile, agent: AgentRuntime): Promise<PreparedDatasetRun> {
  const { format, cases } = await readDatasetFile(source.file, source.format);
  const name = source.name ?? path.basename(source.file).replace(/\.(jsonl|json|ndjson)$/i, '');
  const imported = findOrImportDataset(database, { name, sourceFormat: format, cases, sourceFile: path.resolve(source.file) });
  const stored = getDatasetCases(database, imported.dataset.id);
  const notes = [
    `dataset "${imported.dataset.name}" (${imported.dataset.id}): ${stored.length} cases, ${imported.reused ? 'already stored, reused' : `imported from ${format} format`}`,
  ];
  for (const unknown of unknownExpectedTools(plainCases(stored), agent.tools).slice(0, 5)) {
    notes.push(`warning: case ${unknown.caseId} expects ${unknown.name}, which agent "${agent.name}" does not have`);
  }
  return { ...datasetRunOf(imported.dataset, stored), notes };
}

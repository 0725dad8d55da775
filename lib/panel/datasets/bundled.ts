// The dataset an agent ships with (its definition's `default_dataset`, e.g. agents/smart_home/
// dataset.jsonl): the new-experiment form offers it beside the stored sets, and picking it stores it
// as a dataset first. Identical cases are reused, so picking it again stores nothing new.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseDatasetText } from '../../datasets/formats';
import type { DatasetCase } from '../../datasets/case';
import { findOrImportDataset } from '../../db/queries/datasets';
import type { AgentRow } from '../../db/rows';
import { InputError } from '../../errors';
import { agentFolder, requireAgent } from '../agents/editing';
import type { PanelContext } from '../context';
import { view, type DatasetView } from './datasets';

/** `file`: as the definition names it, relative to the agent's folder. */
export type BundledDataset = { file: string; caseCount: number };

async function readBundled(
  context: PanelContext,
  row: AgentRow,
): Promise<{ file: string; cases: DatasetCase[] } | { problem: string } | null> {
  const file = row.definition.default_dataset;
  if (typeof file !== 'string') return null;
  const folder = agentFolder(context, row);
  const full = path.resolve(folder, file);
  // The definition's check refuses paths out of the folder; read nothing outside it all the same.
  if (path.relative(folder, full).startsWith('..') || path.isAbsolute(path.relative(folder, full)))
    return { problem: `default_dataset ${file} is outside the agent's folder` };
  let text: string;
  try {
    text = await readFile(full, 'utf8');
  } catch (error) {
    return { problem: `cannot read ${file}: ${(error as Error).message}` };
  }
  const parsed = parseDatasetText(text, 'remora');
  if (!parsed.ok) return { problem: `${file} has ${parsed.problems.length} refused line(s)` };
  return { file, cases: parsed.cases };
}

/** The agent's bundled dataset as the form shows it; null when it has none or it cannot be read. */
export async function bundledDatasetOf(context: PanelContext, row: AgentRow): Promise<BundledDataset | null> {
  const read = await readBundled(context, row);
  return read && 'cases' in read ? { file: read.file, caseCount: read.cases.length } : null;
}

/** Stores the agent's bundled dataset (or finds the stored set with the same cases) and returns it. */
export async function importBundledDataset(
  context: PanelContext,
  agentName: string,
): Promise<{ dataset: DatasetView; reused: boolean }> {
  const row = requireAgent(context, agentName);
  const read = await readBundled(context, row);
  if (read === null) throw new InputError(`agent "${agentName}" has no bundled dataset`, ['agent: no default_dataset']);
  if ('problem' in read) throw new InputError(`the bundled dataset of "${agentName}" cannot be used`, [read.problem]);
  const imported = findOrImportDataset(context.database, {
    name: `${agentName} (bundled)`,
    sourceFormat: 'remora',
    cases: read.cases,
    sourceFile: read.file,
    description: `The dataset agent ${agentName} ships with (${read.file}).`,
  });
  return { dataset: view(imported.dataset), reused: imported.reused };
}

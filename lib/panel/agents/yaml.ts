// An agent as YAML, in and out of the panel. An import is parsed and validated in full (YAML, the
// definition's shape, scripts, schemas, templates, inputs) before anything is written, and then
// written in one transaction: a refused file leaves the database as it was.
import { immediateTransaction } from '../../db/transaction';
import path from 'node:path';
import { isMap, parseDocument, stringify } from 'yaml';
import { parseAgentText } from '../../agents/load';
import type { AgentDefinition } from '../../agents/definition';
import { sourcePathFor } from './sync';
import { getAgentByName, upsertAgent } from '../../db/queries/agents';
import type { AgentRow } from '../../db/rows';
import { InputError } from '../../errors';
import { agentFolder, requireAgent, storedPrompt } from './editing';
import type { ImportAgentRequest } from './requests';
import { readInputs } from './agents';
import type { PanelContext } from '../context';
import { recordDefaultPrompt } from './variants';

export type AgentImport = {
  name: string;
  /** An agent of that name was there and is replaced (or would be, in a dry run). */
  replaces: boolean;
  stored: boolean;
  warnings: string[];
  /** Where its scripts are looked for, relative to the project when inside it. */
  folder: string;
  /** The scripts it runs (tools and task-success check), relative to that folder: code that runs on this machine. */
  scripts: string[];
  /**
   * True when importing it needs the user's confirmation (`allowScripts`): scripts the stored agent
   * did not run already.
   */
  needsConfirmation: boolean;
};

export type AgentExport = { fileName: string; text: string };

/** The `name` the text declares, read without validating anything else (parseAgentText reports what is wrong). */
function declaredName(text: string): string | null {
  const document = parseDocument(text);
  if (document.errors.length > 0 || !isMap(document.contents)) return null;
  const name: unknown = document.get('name');
  return typeof name === 'string' && name.trim() !== '' ? name.trim() : null;
}

type Placement = { folder: string; sourcePath: string | null; existing: AgentRow | null };

function placement(context: PanelContext, name: string | null, toolsFrom: string | undefined): Placement {
  const existing = name ? getAgentByName(context.database, name) : null;
  if (toolsFrom !== undefined) {
    const donor = getAgentByName(context.database, toolsFrom);
    if (!donor)
      throw new InputError('the agent named for the tool scripts does not exist', [
        `toolsFrom: no agent named "${toolsFrom}"`,
      ]);
    return {
      folder: agentFolder(context, donor),
      sourcePath: donor.sourcePath ?? path.join('agents', donor.name),
      existing,
    };
  }
  if (existing) return { folder: agentFolder(context, existing), sourcePath: existing.sourcePath, existing };
  const folder = path.join(context.root, 'agents', name ?? 'unnamed');
  return { folder, sourcePath: sourcePathFor(folder, context.root), existing };
}

function displayFolder(folder: string, root: string): string {
  return sourcePathFor(folder, root);
}

/** Checks an agent YAML and, unless it is a dry run, stores it. Every refusal is an InputError with its reasons. */
export async function importAgentYaml(context: PanelContext, request: ImportAgentRequest): Promise<AgentImport> {
  const name = declaredName(request.yaml);
  const place = placement(context, name, request.toolsFrom);
  const parsed = parseAgentText(request.yaml, place.folder);
  if (!parsed.ok)
    throw new InputError('the YAML is not a valid agent definition; nothing was imported', [
      ...parsed.problems,
      ...parsed.warnings.map((warning) => `warning: ${warning}`),
    ]);
  const definition = parsed.definition;
  const inputs = await readInputs(definition, place.folder);
  if (!inputs.ok) throw new InputError('the agent’s inputs cannot be read; nothing was imported', [inputs.problem]);
  const existing = getAgentByName(context.database, definition.name);
  if (existing && !request.replace) {
    throw new InputError(`an agent named "${definition.name}" exists already; nothing was imported`, [
      `name: tick "replace" to replace it (its prompt history is kept), or change the name`,
    ]);
  }
  const scripts = scriptsOf(definition);
  const runsBefore =
    existing && agentFolder(context, existing) === place.folder
      ? scriptsOf(existing.definition as AgentDefinition)
      : [];
  const needsConfirmation = scripts.some((script) => !runsBefore.includes(script));
  const result: AgentImport = {
    name: definition.name,
    replaces: existing !== null,
    stored: false,
    warnings: parsed.warnings,
    folder: displayFolder(place.folder, context.root),
    scripts,
    needsConfirmation,
  };
  if (request.dryRun) return result;
  if (needsConfirmation && !request.allowScripts) {
    const paths = scripts.map((script) => path.join(result.folder, script)).join(', ');
    throw new InputError('this agent runs code on your machine: confirm it to import it; nothing was imported', [
      `allowScripts: its tools run ${paths} with your rights (in a sandbox where bubblewrap is installed); ` +
        'tick "This runs code on my machine" only for an agent you trust',
    ]);
  }

  const stored = definition as unknown as Record<string, unknown>;
  const { database } = context;
  immediateTransaction(database, () => {
    const current = getAgentByName(database, definition.name);
    if (current) recordDefaultPrompt(database, current, storedPrompt(stored), 'imported from YAML');
    upsertAgent(database, { name: definition.name, definition: stored, sourcePath: place.sourcePath });
  });
  return { ...result, stored: true };
}

/** The scripts a definition runs, as written (relative to its folder), each once. */
function scriptsOf(definition: Pick<AgentDefinition, 'tools' | 'task_success'>): string[] {
  const scripts = [...(definition.tools ?? []).map((tool) => tool.script), definition.task_success?.script];
  return [...new Set(scripts.filter((script): script is string => typeof script === 'string'))];
}

/** The stored definition as YAML, as an agents/<name>/agent.yaml would hold it. */
export function exportAgentYaml(context: PanelContext, name: string): AgentExport {
  const row = requireAgent(context, name);
  const folder = displayFolder(agentFolder(context, row), context.root);
  const header = [
    `# Agent "${row.name}", exported from the Remora panel on ${new Date().toISOString().slice(0, 10)}.`,
    `# Tool scripts and input files are relative to the agent's folder (${folder}).`,
    '',
  ].join('\n');
  const body = stringify(row.definition, { lineWidth: 0, blockQuote: 'literal' });
  const fileName = `${row.name.replace(/[^A-Za-z0-9_.-]+/g, '_')}.agent.yaml`;
  return { fileName, text: header + body };
}

// Agents as stored in SQLite (imported from agents/ on first start, then edited in the panel),
// checked with the spec's validation and turned into what a run needs.
import path from 'node:path';
import { loadInputsFile } from '../../agents/inputs';
import { toLoadedAgent } from '../../agents/load';
import { agentFolderFor } from './sync';
import { checkAgent } from '../../agents/validate';
import type { AgentDefinition } from '../../agents/definition';
import { getAgentByName, listAgents } from '../../db/queries/agents';
import type { AgentRow } from '../../db/schema';
import { InputError } from '../../errors';
import type { AgentRuntime } from '../../runner/types';
import type { ConversationInput } from '../../protocol/conversation';
import type { PanelContext } from '../context';
import { worksOnPythonNodes } from '../../agents/python-nodes';

type AgentToolView = {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  builtIn: boolean;
};

export type AgentView = {
  id: string;
  name: string;
  description: string | null;
  maxTurns: number | null;
  systemPrompt: string | null;
  nodeContext: string | null;
  tools: AgentToolView[];
  /** Where it was imported from, relative to the project when inside it. */
  sourcePath: string | null;
  /** How many default inputs it has (null when they cannot be read). */
  inputCount: number | null;
  /** It works on Python code (inputs from Python files, campaigns), not on text requests. */
  worksOnPython: boolean;
  valid: boolean;
  problems: string[];
  warnings: string[];
  createdAt: number;
  updatedAt: number;
};

/** `folder`: where its scripts, samples and inputs file are. */
export type RunnableAgent = {
  runtime: AgentRuntime;
  inputs: ConversationInput[];
  definition: AgentDefinition;
  warnings: string[];
  folder: string;
};

type Checked = { definition: AgentDefinition | null; folder: string; problems: string[]; warnings: string[] };

function check(context: PanelContext, row: AgentRow): Checked {
  const folder = agentFolderFor(row.sourcePath, row.name, context.root);
  const { report, definition } = checkAgent(row.definition, folder);
  return {
    definition: report.errors.length === 0 ? definition : null,
    folder,
    problems: report.errors,
    warnings: report.warnings,
  };
}

/** The agent's default inputs: inline `inputs`, else its `default_inputs` file, else none. */
export async function readInputs(
  definition: AgentDefinition,
  folder: string,
): Promise<{ ok: true; inputs: ConversationInput[] } | { ok: false; problem: string }> {
  if (definition.inputs) return { ok: true, inputs: definition.inputs };
  if (!definition.default_inputs) return { ok: true, inputs: [] };
  const loaded = await loadInputsFile(path.resolve(folder, definition.default_inputs));
  return loaded.ok ? loaded : { ok: false, problem: `default_inputs: ${loaded.problem}` };
}

export async function toAgentView(context: PanelContext, row: AgentRow): Promise<AgentView> {
  const checked = check(context, row);
  const raw = row.definition;
  const initial = (raw.initial_context ?? {}) as Record<string, unknown>;
  const rawTools = Array.isArray(raw.tools) ? (raw.tools as Record<string, unknown>[]) : [];
  let inputCount: number | null = null;
  const problems = [...checked.problems];
  if (checked.definition) {
    const inputs = await readInputs(checked.definition, checked.folder);
    if (inputs.ok) inputCount = inputs.inputs.length;
    else problems.push(inputs.problem);
  }
  return {
    id: row.id,
    name: row.name,
    // Read leniently, so that an invalid definition still shows what it holds.
    description: typeof raw.description === 'string' ? raw.description : null,
    maxTurns: typeof raw.max_turns === 'number' ? raw.max_turns : null,
    systemPrompt: typeof initial.system_prompt === 'string' ? initial.system_prompt : null,
    nodeContext: typeof initial.node_context === 'string' ? initial.node_context : null,
    tools: rawTools.map((tool) => ({
      name: String(tool.name ?? ''),
      description: String(tool.description ?? ''),
      parameters: (tool.parameters ?? {}) as Record<string, unknown>,
      builtIn: tool.script === undefined,
    })),
    sourcePath: row.sourcePath,
    inputCount,
    worksOnPython: worksOnPythonNodes(raw),
    valid: problems.length === 0,
    problems,
    warnings: checked.warnings,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export async function listAgentViews(context: PanelContext): Promise<AgentView[]> {
  return Promise.all(listAgents(context.database).map((row) => toAgentView(context, row)));
}

/**
 * The agent as a run needs it: runtime (prompts, tools with absolute script paths) and default
 * inputs. An unknown or invalid agent is the request's problem (InputError, with the reasons).
 */
export async function loadRunnableAgent(context: PanelContext, name: string): Promise<RunnableAgent> {
  const row = getAgentByName(context.database, name);
  if (!row) throw new InputError(`unknown agent "${name}"`, [`agent: no agent named "${name}"`]);
  const checked = check(context, row);
  if (!checked.definition)
    throw new InputError(
      `agent "${name}" is not valid`,
      checked.problems.map((problem) => `agent: ${problem}`),
    );
  const inputs = await readInputs(checked.definition, checked.folder);
  if (!inputs.ok) throw new InputError(`agent "${name}" is not valid`, [`agent: ${inputs.problem}`]);
  const loaded = toLoadedAgent(checked.definition, checked.folder, {
    inputs: inputs.inputs,
    warnings: checked.warnings,
  });
  return {
    runtime: loaded.toRuntime(),
    inputs: inputs.inputs,
    definition: checked.definition,
    warnings: checked.warnings,
    folder: checked.folder,
  };
}

// One agent as its page shows it: what the list shows, plus its settings, tools with their scripts
// and limits, and its inputs (labelled, for the preview's input picker).
import path from 'node:path';
import { DEFAULT_TOOL_LIMITS } from '../../agents/definition';
import { checkAgent } from '../../agents/validate';
import type { ConversationInput } from '../../protocol/conversation';
import { agentFolder, requireAgent } from './editing';
import { readInputs, toAgentView, type AgentView } from './agents';
import type { PanelContext } from '../context';

/** The page lists this many inputs at most; the count says how many there are. */
const LISTED_INPUTS = 300;

export type AgentToolDetail = {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  builtIn: boolean;
  script: string | null;
  timeoutMs: number;
  maxOutputBytes: number;
};

export type AgentInputSummary = {
  index: number;
  label: string;
  nodeType: string | null;
  filePath: string | null;
  lineCount: number;
};

export type AgentDetail = Omit<AgentView, 'tools'> & {
  tools: AgentToolDetail[];
  model: string | null;
  textAnswerEnds: boolean;
  settings: Record<string, unknown> | null;
  /** Where its inputs come from: a file beside the definition, a list stored in it, or nowhere. */
  inputsSource: { kind: 'file'; file: string } | { kind: 'inline' } | { kind: 'none' };
  inputs: AgentInputSummary[];
  inputsProblem: string | null;
  defaultDataset: string | null;
  /** The folder its scripts are found in, relative to the project when inside it. */
  folder: string;
};

function inputLabel(input: ConversationInput, index: number): string {
  if (input.node_name) return `${input.node_name}${input.node_type ? ` (${input.node_type})` : ''}`;
  const firstLine =
    input.node_text
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim() ?? '';
  const short = firstLine.length > 60 ? `${firstLine.slice(0, 57)}...` : firstLine;
  return short === '' ? `input ${index + 1} (empty)` : short;
}

function summarizeInput(input: ConversationInput, index: number): AgentInputSummary {
  return {
    index,
    label: inputLabel(input, index),
    nodeType: input.node_type ?? null,
    filePath: input.file_path ?? null,
    lineCount: input.node_text === '' ? 0 : input.node_text.split('\n').length,
  };
}

function displayFolder(folder: string, root: string): string {
  const relative = path.relative(root, folder);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : folder;
}

export async function getAgentDetail(context: PanelContext, name: string): Promise<AgentDetail> {
  const row = requireAgent(context, name);
  const view = await toAgentView(context, row);
  const folder = agentFolder(context, row);
  const { definition } = checkAgent(row.definition, folder);
  const raw = row.definition;
  const rawTools = Array.isArray(raw.tools) ? (raw.tools as Record<string, unknown>[]) : [];
  let inputs: AgentInputSummary[] = [];
  let inputsProblem: string | null = null;
  if (definition) {
    const read = await readInputs(definition, folder);
    if (read.ok) inputs = read.inputs.slice(0, LISTED_INPUTS).map(summarizeInput);
    else inputsProblem = read.problem;
  }
  const inputsSource: AgentDetail['inputsSource'] = Array.isArray(raw.inputs)
    ? { kind: 'inline' }
    : typeof raw.default_inputs === 'string'
      ? { kind: 'file', file: raw.default_inputs }
      : { kind: 'none' };
  return {
    ...view,
    tools: rawTools.map((tool) => ({
      name: String(tool.name ?? ''),
      description: String(tool.description ?? ''),
      parameters: (tool.parameters ?? {}) as Record<string, unknown>,
      builtIn: tool.script === undefined,
      script: typeof tool.script === 'string' ? tool.script : null,
      timeoutMs: typeof tool.timeout_ms === 'number' ? tool.timeout_ms : DEFAULT_TOOL_LIMITS.timeoutMs,
      maxOutputBytes:
        typeof tool.max_output_bytes === 'number' ? tool.max_output_bytes : DEFAULT_TOOL_LIMITS.maxOutputBytes,
    })),
    model: typeof raw.model === 'string' ? raw.model : null,
    textAnswerEnds: raw.text_answer_ends === true,
    settings:
      typeof raw.settings === 'object' && raw.settings !== null ? (raw.settings as Record<string, unknown>) : null,
    inputsSource,
    inputs,
    inputsProblem,
    defaultDataset: typeof raw.default_dataset === 'string' ? raw.default_dataset : null,
    folder: displayFolder(folder, context.root),
  };
}

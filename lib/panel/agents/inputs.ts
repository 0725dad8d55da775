// "Add inputs from these files": the functions, methods and classes of Python files and folders on
// this machine (the panel runs locally, for one user) become the agent's inputs.
//
// Where they are kept: in the agent's stored definition in SQLite, as its inline `inputs` list
// (the definition schema's own field). `default_inputs` (a file under agents/) is dropped from the
// stored definition at the same time, since a definition holds one or the other. An experiment that
// names no inputs runs the agent's inputs, so the experiment form and the API use them as they are;
// the YAML export carries them too. Files on disk are not changed.
import { immediateTransaction } from '../../db/transaction';
import path from 'node:path';
import { checkAgent } from '../../agents/validate';
import { upsertAgent } from '../../db/queries/agents';
import { InputError } from '../../errors';
import type { ConversationInput } from '../../protocol/conversation';
import { agentFolder, requireAgent } from './editing';
import { extractPythonInputs } from './inputs-extract';
import type { PythonInputsRequest } from './requests';
import { readInputs } from './agents';
import type { PanelContext } from '../context';

/** An agent keeps at most this many inputs (the experiment API takes 10,000 at most). */
const MAX_AGENT_INPUTS = 5000;
/** The answer lists this many nodes at most; `nodeCount` says how many there are. */
const LISTED_NODES = 1000;

type ExtractedNode = { name: string; type: string; filePath: string; startLine: number; endLine: number };

export type PythonInputsResult = {
  nodes: ExtractedNode[];
  nodeCount: number;
  fileCount: number;
  /** Paths that could not be read, files that are not Python: listed, not fatal. */
  problems: string[];
  /** After a save: how many inputs the agent has now. */
  saved: { mode: 'replace' | 'append'; inputCount: number } | null;
};

export async function pythonInputs(
  context: PanelContext,
  agentName: string,
  request: PythonInputsRequest,
): Promise<PythonInputsResult> {
  requireAgent(context, agentName);
  const paths = request.paths.map((given) => path.resolve(context.root, given));
  const extracted = await extractPythonInputs(context.root, paths, request.nodeTypes);
  const result: PythonInputsResult = {
    nodes: extracted.nodes.slice(0, LISTED_NODES).map((node) => ({
      name: node.name,
      type: node.type,
      filePath: node.filePath,
      startLine: node.startLine,
      endLine: node.endLine,
    })),
    nodeCount: extracted.nodes.length,
    fileCount: new Set(extracted.nodes.map((node) => node.filePath)).size,
    problems: extracted.problems,
    saved: null,
  };
  if (request.mode === 'preview') return result;
  if (extracted.inputs.length === 0) {
    throw new InputError(
      'no Python functions, methods or classes were found there; nothing was saved',
      extracted.problems.length > 0 ? extracted.problems : ['paths: no .py file holds a node of the chosen kinds'],
    );
  }
  const inputCount = await saveAgentInputs(context, agentName, extracted.inputs, request.mode);
  return { ...result, saved: { mode: request.mode, inputCount } };
}

/** Stores inputs in the agent's definition (see the top of this file); returns how many it has now. */
async function saveAgentInputs(
  context: PanelContext,
  agentName: string,
  added: ConversationInput[],
  mode: 'replace' | 'append',
): Promise<number> {
  const row = requireAgent(context, agentName);
  const folder = agentFolder(context, row);
  const { definition } = checkAgent(row.definition, folder);
  if (!definition)
    throw new InputError(`agent "${agentName}" has an unreadable definition; fix it before adding inputs`);
  let inputs = added;
  if (mode === 'append') {
    const current = await readInputs(definition, folder);
    if (!current.ok)
      throw new InputError(
        'the agent’s current inputs cannot be read, so nothing can be added to them; replace them instead',
        [current.problem],
      );
    inputs = [...current.inputs, ...added];
  }
  if (inputs.length > MAX_AGENT_INPUTS) {
    throw new InputError(`that would give the agent ${inputs.length} inputs; it keeps at most ${MAX_AGENT_INPUTS}`, [
      'paths: choose fewer files or kinds of node',
    ]);
  }
  const { default_inputs: _dropped, ...rest } = row.definition;
  const updated = { ...rest, inputs };
  const { database } = context;
  immediateTransaction(database, () => {
    // The definition read above must still be the stored one: another save in between would be lost.
    const now = requireAgent(context, agentName);
    if (now.updatedAt !== row.updatedAt) throw new InputError('the agent changed while the files were read; try again');
    upsertAgent(database, { name: row.name, definition: updated, sourcePath: row.sourcePath });
  });
  return inputs.length;
}

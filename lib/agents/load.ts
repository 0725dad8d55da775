// Loading agents from their folders: agents/<name>/agent.yaml plus its scripts and inputs.
// Malformed files are data, not exceptions.
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { ConfigurationError } from '../errors';
import type { AgentRuntime, TaskSuccessRuntime } from '../runner/types';
import type { ConversationInput } from '../protocol/conversation';
import { DEFAULT_TOOL_LIMITS, type AgentDefinition } from './definition';
import { firstLine, loadInputsFile } from './inputs';
import { checkAgent, type Locator } from './validate';
import { parseDatasetText, describeParseProblems } from '../datasets/formats';

const DEFINITION_FILE = 'agent.yaml';

export type LoadedAgent = {
  name: string;
  definition: AgentDefinition;
  /** Absolute path of the agent folder. */
  folder: string;
  /** Path of the definition file. */
  file: string;
  /** Absolute script path per tool name; null for the built-in submit_result. */
  scripts: Record<string, string | null>;
  /** The default inputs (from default_inputs or inline inputs); may be empty. */
  inputs: ConversationInput[];
  /** Absolute path of the default dataset file, when the agent declares one (checked to parse at load). */
  defaultDataset: string | null;
  warnings: string[];
  toRuntime(): AgentRuntime;
};

export type AgentProblem = { agent: string; file: string; problems: string[]; warnings: string[] };

export type ReadAgentResult = { ok: true; agent: LoadedAgent } | { ok: false; problem: AgentProblem };

type ParsedText =
  { ok: true; definition: AgentDefinition; warnings: string[] } | { ok: false; problems: string[]; warnings: string[] };

/** Parses and validates definition text (YAML) for an agent in `folder`, e.g. text edited in the panel. */
export function parseAgentText(text: string, folder: string): ParsedText {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: true });
  const yamlWarnings = document.warnings.map((warning) => `YAML: ${firstLine(warning.message)}`);
  if (document.errors.length > 0) {
    return {
      ok: false,
      problems: document.errors.map((error) => `YAML: ${firstLine(error.message)}`),
      warnings: yamlWarnings,
    };
  }
  let value: unknown;
  try {
    value = document.toJS();
  } catch (error) {
    // An alias to an anchor that does not exist is only found when the document is turned into data.
    return { ok: false, problems: [`YAML: ${(error as Error).message}`], warnings: yamlWarnings };
  }
  const locate: Locator = (fieldPath) => {
    // A missing field has no node of its own; point at the closest parent that exists.
    for (let length = fieldPath.length; length > 0; length--) {
      const node = document.getIn(fieldPath.slice(0, length), true) as { range?: [number, number, number] } | undefined;
      if (node?.range) {
        const position = lineCounter.linePos(node.range[0]);
        return `line ${position.line}, column ${position.col}`;
      }
    }
    return null;
  };
  const { report, definition } = checkAgent(value, folder, locate);
  const warnings = [...yamlWarnings, ...report.warnings];
  if (report.errors.length > 0 || definition === null) return { ok: false, problems: report.errors, warnings };
  return { ok: true, definition, warnings };
}

/** Builds a LoadedAgent from a definition already validated (from a file or the database). */
export function toLoadedAgent(
  definition: AgentDefinition,
  folder: string,
  options: { file?: string; inputs?: ConversationInput[]; warnings?: string[] } = {},
): LoadedAgent {
  const absoluteFolder = path.resolve(folder);
  const scripts: Record<string, string | null> = {};
  for (const tool of definition.tools)
    scripts[tool.name] = tool.script === undefined ? null : path.resolve(absoluteFolder, tool.script);
  return {
    name: definition.name,
    definition,
    folder: absoluteFolder,
    file: options.file ?? path.join(absoluteFolder, DEFINITION_FILE),
    scripts,
    inputs: options.inputs ?? definition.inputs ?? [],
    defaultDataset:
      definition.default_dataset === undefined ? null : path.resolve(absoluteFolder, definition.default_dataset),
    warnings: options.warnings ?? [],
    toRuntime: () => toRuntime(definition, scripts, absoluteFolder),
  };
}

function toRuntime(definition: AgentDefinition, scripts: Record<string, string | null>, folder: string): AgentRuntime {
  return {
    name: definition.name,
    // Only when set, so that an agent without one keeps the stored shape (and resume hash) it had.
    ...(definition.model ? { model: definition.model } : {}),
    maxTurns: definition.max_turns,
    systemPrompt: definition.initial_context.system_prompt,
    nodeContext: definition.initial_context.node_context,
    tools: definition.tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters,
      script: scripts[tool.name],
      limits: {
        timeoutMs: tool.timeout_ms ?? DEFAULT_TOOL_LIMITS.timeoutMs,
        maxOutputBytes: tool.max_output_bytes ?? DEFAULT_TOOL_LIMITS.maxOutputBytes,
        // Only when declared, so that other agents keep the stored shape (and resume hash) they had.
        ...(tool.max_workspace_bytes === undefined ? {} : { workspaceBytes: tool.max_workspace_bytes }),
      },
    })),
    textAnswerEnds: definition.text_answer_ends ?? false,
    settings: definition.settings ?? {},
    // Only when declared, so that an agent without one keeps the stored shape (and resume hash) it had.
    ...(definition.task_success ? { taskSuccess: taskSuccessRuntime(definition.task_success, folder) } : {}),
  };
}

/** The runtime with every tool's workspace limit set to `bytes` (--workspace-limit); unchanged without one. */
export function withWorkspaceLimit(runtime: AgentRuntime, bytes: number | undefined): AgentRuntime {
  if (bytes === undefined) return runtime;
  return {
    ...runtime,
    tools: runtime.tools.map((tool) => ({ ...tool, limits: { ...tool.limits, workspaceBytes: bytes } })),
  };
}

// A check runs pytest on model-written tests: it gets a minute unless the agent says otherwise.
const TASK_CHECK_TIMEOUT_MS = 60_000;

function taskSuccessRuntime(
  declared: NonNullable<AgentDefinition['task_success']>,
  folder: string,
): TaskSuccessRuntime {
  return {
    description: declared.description,
    script: declared.script === undefined ? null : path.resolve(folder, declared.script),
    limits: {
      timeoutMs: declared.timeout_ms ?? TASK_CHECK_TIMEOUT_MS,
      maxOutputBytes: DEFAULT_TOOL_LIMITS.maxOutputBytes,
    },
  };
}

/** Reads one agent folder; every problem (unreadable file, YAML, schema, scripts, inputs) comes back as data. */
export async function readAgent(folder: string): Promise<ReadAgentResult> {
  const file = path.join(folder, DEFINITION_FILE);
  const agent = path.basename(path.resolve(folder));
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? `no ${DEFINITION_FILE} in ${folder}`
        : (error as Error).message;
    return { ok: false, problem: { agent, file, problems: [`cannot read ${file}: ${reason}`], warnings: [] } };
  }
  const parsed = parseAgentText(text, folder);
  if (!parsed.ok) return { ok: false, problem: { agent, file, problems: parsed.problems, warnings: parsed.warnings } };

  let inputs: ConversationInput[] | undefined;
  if (parsed.definition.default_inputs !== undefined) {
    const loaded = await loadInputsFile(path.resolve(folder, parsed.definition.default_inputs));
    if (!loaded.ok)
      return {
        ok: false,
        problem: { agent, file, problems: [`default_inputs: ${loaded.problem}`], warnings: parsed.warnings },
      };
    inputs = loaded.inputs;
  }
  if (parsed.definition.default_dataset !== undefined) {
    const problems = await checkDatasetFile(path.resolve(folder, parsed.definition.default_dataset));
    if (problems.length > 0)
      return {
        ok: false,
        problem: {
          agent,
          file,
          problems: problems.map((problem) => `default_dataset: ${problem}`),
          warnings: parsed.warnings,
        },
      };
  }
  return { ok: true, agent: toLoadedAgent(parsed.definition, folder, { file, inputs, warnings: parsed.warnings }) };
}

/** Loads one agent folder; throws a ConfigurationError listing every problem. */
export async function loadAgent(folder: string): Promise<LoadedAgent> {
  const result = await readAgent(folder);
  if (result.ok) return result.agent;
  throw new ConfigurationError(
    `agent "${result.problem.agent}" (${result.problem.file}) is not valid`,
    result.problem.problems,
  );
}

/** Loads every agent folder under `agentsDir`. Never throws: broken agents are listed in `problems`. */
export async function loadAgents(agentsDir: string): Promise<{ agents: LoadedAgent[]; problems: AgentProblem[] }> {
  let entries;
  try {
    entries = await readdir(agentsDir, { withFileTypes: true });
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'the folder does not exist' : (error as Error).message;
    return {
      agents: [],
      problems: [
        {
          agent: path.basename(agentsDir),
          file: agentsDir,
          problems: [`cannot list agents in ${agentsDir}: ${reason}`],
          warnings: [],
        },
      ],
    };
  }
  // Hidden and underscore folders are not agents (editor state, shared helpers).
  const folders = entries
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && !entry.name.startsWith('_'))
    .map((entry) => entry.name)
    .sort();
  const results = await Promise.all(folders.map((name) => readAgent(path.join(agentsDir, name))));

  const agents: LoadedAgent[] = [];
  const problems: AgentProblem[] = [];
  const folderByName = new Map<string, string>();
  for (const result of results) {
    if (!result.ok) {
      problems.push(result.problem);
      continue;
    }
    const other = folderByName.get(result.agent.name);
    if (other !== undefined) {
      problems.push({
        agent: path.basename(result.agent.folder),
        file: result.agent.file,
        problems: [`name: "${result.agent.name}" is already the name of the agent in ${other}`],
        warnings: result.agent.warnings,
      });
      continue;
    }
    folderByName.set(result.agent.name, result.agent.folder);
    agents.push(result.agent);
  }
  return { agents, problems };
}

/** Problems of a dataset file in the project's format (unreadable, or its refused lines). */
async function checkDatasetFile(file: string): Promise<string[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    return [`cannot read ${file}: ${(error as Error).message}`];
  }
  const parsed = parseDatasetText(text, 'remora');
  return parsed.ok ? [] : describeParseProblems(parsed, file);
}

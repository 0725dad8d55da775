// A new experiment from the panel's request: its agent, endpoint (reached before anything is
// stored), tool choice, input files and sandbox checked, then stored and started on the job runner.
import path from 'node:path';
import { databaseFileOf } from '../../db/client';
import { ConfigurationError, InputError } from '../../errors';
import { ExperimentConfig, type ExperimentConfigInput } from '../../experiment-config/experiment-config';
import { createStoredExperiment } from '../../experiments/service';
import { checkToolChoice as checkChoice } from '../../runner/settings';
import type { RunnerSettings } from '../../runner/types';
import { zodReasons } from '../../http/read-request';
import { loadRunnableAgent } from '../agents/agents';
import type { PanelContext } from '../context';
import { resolveEndpoint, resolveVariantEndpoint, type VariantEndpoint } from '../endpoints/resolve';
import { resolveExperimentInputs } from './inputs';
import { chooseExperimentSandbox, type ExperimentSandbox } from '../../tools/sandbox/experiment-sandbox';
import { inputFileProblems, type InputFiles } from '../../tools/input-files';
import type { CreateExperimentRequest } from './requests';
import { refusalError } from './experiments';

function checkToolChoice(choice: string, toolNames: string[], where: string): RunnerSettings['toolChoice'] {
  const checked = checkChoice(choice, toolNames);
  if (!checked.ok) throw new InputError('invalid tool choice', [`${where}: ${checked.problem}`]);
  return checked.value;
}

/** Creates the experiment from a validated request and starts it on the job runner. */
/**
 * The files a panel experiment's inputs (or dataset cases) may name: under the agent's folder or a
 * folder the request names (relative paths from the project); never the panel's data/ folder or its
 * database, whatever folder is named (input-files.ts also refuses dot files and node_modules).
 * Anything else is refused, naming the input.
 */
function panelInputFiles(
  context: PanelContext,
  agentFolder: string,
  inputs: { file_path?: string | null; node_name?: string | null }[],
  inputRoots: string[] = [],
): InputFiles {
  const roots = [agentFolder, ...inputRoots.map((root) => path.resolve(context.root, root))];
  const database = databaseFileOf(context.database);
  const refused = [path.join(context.root, 'data'), database, `${database}-wal`, `${database}-shm`];
  const files: InputFiles = { base: context.root, roots, refused };
  const problems = inputFileProblems(inputs, files);
  if (problems.length > 0) {
    const which = problems.length === 1 ? 'an input names a file' : `${problems.length} inputs name files`;
    throw new InputError(`${which} the experiment may not read; nothing was run`, problems.slice(0, 20));
  }
  return files;
}

/** The experiment's sandbox; a refusal (no bubblewrap, no opt-in) is the request's to fix: tick the form's checkbox. */
function panelSandbox(
  agent: Parameters<typeof chooseExperimentSandbox>[0],
  unsafeNoSandbox: boolean,
): ExperimentSandbox {
  try {
    return chooseExperimentSandbox(agent, unsafeNoSandbox);
  } catch (error) {
    if (ConfigurationError.is(error)) throw new InputError(error.message, error.problems);
    throw error;
  }
}

export async function createExperimentFromRequest(
  context: PanelContext,
  request: CreateExperimentRequest,
): Promise<{ id: string }> {
  const agent = await loadRunnableAgent(context, request.agent);
  const toolNames = agent.runtime.tools.map((tool) => tool.name);
  const toolChoice = checkToolChoice(request.toolChoice, toolNames, 'toolChoice');
  // A variant on a saved endpoint of its own: that endpoint's settings, checked as the experiment's are.
  const servers: VariantEndpoint[] = [];
  for (const [index, variant] of request.variants.entries())
    servers.push(
      variant.endpoint
        ? await resolveVariantEndpoint(context, variant.endpoint.name, variant.model, index)
        : {
            ...(variant.baseUrl ? { baseUrl: variant.baseUrl } : {}),
            ...(variant.model ? { model: variant.model } : {}),
          },
    );
  const variants: ExperimentConfigInput['variants'] = request.variants.map((variant, index) => {
    const { toolChoice: variantChoice, ...settings } = variant.settings ?? {};
    return {
      name: variant.name,
      systemPrompt: variant.systemPrompt,
      nodeContext: variant.nodeContext,
      ...servers[index],
      settings: {
        toolChoice:
          variantChoice === undefined
            ? toolChoice
            : checkToolChoice(variantChoice, toolNames, `variants.${index}.settings.toolChoice`),
        temperature: request.temperature,
        maxTokens: request.maxTokens,
        ...settings,
      },
    };
  });
  // The request's inputs, a stored dataset's cases, or the agent's own (experiment-inputs.ts).
  const { inputs, dataset, maxTurns } = resolveExperimentInputs(context, request, agent.inputs);
  if (maxTurns !== undefined) agent.runtime.maxTurns = maxTurns;
  const inputFiles = panelInputFiles(context, agent.folder, inputs, request.inputRoots);
  const resolved = await resolveEndpoint(context, request.endpoint, agent.definition.model);
  const { maxResponseBytes, requestTimeouts } = request.endpoint;
  const endpoint = {
    ...resolved,
    ...(maxResponseBytes === undefined ? {} : { maxResponseBytes }),
    ...(requestTimeouts === undefined ? {} : { requestTimeouts }),
  };
  const parsed = ExperimentConfig.safeParse({
    agent: agent.runtime.name,
    variants,
    endpoint,
    inputs,
    requestsPerVariant: request.requestsPerVariant,
    concurrency: request.concurrency,
    dataset,
    primaryMetric: request.primaryMetric,
    stopEarly: request.stopEarly,
    plannedDifference: request.plannedDifference,
    noWorseMargin: request.noWorseMargin,
    customCheck: request.customCheck,
    sandbox: panelSandbox(agent.runtime, request.unsafeNoSandbox),
    inputFiles,
  } satisfies ExperimentConfigInput);
  if (!parsed.success) throw new InputError('the experiment settings are not valid', zodReasons(parsed.error));
  const row = createStoredExperiment(context.database, parsed.data, agent.runtime);
  const start = context.jobRunner.start(row.id);
  if (!start.started) throw refusalError(start.refusal);
  return { id: row.id };
}

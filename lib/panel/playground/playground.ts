// The playground as the panel runs it: one conversation of an agent, on one input, with the prompt
// and settings as edited, on an endpoint, now and outside any experiment. Events go to the browser
// as they happen (server-sent events); the finished run is kept a while so it can be saved as an
// experiment of one conversation (lib/experiments/playground-runs.ts).
import { z } from 'zod';
import { runPlayground, type PlaygroundEvent } from '../../experiments/playground';
import { keepRun, saveRuns } from '../../experiments/playground-runs';
import { resolveBaseUrl } from '../../experiments/built-in-simulator';
import { EndpointConfig, VariantConfig } from '../../experiment-config/experiment-config';
import { variantRuntime, variantSettings } from '../../experiments/run-experiment';
import { HttpModelClient } from '../../runner/model-client';
import { defaultWorkspaces } from '../../tools/workspace';
import { InputError } from '../../errors';
import { LIMITS } from '../../protocol/limits';
import type { ConversationInput } from '../../protocol/conversation';
import { zodReasons } from '../../http/read-request';
import type { PanelContext } from '../context';
import { loadRunnableAgent } from '../agents/agents';
import { EndpointRequest, VariantRequest } from '../experiments/requests';
import { resolveEndpoint } from '../endpoints/resolve';
import { planReplay } from '../../replay/replay';

export const PlaygroundRequest = z
  .object({
    /** One of the agent's own inputs, by position... */
    inputIndex: z.number().int().min(0).optional(),
    /** ...or a request typed in (the input's node_text). */
    text: z.string().min(1).max(LIMITS.promptLength.max).optional(),
    /** ...or a stored conversation at turn N, its request as it was then (span replay). */
    replay: z
      .object({ conversationId: z.string().min(1).max(100), fromTurn: z.number().int().min(1) })
      .strict()
      .optional(),
    endpoint: EndpointRequest,
    variant: VariantRequest,
  })
  .strict()
  .refine(
    (request) => [request.inputIndex, request.text, request.replay].filter((given) => given !== undefined).length === 1,
    { message: 'give exactly one of inputIndex, text or replay' },
  );
export type PlaygroundRequest = z.infer<typeof PlaygroundRequest>;

export const SaveRequest = z
  .object({
    runIds: z.array(z.string().min(1).max(100)).min(1).max(4),
    name: z.string().max(200).optional(),
    description: z.string().max(5_000).optional(),
  })
  .strict();

export type PlaygroundStreamEvent = PlaygroundEvent | { type: 'kept'; runId: string; simulated: boolean };

/** Checks everything that can be checked before the run starts; a problem is an InputError (a 400). */
export async function preparePlayground(context: PanelContext, agentName: string, request: PlaygroundRequest) {
  const agent = await loadRunnableAgent(context, agentName);
  let input: ConversationInput;
  let runtime = agent.runtime;
  if (request.replay) {
    // The same cut as a replay experiment: the history before that turn's answer, its knowledge, and
    // the kept turns' calls to run again in the workspace; the agent gets the turns it had left.
    const planned = planReplay(context.database, request.replay.conversationId, { fromTurn: request.replay.fromTurn });
    input = planned.config.inputs[0];
    runtime = { ...runtime, maxTurns: planned.agent.maxTurns };
  } else if (request.inputIndex !== undefined) {
    const chosen = agent.inputs[request.inputIndex];
    if (!chosen) throw new InputError('no such input', [`inputIndex: ${agentName} has ${agent.inputs.length} inputs`]);
    input = chosen;
  } else input = { node_text: request.text as string };
  const resolved = await resolveEndpoint(context, request.endpoint, agent.definition.model);
  const endpoint = EndpointConfig.parse({
    baseUrl: resolved.baseUrl,
    model: resolved.model,
    apiKeyEnv: resolved.apiKeyEnv,
    simulated: resolved.simulated,
    // The request's own timeouts win over the saved endpoint's, as for an experiment.
    requestTimeouts: request.endpoint.requestTimeouts ?? resolved.requestTimeouts,
  });
  const parsedVariant = VariantConfig.safeParse({
    name: request.variant.name,
    systemPrompt: request.variant.systemPrompt,
    nodeContext: request.variant.nodeContext,
    settings: request.variant.settings ?? {},
  });
  if (!parsedVariant.success) throw new InputError('the variant is not valid', zodReasons(parsedVariant.error));
  const variant = parsedVariant.data;
  const settings = variantSettings({ endpoint } as Parameters<typeof variantSettings>[0], variant, agent.runtime);
  const apiKey = endpoint.apiKeyEnv ? process.env[endpoint.apiKeyEnv] : undefined;
  const client = new HttpModelClient({
    baseUrl: resolveBaseUrl(endpoint.baseUrl, () => context.simulatorUrl()),
    apiKey,
    retry: settings.retry,
    timeouts: endpoint.requestTimeouts,
  });
  return { agent: runtime, variant, endpoint, input, settings, client };
}

/** Runs it, sending each event; the last says which kept run to save. */
export async function runPreparedPlayground(
  context: PanelContext,
  prepared: Awaited<ReturnType<typeof preparePlayground>>,
  send: (event: PlaygroundStreamEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  const runtime = variantRuntime(prepared.agent, prepared.variant);
  const result = await runPlayground({
    agent: runtime,
    settings: prepared.settings,
    input: prepared.input,
    client: prepared.client,
    tools: context.jobRunner.toolExecutor,
    workspaces: defaultWorkspaces(runtime, undefined, context.root),
    signal,
    emit: send,
  });
  const runId = keepRun({
    agent: prepared.agent,
    variant: prepared.variant,
    endpoint: prepared.endpoint,
    input: prepared.input,
    record: result.record,
    workspaceDiff: result.workspaceDiff,
    changedFiles: result.changedFiles,
    taskCheck: result.taskCheck,
  });
  send({ type: 'kept', runId, simulated: prepared.endpoint.simulated });
}

export function savePlaygroundRuns(context: PanelContext, request: z.infer<typeof SaveRequest>): { id: string } {
  return saveRuns(context.database, request);
}

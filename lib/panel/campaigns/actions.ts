// What the panel does to a campaign besides reviewing it: start (or resume) one in the panel's
// process, apply its accepted changes, and run the repository's test command, whose result is
// stored with the campaign. A campaign started here runs in the background like an experiment;
// the page follows it from the database (campaign-runs.ts).
import { z } from 'zod';
import { getCampaign } from '../../db/queries/campaigns';
import { getExperiment } from '../../db/queries/experiments';
import type { CampaignRow } from '../../db/rows';
import { ConfigurationError, InputError, NotFoundError, errorMessage } from '../../errors';
import { applyToBranch, applyToWorkingTree, type ApplyResult } from '../../campaigns/apply';
import { openCampaign } from '../../campaigns/create';
import { runRepositoryTests, type TestRun } from '../../campaigns/test-command';
import { describeHolder, leaseIsLive } from '../../experiments/lease';
import { BUILT_IN_SIMULATOR_URL } from '../../experiments/built-in-simulator';
import { probeEndpoint } from '../../experiments/probe-endpoint';
import { LIMITS } from '../../protocol/limits';
import { loadRunnableAgent } from '../agents/agents';
import type { PanelContext } from '../context';
import { isCampaignRunningHere, launchCampaign } from './campaign-runs';
import { DEFAULT_SIMULATED_MODEL } from '../endpoints/endpoints';
import { resolveEndpoint, type ResolvedEndpoint } from '../endpoints/resolve';
import { wholeNumberIn } from '../../protocol/plain-issues';

export const StartCampaignRequest = z
  .object({
    agent: z.string().min(1).max(200),
    repo: z.string().min(1).max(4096),
    exclude: z.array(z.string().min(1).max(1000)).max(100).default([]),
    /** A saved endpoint's name (its URL, model, key variable and timeouts); instead of baseUrl. */
    endpoint: z.string().trim().min(1).max(100).optional(),
    /** Empty (and no endpoint): the panel's built-in simulator. */
    baseUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).default(''),
    /** Required with baseUrl; with a saved endpoint, its own model when missing. */
    model: z.string().min(1).max(200).optional(),
    concurrency: wholeNumberIn(LIMITS.concurrency).default(4),
    unsafeFixes: z.boolean().default(false),
  })
  .superRefine((request, context) => {
    if (request.endpoint !== undefined && request.baseUrl !== '')
      context.addIssue({
        code: 'custom',
        path: ['endpoint'],
        message: 'give a saved endpoint or a base URL, not both',
      });
    if (request.endpoint === undefined && request.model === undefined)
      context.addIssue({
        code: 'custom',
        path: ['model'],
        message: 'the model name is required without a saved endpoint',
      });
  });
export type StartCampaignRequest = z.infer<typeof StartCampaignRequest>;

export const ApplyRequest = z.object({ branch: z.string().min(1).max(200).optional() });
export const TestRequest = z.object({
  command: z.string().min(1).max(4000),
  branch: z.string().min(1).max(200).optional(),
});

function campaignOf(context: PanelContext, id: string): CampaignRow {
  const campaign = getCampaign(context.database, id);
  if (!campaign) throw new NotFoundError(`no campaign with id ${id}`);
  return campaign;
}

/**
 * The campaign's server: a saved endpoint (resolved as an experiment's is, timeouts included), a
 * URL, or the built-in simulator. The simulator's port changes at every start: the campaign keeps
 * its placeholder (its identity), so that the same request after a restart finds the same campaign.
 */
async function campaignEndpoint(
  context: PanelContext,
  request: StartCampaignRequest,
  agentModel: string | undefined,
): Promise<ResolvedEndpoint> {
  if (request.endpoint !== undefined)
    return resolveEndpoint(context, { name: request.endpoint, model: request.model }, agentModel);
  const baseUrl = request.baseUrl || context.simulatorUrl();
  const probe = await probeEndpoint(baseUrl);
  if (!probe.reachable) throw new ConfigurationError(`cannot reach the model server at ${baseUrl}: ${probe.error}`);
  const model = request.model ?? agentModel ?? DEFAULT_SIMULATED_MODEL;
  return { baseUrl: request.baseUrl || BUILT_IN_SIMULATOR_URL, model, simulated: probe.simulated };
}

/** Starts a campaign, or resumes the unfinished one with exactly these settings; it runs on in the background. */
export async function startCampaign(
  context: PanelContext,
  request: StartCampaignRequest,
): Promise<{ id: string; resumed: boolean }> {
  const agent = await loadRunnableAgent(context, request.agent);
  const endpoint = await campaignEndpoint(context, request, agent.definition.model);
  let opened;
  try {
    opened = await openCampaign(context.database, {
      agent: agent.runtime,
      variant: { name: 'baseline', systemPrompt: agent.runtime.systemPrompt },
      repo: request.repo,
      endpoint,
      concurrency: request.concurrency,
      settings: { exclude: request.exclude, unsafeFixes: request.unsafeFixes },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || /is not a folder/.test(errorMessage(error)))
      throw new InputError(`${request.repo} is not a folder on the panel's machine`, [`repo: ${errorMessage(error)}`]);
    throw error;
  }
  const { campaign, resumed } = opened;
  if (isCampaignRunningHere(campaign.id)) return { id: campaign.id, resumed };
  const experiment = getExperiment(context.database, campaign.experimentId);
  if (resumed && experiment && leaseIsLive(experiment))
    throw new InputError(`campaign ${campaign.id} is being run by ${describeHolder(experiment)}`);
  launchCampaign(context, campaign.id);
  return { id: campaign.id, resumed };
}

export function applyCampaign(
  context: PanelContext,
  id: string,
  request: z.infer<typeof ApplyRequest>,
): Promise<ApplyResult> {
  const campaign = campaignOf(context, id);
  return request.branch
    ? applyToBranch(context.database, campaign, request.branch)
    : applyToWorkingTree(context.database, campaign);
}

/** Always in the sandbox from the panel: no opt-out over HTTP. */
export function testCampaign(
  context: PanelContext,
  id: string,
  request: z.infer<typeof TestRequest>,
): Promise<TestRun> {
  return runRepositoryTests(context.database, campaignOf(context, id), request.command, { branch: request.branch });
}

// What the panel does to a campaign besides reviewing it: start (or resume) one in the panel's
// process, apply its accepted changes, and run the repository's test command, whose result is
// stored with the campaign. A campaign started here runs in the background like an experiment;
// the page follows it from the database.
import { z } from 'zod';
import { getCampaign } from '../../db/queries/campaigns';
import { getExperiment } from '../../db/queries/experiments';
import type { CampaignRow } from '../../db/rows';
import { ConfigurationError, InputError, NotFoundError, errorMessage } from '../../errors';
import { applyToBranch, applyToWorkingTree, type ApplyResult } from '../../campaigns/apply';
import { openCampaign } from '../../campaigns/create';
import { runCampaign, type CampaignRun } from '../../campaigns/run';
import { runRepositoryTests, type TestRun } from '../../campaigns/test-command';
import { describeHolder, leaseIsLive, newRunnerId } from '../../experiments/lease';
import { BUILT_IN_SIMULATOR_URL } from '../../experiments/built-in-simulator';
import { probeEndpoint } from '../../experiments/probe-endpoint';
import { LIMITS } from '../../protocol/limits';
import { loadRunnableAgent } from '../agents/agents';
import type { PanelContext } from '../context';
import { wholeNumberIn } from '../../protocol/plain-issues';

export const StartCampaignRequest = z.object({
  agent: z.string().min(1).max(200),
  repo: z.string().min(1).max(4096),
  exclude: z.array(z.string().min(1).max(1000)).max(100).default([]),
  /** Empty: the panel's built-in simulator. */
  baseUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).default(''),
  model: z.string().min(1).max(200),
  concurrency: wholeNumberIn(LIMITS.concurrency).default(4),
  unsafeFixes: z.boolean().default(false),
});
export type StartCampaignRequest = z.infer<typeof StartCampaignRequest>;

export const ApplyRequest = z.object({ branch: z.string().min(1).max(200).optional() });
export const TestRequest = z.object({
  command: z.string().min(1).max(4000),
  branch: z.string().min(1).max(200).optional(),
});

/** Campaigns running in this process, shared by Next's route bundles. */
const RUNS_KEY = Symbol.for('remora.panel-campaign-runs');
function runningHere(): Map<string, CampaignRun> {
  const holder = globalThis as typeof globalThis & { [RUNS_KEY]?: Map<string, CampaignRun> };
  holder[RUNS_KEY] ??= new Map();
  return holder[RUNS_KEY];
}

function campaignOf(context: PanelContext, id: string): CampaignRow {
  const campaign = getCampaign(context.database, id);
  if (!campaign) throw new NotFoundError(`no campaign with id ${id}`);
  return campaign;
}

/** Starts a campaign, or resumes the unfinished one with exactly these settings; it runs on in the background. */
export async function startCampaign(
  context: PanelContext,
  request: StartCampaignRequest,
): Promise<{ id: string; resumed: boolean }> {
  const agent = await loadRunnableAgent(context, request.agent);
  const baseUrl = request.baseUrl || context.simulatorUrl();
  const probe = await probeEndpoint(baseUrl);
  if (!probe.reachable) throw new ConfigurationError(`cannot reach the model server at ${baseUrl}: ${probe.error}`);
  // The built-in simulator's port changes at every start: the campaign keeps its placeholder (its
  // identity), so that the same request after a restart finds the same campaign.
  const storedUrl = request.baseUrl || BUILT_IN_SIMULATOR_URL;
  let opened;
  try {
    opened = await openCampaign(context.database, {
      agent: agent.runtime,
      variant: { name: 'baseline', systemPrompt: agent.runtime.systemPrompt },
      repo: request.repo,
      endpoint: { baseUrl: storedUrl, model: request.model, simulated: probe.simulated },
      concurrency: request.concurrency,
      settings: { exclude: request.exclude, unsafeFixes: request.unsafeFixes },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || /is not a folder/.test(errorMessage(error)))
      throw new InputError(`${request.repo} is not a folder on the panel's machine`, [`repo: ${errorMessage(error)}`]);
    throw error;
  }
  const { campaign, resumed } = opened;
  const runs = runningHere();
  if (runs.has(campaign.id)) return { id: campaign.id, resumed };
  const experiment = getExperiment(context.database, campaign.experimentId);
  if (resumed && experiment && leaseIsLive(experiment))
    throw new InputError(`campaign ${campaign.id} is being run by ${describeHolder(experiment)}`);
  const run = runCampaign(context.database, campaign.id, {
    // The job runner's pool: the work root is one per process (lib/tools/work-root.ts), so it takes
    // the workspaces this route's code makes.
    tools: context.jobRunner.toolExecutor,
    runnerId: newRunnerId('panel'),
    resolveSimulator: () => context.simulatorUrl(),
  });
  runs.set(campaign.id, run);
  void run.done
    .catch((error: unknown) => {
      const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
      console.error(`[remora] campaign ${campaign.id} failed: ${detail}`);
    })
    .finally(() => runs.delete(campaign.id));
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

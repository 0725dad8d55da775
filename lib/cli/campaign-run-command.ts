// `remora campaign run`: an agent over every node of a repository; resumes the unfinished campaign
// with the same settings. Progress on stderr; with --json, stdout holds only the result.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadAgent, withWorkspaceLimit } from '../agents/load';
import { closeDatabase, openDatabase, type RemoraDatabase } from '../db/client';
import { getExperiment } from '../db/queries/experiments';
import { ConfigurationError, InputError, RemoraError, errorMessage } from '../errors';
import { describeHolder, leaseIsLive, newRunnerId } from '../experiments/lease';
import { probeEndpoint } from '../experiments/probe-endpoint';
import { openCampaign } from '../campaigns/create';
import { runCampaign } from '../campaigns/run';
import type { RequestTimeouts } from '../runner/request-timeouts';
import { describe } from './harness-command';
import { campaignJson } from './campaign-output';
import { exitCodeFor } from './exit-code';
import { interruptOnSignal, progressBar } from './run-controls';
import { experimentToolPool } from '../experiments/tool-pool';

export type CampaignRunOptions = {
  agent: string;
  repo: string;
  variant: string[];
  exclude: string[];
  baseUrl: string;
  model: string;
  concurrency: number;
  apiKeyEnv?: string;
  requestTimeout?: Partial<RequestTimeouts>;
  contextTokens?: number;
  maxFileBytes?: number;
  unsafeFixes: boolean;
  /** What each tool call's workspace may hold, in bytes (--workspace-limit). */
  workspaceLimit?: number;
  agentsDir: string;
  db: string;
  json: boolean;
};

function note(text: string) {
  process.stderr.write(`${text}\n`);
}

async function chooseVariant(
  options: CampaignRunOptions,
  systemPrompt: string,
): Promise<{ name: string; systemPrompt: string }> {
  if (options.variant.length === 0) return { name: 'baseline', systemPrompt };
  if (options.variant.length > 1) throw new InputError('a campaign runs one variant: give --variant once');
  const spec = options.variant[0];
  const separator = spec.indexOf('=');
  if (separator <= 0 || separator === spec.length - 1)
    throw new InputError(`--variant "${spec}" must be NAME=PROMPT_FILE`);
  try {
    return { name: spec.slice(0, separator), systemPrompt: await readFile(spec.slice(separator + 1), 'utf8') };
  } catch (error) {
    throw new InputError(
      `cannot read the prompt file of variant "${spec.slice(0, separator)}": ${errorMessage(error)}`,
      [],
      { cause: error },
    );
  }
}

export async function runCampaignCommand(options: CampaignRunOptions): Promise<number> {
  let database: RemoraDatabase | null = null;
  try {
    const agent = await loadAgent(path.resolve(options.agentsDir, options.agent));
    const runtime = withWorkspaceLimit(agent.toRuntime(), options.workspaceLimit);
    const variant = await chooseVariant(options, runtime.systemPrompt);
    const probe = await probeEndpoint(options.baseUrl);
    if (!probe.reachable)
      throw new ConfigurationError(
        `cannot reach the model server at ${options.baseUrl}: ${probe.error}. Is it running?`,
      );
    database = openDatabase(options.db);
    const { campaign, resumed } = await openCampaign(database, {
      agent: runtime,
      variant,
      repo: options.repo,
      endpoint: {
        baseUrl: options.baseUrl,
        model: options.model,
        apiKeyEnv: options.apiKeyEnv,
        simulated: probe.simulated,
        ...(options.requestTimeout ? { requestTimeouts: options.requestTimeout } : {}),
      },
      concurrency: options.concurrency,
      settings: {
        exclude: options.exclude,
        contextTokens: options.contextTokens,
        maxFileBytes: options.maxFileBytes,
        unsafeFixes: options.unsafeFixes,
      },
    });
    const experiment = getExperiment(database, campaign.experimentId);
    if (resumed && experiment && leaseIsLive(experiment))
      throw new InputError(
        `campaign ${campaign.id} is being run by ${describeHolder(experiment)}; wait for it or stop it`,
      );
    if (resumed) note(`resuming unfinished campaign ${campaign.id}: nodes already run are kept and not run again`);
    return await execute(database, campaign.id, options);
  } catch (error) {
    process.stderr.write(`${describe(error)}\n`);
    return exitCodeFor(error);
  } finally {
    if (database) closeDatabase(database);
  }
}

async function execute(database: RemoraDatabase, campaignId: string, options: CampaignRunOptions): Promise<number> {
  const tools = experimentToolPool({ size: Math.min(8, Math.max(2, options.concurrency)) });
  const bar = progressBar('campaign |{bar}| {value}/{total} nodes | {running} running | {eta_formatted} left');
  const run = runCampaign(database, campaignId, {
    tools,
    runnerId: newRunnerId('cli'),
    onExtraction: (progress) => {
      if (!bar) note(`read ${progress.files} files, ${progress.nodes} nodes`);
    },
    onProgress: (progress) => bar?.show(progress),
  });
  const stopListening = interruptOnSignal('nodes', () => run.interrupt());
  try {
    const result = await run.done;
    bar?.stop();
    if (result.status === 'interrupted') {
      note(`interrupted: run the same command again to resume campaign ${campaignId}`);
      return 130;
    }
    const output = campaignJson(database, campaignId, { withChanges: true });
    if (options.json) process.stdout.write(`${JSON.stringify(output)}\n`);
    else {
      process.stdout.write(
        `campaign ${campaignId}: ${output.files} files, ${output.nodes} nodes ` +
          `(${output.ran} ran, ${output.skipped} skipped), ${output.changes.length} changes\n`,
      );
      process.stdout.write(`review: npm run --silent remora -- campaign show ${campaignId}\n`);
    }
    return 0;
  } finally {
    stopListening();
    await tools.close();
  }
}

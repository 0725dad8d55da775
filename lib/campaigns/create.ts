// Starting a campaign: the stored experiment its conversations belong to, the campaign row with the
// repository's root and commit, then the extraction: every file read once (its hash kept), every
// node listed by position, each either pending or skipped with its reason.
import { createHash } from 'node:crypto';
import { canonicalJson } from '../canonical-json';
import type { RemoraDatabase } from '../db/client';
import { createCampaign, findUnfinishedCampaign } from '../db/queries/campaigns';
import { finishExtraction, resetExtraction, storeExtractedFiles, type FileToStore } from '../db/queries/campaign-nodes';
import type { CampaignRow } from '../db/schema';
import { InputError } from '../errors';
import type { ExperimentConfigInput } from '../experiment-config/experiment-config';
import { ExperimentConfig } from '../experiment-config/experiment-config';
import { createStoredExperiment } from '../experiments/service';
import { renderTemplate } from '../runner/template';
import { toolSpecs } from '../runner/prompt';
import type { AgentRuntime } from '../runner/types';
import { REPOSITORY_LAYOUT } from '../tools/workspace';
import { chooseCampaignSandbox } from '../tools/sandbox/experiment-sandbox';
import { DEFAULT_CONTEXT_TOKENS, DEFAULT_RESERVE_TOKENS, estimateTokens, fitNode } from './context-budget';
import { extractFile, nodeTypesFor, offersMethodsByInstance, unreadFile } from './extract';
import { git } from './git';
import { moduleExcerptFor } from './lint-excerpt';
import { gitTopLevel, repositoryRoot, walkPythonFiles } from './walk';

const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;

export type CampaignSettings = {
  exclude: string[];
  nodeTypes: string[];
  contextTokens: number;
  reserveTokens: number;
  maxFileBytes: number;
  /** Apply ruff's unsafe fixes too (lint). */
  unsafeFixes: boolean;
};

export type CampaignRequest = {
  agent: AgentRuntime;
  variant: { name: string; systemPrompt: string };
  repo: string;
  endpoint: ExperimentConfigInput['endpoint'];
  concurrency: number;
  settings?: Partial<CampaignSettings>;
};

/** The agent as a campaign runs it: tools see the repository layout, ruff's unsafe fixes only on request. */
function campaignAgent(agent: AgentRuntime, settings: CampaignSettings): AgentRuntime {
  const own: Record<string, unknown> = { ...agent.settings, [REPOSITORY_LAYOUT.key]: REPOSITORY_LAYOUT.value };
  if (settings.unsafeFixes)
    own.ruff = { ...((agent.settings.ruff as Record<string, unknown> | undefined) ?? {}), 'unsafe-fixes': true };
  return { ...agent, settings: own };
}

async function gitCommit(root: string): Promise<string | null> {
  if (!(await gitTopLevel(root))) return null;
  // A repository without a commit yet has no commit to name.
  const head = await git(root, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}']);
  return head.code === 0 ? head.stdout.toString('utf8').trim() : null;
}

/** What every conversation's first request holds besides the node: the system prompt, the tools, the template. */
function promptTokens(agent: AgentRuntime): number {
  const emptyInput = { node_text: '', file_path: '', node_name: '', node_type: '' };
  return estimateTokens(
    agent.systemPrompt + JSON.stringify(toolSpecs(agent.tools)) + renderTemplate(agent.nodeContext, emptyInput),
  );
}

/** A context that leaves no room for any node is refused before anything is read (not every node skipped). */
function requireRoom(agent: AgentRuntime, settings: CampaignSettings): void {
  const fixed = promptTokens(agent);
  const least = settings.reserveTokens + fixed + 1;
  if (settings.contextTokens >= least) return;
  throw new InputError(
    `--context-tokens ${settings.contextTokens} leaves no room for a node: the conversation keeps ` +
      `${settings.reserveTokens} tokens for its later turns and the ${agent.name} agent's prompt and tools take ` +
      `about ${fixed}; give at least ${least}`,
  );
}

/** A new campaign, or the unfinished one started with exactly these settings (to resume it). */
export async function openCampaign(
  database: RemoraDatabase,
  request: CampaignRequest,
): Promise<{ campaign: CampaignRow; resumed: boolean }> {
  const root = await repositoryRoot(request.repo);
  const settings: CampaignSettings = {
    exclude: request.settings?.exclude ?? [],
    nodeTypes: request.settings?.nodeTypes ?? nodeTypesFor(request.agent),
    contextTokens: request.settings?.contextTokens ?? DEFAULT_CONTEXT_TOKENS,
    reserveTokens: request.settings?.reserveTokens ?? DEFAULT_RESERVE_TOKENS,
    maxFileBytes: request.settings?.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
    unsafeFixes: request.settings?.unsafeFixes ?? false,
  };
  const agent = campaignAgent(request.agent, settings);
  requireRoom({ ...agent, systemPrompt: request.variant.systemPrompt }, settings);
  const config = ExperimentConfig.parse({
    agent: agent.name,
    variants: [{ name: request.variant.name, systemPrompt: request.variant.systemPrompt }],
    endpoint: request.endpoint,
    // The real inputs are the repository's nodes (campaign_nodes); this one only describes them.
    inputs: [{ node_text: `campaign over ${root}`, file_path: null }],
    requestsPerVariant: 1,
    concurrency: request.concurrency,
    sandbox: chooseCampaignSandbox(agent),
  } satisfies ExperimentConfigInput);
  const identity = {
    agent,
    variant: request.variant,
    root,
    endpoint: { baseUrl: config.endpoint.baseUrl, model: config.endpoint.model },
    settings,
  };
  const configHash = createHash('sha256').update(canonicalJson(identity)).digest('hex');
  const unfinished = findUnfinishedCampaign(database, configHash);
  if (unfinished) return { campaign: unfinished, resumed: true };
  const experiment = createStoredExperiment(database, config, agent);
  const campaign = createCampaign(database, {
    experimentId: experiment.id,
    agentName: agent.name,
    variantName: request.variant.name,
    repoRoot: root,
    gitCommit: await gitCommit(root),
    configHash,
    settings: settings as unknown as Record<string, unknown>,
  });
  return { campaign, resumed: false };
}

export type ExtractionProgress = { files: number; nodes: number };

/**
 * Reads the repository file by file (no whole-repository text in memory) and stores every node.
 * A campaign killed during extraction starts it again from the beginning.
 */
export async function extractCampaign(
  database: RemoraDatabase,
  campaign: CampaignRow,
  agent: AgentRuntime,
  onProgress?: (progress: ExtractionProgress) => void,
): Promise<void> {
  if (campaign.extracted) return;
  const settings = campaign.settings as unknown as CampaignSettings;
  resetExtraction(database, campaign.id);
  const fixedTokens = promptTokens(agent);
  const excerpt = moduleExcerptFor(agent);
  let ordinal = 0;
  let batch: FileToStore[] = [];
  const progress: ExtractionProgress = { files: 0, nodes: 0 };
  const flush = () => {
    ordinal = storeExtractedFiles(database, campaign.id, batch, ordinal);
    batch = [];
    onProgress?.({ ...progress });
  };
  for await (const file of walkPythonFiles(campaign.repoRoot, { exclude: settings.exclude })) {
    // A link inside the repository is campaigned as its target (a change to the link would replace it with a file).
    const unread =
      file.skipReason ??
      (file.linkTarget ? `a link to ${file.linkTarget}: its nodes are campaigned in ${file.linkTarget}` : null);
    const extracted = unread
      ? unreadFile(file.path, unread)
      : await extractFile(file.path, file.absolute, settings.nodeTypes as never, settings.maxFileBytes, {
          methodsByInstance: offersMethodsByInstance(agent),
        });
    const nodes = extracted.nodes.map((node) => {
      if (node.skipReason) return { ...node, outline: false };
      const fit = fitNode(node, fixedTokens, settings, excerpt);
      return fit.ok ? { ...node, outline: fit.outline } : { ...node, outline: false, skipReason: fit.reason };
    });
    batch.push({
      ...extracted,
      nodes: nodes.map(({ kind, name, startLine, endLine, outline, skipReason }) => ({
        kind,
        name,
        startLine,
        endLine,
        outline,
        skipReason,
      })),
    });
    progress.files += 1;
    progress.nodes += nodes.length;
    if (batch.length >= 50) flush();
  }
  flush();
  finishExtraction(database, campaign);
}

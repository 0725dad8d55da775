// Runs (or resumes) a campaign: extraction if it is not complete, then every pending node once, in
// pages read from the database, `concurrency` at a time. Each node's conversation, change and new
// status are stored together; a node in flight when the process dies stays pending and runs again.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { RemoraDatabase } from '../db/client';
import { getCampaign, nodeCounts } from '../db/queries/campaigns';
import {
  fileRecord,
  pendingNodes,
  prepareNodeResultStore,
  skipNode,
  type NodeResult,
} from '../db/queries/campaign-nodes';
import { getExperiment } from '../db/queries/experiments';
import type { CampaignNodeRow, CampaignRow } from '../db/schema';
import { NotFoundError, errorMessage } from '../errors';
import { holdLease, newRunnerId } from '../experiments/lease';
import { variantRuntime, variantSettings } from '../experiments/run-experiment';
import { readStoredConfig } from '../experiment-config/stored-config';
import { resolveBaseUrl } from '../experiments/built-in-simulator';
import { decodePython } from '../python/encoding';
import { dedent } from '../python/nodes';
import { HttpModelClient } from '../runner/model-client';
import { runJudgedConversation } from '../experiments/judged-conversation';
import type { AgentRuntime, ConversationRecord, ModelClient, RunnerSettings } from '../runner/types';
import type { TaskCheck } from '../task-success/types';
import type { ConversationInput } from '../protocol/conversation';
import type { ToolExecutor } from '../tools/protocol';
import { displayDiff, editsOf } from './change';
import { runChecks } from './checks';
import { outlineOf } from './context-budget';
import { moduleExcerptFor } from './lint-excerpt';
import { extractCampaign, type ExtractionProgress } from './create';
import { sha256, sliceLines } from './extract';
import { createCampaignWorkspace, mirrorContents, type CampaignWorkspace, type Snapshot } from './workspace';

type CampaignProgress = { done: number; total: number; running: number };

export type CampaignRunOptions = {
  tools: ToolExecutor;
  /** Default: an HTTP client for the campaign's endpoint. */
  createClient?(settings: RunnerSettings): ModelClient;
  readEnvironment?(name: string): string | undefined;
  onExtraction?(progress: ExtractionProgress): void;
  onProgress?(progress: CampaignProgress): void;
  runnerId?: string;
  /** The live URL of the panel's built-in simulator, for a campaign that keeps its placeholder. */
  resolveSimulator?(): string;
};

type CampaignRunResult = { status: 'completed' | 'cancelled' | 'interrupted'; ran: number; skipped: number };

export type CampaignRun = { done: Promise<CampaignRunResult>; cancel(): void; interrupt(): void };

const PAGE = 100;

export function runCampaign(database: RemoraDatabase, campaignId: string, options: CampaignRunOptions): CampaignRun {
  const campaign = getCampaign(database, campaignId);
  if (!campaign) throw new NotFoundError(`no campaign with id ${campaignId}`);
  const experiment = getExperiment(database, campaign.experimentId);
  if (!experiment) throw new NotFoundError(`the experiment of campaign ${campaignId} is missing`);
  const stored = readStoredConfig(experiment.config);
  const controller = new AbortController();
  let mode: CampaignRunResult['status'] = 'completed';
  const stop = (as: CampaignRunResult['status']) => {
    if (mode === 'completed') mode = as;
    controller.abort();
  };
  const lease = holdLease(database, experiment.id, options.runnerId ?? newRunnerId('cli'), {
    onLost: () => stop('interrupted'),
    onCancelled: () => stop('cancelled'),
  });
  const done = (async (): Promise<CampaignRunResult> => {
    try {
      await extractCampaign(database, campaign, stored.agent, options.onExtraction);
      const refreshed = getCampaign(database, campaignId) as CampaignRow;
      const variant = stored.experiment.variants[0];
      const runtime = variantRuntime(stored.agent, variant);
      const settings = variantSettings(stored.experiment, variant, stored.agent);
      const apiKey = stored.experiment.endpoint.apiKeyEnv
        ? (options.readEnvironment ?? ((name) => process.env[name]))(stored.experiment.endpoint.apiKeyEnv)
        : undefined;
      const client =
        options.createClient?.(settings) ??
        new HttpModelClient({
          baseUrl: resolveBaseUrl(stored.experiment.endpoint.baseUrl, options.resolveSimulator),
          apiKey,
          retry: settings.retry,
          timeouts: stored.experiment.endpoint.requestTimeouts,
        });
      const result = await runNodes(database, refreshed, {
        ...options,
        runtime,
        settings,
        client,
        variantName: variant.name,
        concurrency: stored.experiment.concurrency,
        signal: controller.signal,
        mode: () => mode,
        fileHash: (file) => fileRecord(database, campaignId, file)?.sha256 ?? null,
      });
      // Read through a cast: `stop` changes it from callbacks the compiler cannot see.
      const final = mode as CampaignRunResult['status'];
      lease.finish(final === 'interrupted' ? null : { status: final === 'cancelled' ? 'cancelled' : 'completed' });
      return { status: final, ...result };
    } catch (error) {
      lease.finish({ status: 'failed', error: errorMessage(error) });
      throw error;
    }
  })();
  return { done, cancel: () => stop('cancelled'), interrupt: () => stop('interrupted') };
}

type NodeRunContext = CampaignRunOptions & {
  runtime: AgentRuntime;
  settings: RunnerSettings;
  client: ModelClient;
  variantName: string;
  concurrency: number;
  signal: AbortSignal;
  mode(): CampaignRunResult['status'];
  /** The hash of the file as the campaign read it. */
  fileHash(file: string): string | null;
};

async function runNodes(
  database: RemoraDatabase,
  campaign: CampaignRow,
  context: NodeRunContext,
): Promise<{ ran: number; skipped: number }> {
  const store = prepareNodeResultStore(database);
  const counts = nodeCounts(database, campaign.id);
  const progress: CampaignProgress = { done: counts.ran, total: counts.ran + counts.pending, running: 0 };
  context.onProgress?.({ ...progress });
  let buffer: CampaignNodeRow[] = [];
  let lastOrdinal = -1;
  let exhausted = false;
  const next = (): CampaignNodeRow | null => {
    if (buffer.length === 0 && !exhausted) {
      buffer = pendingNodes(database, campaign.id, lastOrdinal, PAGE);
      if (buffer.length === 0) exhausted = true;
      else lastOrdinal = buffer[buffer.length - 1].ordinal;
    }
    return buffer.shift() ?? null;
  };
  let ran = 0;
  let skipped = 0;
  const worker = async () => {
    for (let node = next(); node && !context.signal.aborted; node = next()) {
      progress.running += 1;
      context.onProgress?.({ ...progress });
      const outcome = await runNode(campaign, node, context).catch((error: unknown) => ({
        skip: `internal error: ${errorMessage(error)}`,
      }));
      progress.running -= 1;
      if (context.mode() !== 'completed') break;
      if ('skip' in outcome) {
        skipNode(database, campaign.id, node.ordinal, outcome.skip);
        skipped += 1;
        progress.total -= 1;
      } else {
        store({ campaign, node, ...outcome });
        ran += 1;
        progress.done += 1;
      }
      context.onProgress?.({ ...progress });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, context.concurrency) }, worker));
  return { ran, skipped };
}

type NodeOutcome = { skip: string } | Pick<NodeResult, 'meta' | 'record' | 'change'>;

/**
 * The input the model gets for a node: its lines (dedented), or when the whole would not fit its outline (the lint
 * agent: ruff's issues and the lines around them).
 */
function nodeInput(node: CampaignNodeRow, text: string, runtime: AgentRuntime): ConversationInput {
  const own = node.kind === 'module' ? text : dedent(sliceLines(text, node.startLine, node.endLine));
  const excerpt = node.outline && node.kind === 'module' ? (moduleExcerptFor(runtime)?.(own) ?? null) : null;
  return {
    node_text: excerpt ?? (node.outline ? outlineOf(own) : own),
    file_path: node.path,
    node_name: node.name,
    node_type: node.kind,
    node_line: node.startLine,
  };
}

async function runNode(campaign: CampaignRow, node: CampaignNodeRow, context: NodeRunContext): Promise<NodeOutcome> {
  const absolute = path.join(campaign.repoRoot, ...node.path.split('/'));
  const data = await readFile(absolute);
  const recorded = context.fileHash(node.path);
  if (recorded !== sha256(data)) return { skip: `${node.path} changed since the campaign read it` };
  const decoded = decodePython(data);
  if (!decoded.ok) return { skip: decoded.error };
  // Only agents that run the code (the test agent's pytest) need the modules around the target.
  const withPackage = context.runtime.name === 'test' || context.runtime.settings.campaign_mirror_package === true;
  const snapshot = await mirrorContents(campaign.repoRoot, node.path, { withPackage });
  snapshot.set(node.path, data);
  const input = nodeInput(node, decoded.value.text, context.runtime);
  const judged = await runJudgedConversation({
    agent: context.runtime,
    settings: context.settings,
    input,
    run: { client: context.client, tools: context.tools, signal: context.signal },
    openWorkspace: async () => {
      const workspace = await createCampaignWorkspace(snapshot);
      return {
        path: workspace.path,
        original: decoded.value.text,
        finish: async ({ record, taskCheck }) => {
          try {
            return await nodeChange(node, context, { workspace, snapshot, record, taskCheck });
          } finally {
            await workspace.remove();
          }
        },
        discard: () => workspace.remove(),
      };
    },
  });
  // A campaign's workspace always exists, so its changes do.
  return judged.changes as NodeOutcome;
}

/** The node's change: its edits, their diff and the agent's checks on them, read from the workspace. */
async function nodeChange(
  node: CampaignNodeRow,
  context: NodeRunContext,
  done: { workspace: CampaignWorkspace; snapshot: Snapshot; record: ConversationRecord; taskCheck: TaskCheck | null },
): Promise<NodeOutcome> {
  const { workspace, snapshot, record, taskCheck } = done;
  const changed = await workspace.changedFiles();
  const files = [...changed].map(([file, after]) => ({ path: file, before: snapshot.get(file) ?? null, after }));
  const edits = editsOf(files);
  const meta = {
    variantIndex: 0,
    variantName: context.variantName,
    slot: node.ordinal,
    inputIndex: node.ordinal,
    workspaceDiff: null as string | null,
    changedFiles: edits.map((edit) => edit.path),
    taskCheck,
  };
  if (edits.length === 0) return { meta: { ...meta, changedFiles: null }, record, change: null };
  const diff = displayDiff(edits, snapshot);
  meta.workspaceDiff = diff;
  const checked = await runChecks({
    workspace: workspace.path,
    agent: context.runtime,
    target: node,
    files,
    edits,
    taskCheck,
  });
  const summary = typeof record.result?.summary === 'string' ? record.result.summary : null;
  const listed = edits.find((edit) => edit.path === node.path)?.path ?? edits[0].path;
  return {
    meta,
    record,
    change: {
      path: listed,
      nodeName: node.name,
      diff,
      edits,
      summary,
      checks: checked.checks as Record<string, unknown>,
      checksPassed: checked.passed,
    },
  };
}

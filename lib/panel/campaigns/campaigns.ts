// The panel's campaign pages and API: a campaign's progress and counts, its changes one page at a
// time (filtered by check result, file and status), the person's decisions, edits, and the patch.
import { z } from 'zod';
import { changedFiles, listChanges } from '../../db/queries/campaign-changes';
import { campaignHeading, campaignTotals, getCampaign, listCampaigns } from '../../db/queries/campaigns';
import { listNodes } from '../../db/queries/campaign-nodes';
import { getExperiment } from '../../db/queries/experiments';
import { CAMPAIGN_CHANGE_STATUSES, type CampaignChangeRow, type CampaignRow } from '../../db/rows';
import { NotFoundError } from '../../errors';
import { exportPatch } from '../../campaigns/apply';
import { acceptAllPassing, acceptChanges, changeResultText, editChange, rejectChanges } from '../../campaigns/review';
import type { PanelContext } from '../context';
import { campaignStatus } from './campaign-runs';

export const ChangeQuery = z.object({
  status: z.enum(CAMPAIGN_CHANGE_STATUSES).optional(),
  path: z.string().min(1).max(4096).optional(),
  checks: z.enum(['passed', 'failed']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type ChangeQuery = z.infer<typeof ChangeQuery>;

export const DecisionRequest = z.union([
  z.object({ action: z.enum(['accept', 'reject']), ids: z.array(z.string().min(1)).min(1).max(1000) }),
  z.object({ action: z.literal('accept-all-passing'), includeDestructive: z.boolean().optional() }),
]);
export type DecisionRequest = z.infer<typeof DecisionRequest>;

export const EditRequest = z.object({ text: z.string().max(4 * 1024 * 1024) });

function campaignOf(context: PanelContext, id: string): CampaignRow {
  const campaign = getCampaign(context.database, id);
  if (!campaign) throw new NotFoundError(`no campaign with id ${id}`);
  return campaign;
}

export type CampaignOverview = ReturnType<typeof campaignOverview>;

export function campaignOverview(context: PanelContext, id: string) {
  const campaign = campaignOf(context, id);
  const experiment = getExperiment(context.database, campaign.experimentId);
  const totals = campaignTotals(context.database, id);
  const byStatus = { pending: 0, accepted: 0, rejected: 0, failing: 0 };
  for (const status of CAMPAIGN_CHANGE_STATUSES)
    byStatus[status] = listChanges(context.database, id, { status, limit: 1 }).total;
  byStatus.failing = listChanges(context.database, id, { checks: 'failed', limit: 1 }).total;
  return {
    ...campaignHeading(campaign, experiment),
    status: campaignStatus(id, experiment),
    simulated: experiment?.simulated ?? false,
    extracted: campaign.extracted,
    nodes: totals.nodes,
    files: totals.files,
    progress: { done: totals.nodes.ran + totals.nodes.skipped, total: totals.nodes.found },
    changes: { total: totals.changes, ...byStatus },
    changedFiles: changedFiles(context.database, id),
    skipped: listNodes(context.database, id, { status: 'skipped', limit: 200 }).map((node) => ({
      file: node.path,
      node: node.name,
      line: node.startLine,
      reason: node.skipReason,
    })),
    applied: campaign.applied,
    testRun: campaign.testRun,
    createdAt: campaign.createdAt,
  };
}

export type ChangeView = Omit<CampaignChangeRow, 'edits' | 'campaignId'>;

export function campaignChanges(
  context: PanelContext,
  id: string,
  query: ChangeQuery,
): { changes: ChangeView[]; total: number } {
  campaignOf(context, id);
  const page = listChanges(context.database, id, query);
  return {
    total: page.total,
    changes: page.changes.map(({ edits: _edits, campaignId: _campaign, ...change }) => change),
  };
}

export function decideChanges(context: PanelContext, id: string, request: DecisionRequest) {
  const campaign = campaignOf(context, id);
  if (request.action === 'accept-all-passing')
    return acceptAllPassing(context.database, campaign, { includeDestructive: request.includeDestructive });
  if (request.action === 'accept') return acceptChanges(context.database, campaign, request.ids);
  return { rejected: rejectChanges(context.database, campaign, request.ids) };
}

export function changeResult(context: PanelContext, id: string, changeId: string) {
  return changeResultText(context.database, campaignOf(context, id), changeId);
}

export async function saveChangeEdit(
  context: PanelContext,
  id: string,
  changeId: string,
  text: string,
): Promise<ChangeView> {
  const {
    edits: _edits,
    campaignId: _campaign,
    ...change
  } = await editChange(context.database, campaignOf(context, id), changeId, text);
  return change;
}

/** The accepted changes as one patch: its exact bytes (files keep their own encodings). */
export async function campaignPatch(context: PanelContext, id: string): Promise<Buffer> {
  return (await exportPatch(context.database, campaignOf(context, id))).patch;
}

export function campaignList(context: PanelContext) {
  return listCampaigns(context.database).map(
    ({ settings: _settings, configHash: _hash, runnerId, heartbeatAt, ...campaign }) => ({
      ...campaign,
      status: campaignStatus(campaign.id, { status: campaign.status, runnerId, heartbeatAt }),
    }),
  );
}

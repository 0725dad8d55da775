// What the campaign commands print: the run's JSON (the contract's {id, files, nodes, conversations,
// changes}) and `show`'s fuller view, both built from the database.
import type { RemoraDatabase } from '../db/client';
import { listChanges } from '../db/queries/campaign-changes';
import { campaignHeading, campaignTotals, getCampaign } from '../db/queries/campaigns';
import { listNodes } from '../db/queries/campaign-nodes';
import { getExperiment } from '../db/queries/experiments';
import { NotFoundError } from '../errors';
import { shownStatus } from '../experiments/lease';

export type ChangeJson = {
  id: string;
  file: string;
  node: string;
  diff: string;
  checks: Record<string, unknown>;
  checksPassed: boolean | null;
  status: string;
  summary: string | null;
  conversationId: string | null;
};

function allChanges(database: RemoraDatabase, campaignId: string): ChangeJson[] {
  const out: ChangeJson[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = listChanges(database, campaignId, { limit: 500, offset }).changes;
    for (const change of page) {
      out.push({
        id: change.id,
        file: change.path,
        node: change.nodeName,
        diff: change.diff,
        checks: change.checks,
        checksPassed: change.checksPassed,
        status: change.status,
        summary: change.summary,
        conversationId: change.conversationId,
      });
    }
    if (page.length < 500) return out;
  }
}

export function campaignJson(database: RemoraDatabase, campaignId: string, options: { withChanges: boolean }) {
  const campaign = getCampaign(database, campaignId);
  if (!campaign) throw new NotFoundError(`no campaign with id ${campaignId}`);
  const totals = campaignTotals(database, campaignId);
  const experiment = getExperiment(database, campaign.experimentId);
  return {
    ...campaignHeading(campaign, experiment),
    status: experiment ? shownStatus(experiment) : 'unknown',
    files: totals.files,
    nodes: totals.nodes.found,
    ran: totals.nodes.ran,
    skipped: totals.nodes.skipped,
    pending: totals.nodes.pending,
    conversations: totals.nodes.ran,
    changes: options.withChanges ? allChanges(database, campaignId) : [],
    accepted: totals.accepted,
    applied: campaign.applied,
    testRun: campaign.testRun,
  };
}

/** Skipped nodes with their reasons, at most `limit`. */
export function skippedNodes(database: RemoraDatabase, campaignId: string, limit = 1000) {
  return listNodes(database, campaignId, { status: 'skipped', limit }).map((node) => ({
    file: node.path,
    node: node.name,
    kind: node.kind,
    line: node.startLine,
    reason: node.skipReason,
  }));
}

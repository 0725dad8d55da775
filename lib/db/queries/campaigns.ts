// Campaigns: created, found again to resume, listed with their totals, and what apply and the test
// command recorded (their files and nodes: campaign-nodes.ts; their changes: campaign-changes.ts).
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { RemoraDatabase } from '../client';
import { newId } from '../ids';
import {
  campaignChanges,
  campaignFiles,
  campaignNodes,
  campaigns,
  experiments,
  type CampaignRow,
  type ExperimentStatus,
} from '../schema';
import { UNFINISHED_STATUSES } from './experiments';

export type NewCampaign = Omit<typeof campaigns.$inferInsert, 'id' | 'createdAt' | 'extracted'> & { id?: string };

export function createCampaign(database: RemoraDatabase, input: NewCampaign, now = Date.now()): CampaignRow {
  return database
    .insert(campaigns)
    .values({ ...input, id: input.id ?? newId(), extracted: false, createdAt: now })
    .returning()
    .get();
}

export function getCampaign(database: RemoraDatabase, id: string): CampaignRow | null {
  return database.select().from(campaigns).where(eq(campaigns.id, id)).get() ?? null;
}

/** The newest campaign with these settings whose run has not finished, to resume instead of repeating. */
export function findUnfinishedCampaign(database: RemoraDatabase, configHash: string): CampaignRow | null {
  const row = database
    .select({ campaign: campaigns })
    .from(campaigns)
    .innerJoin(experiments, eq(experiments.id, campaigns.experimentId))
    .where(and(eq(campaigns.configHash, configHash), inArray(experiments.status, UNFINISHED_STATUSES)))
    .orderBy(desc(campaigns.createdAt))
    .limit(1)
    .get();
  return row?.campaign ?? null;
}

export type NodeCounts = { found: number; pending: number; ran: number; skipped: number };

export function nodeCounts(database: RemoraDatabase, campaignId: string): NodeCounts {
  const rows = database
    .select({ status: campaignNodes.status, total: count() })
    .from(campaignNodes)
    .where(eq(campaignNodes.campaignId, campaignId))
    .groupBy(campaignNodes.status)
    .all();
  const counts: NodeCounts = { found: 0, pending: 0, ran: 0, skipped: 0 };
  for (const row of rows) {
    counts[row.status] = row.total;
    counts.found += row.total;
  }
  return counts;
}

export type CampaignListItem = CampaignRow & {
  status: ExperimentStatus;
  /** The lease of its experiment, to tell a run nobody carries on (lib/experiments/lease.ts). */
  runnerId: string | null;
  heartbeatAt: number | null;
  files: number;
  nodes: NodeCounts;
  changes: number;
  accepted: number;
};

/** A campaign's run: its experiment's status and lease. */
const RUN_COLUMNS = {
  status: experiments.status,
  runnerId: experiments.runnerId,
  heartbeatAt: experiments.heartbeatAt,
};

export function listCampaigns(database: RemoraDatabase, limit = 100): CampaignListItem[] {
  const rows = database
    .select({ campaign: campaigns, ...RUN_COLUMNS })
    .from(campaigns)
    .innerJoin(experiments, eq(experiments.id, campaigns.experimentId))
    .orderBy(desc(campaigns.createdAt))
    .limit(limit)
    .all();
  return rows.map(({ campaign, ...run }) => ({ ...campaign, ...run, ...campaignTotals(database, campaign.id) }));
}

/** The campaigns whose run has not finished, oldest first, with their experiment's lease: to resume at start. */
export function listUnfinishedCampaigns(database: RemoraDatabase) {
  return database
    .select({ id: campaigns.id, ...RUN_COLUMNS })
    .from(campaigns)
    .innerJoin(experiments, eq(experiments.id, campaigns.experimentId))
    .where(inArray(experiments.status, UNFINISHED_STATUSES))
    .orderBy(campaigns.createdAt)
    .all();
}

export function campaignTotals(
  database: RemoraDatabase,
  campaignId: string,
): { files: number; nodes: NodeCounts; changes: number; accepted: number } {
  const files =
    database.select({ total: count() }).from(campaignFiles).where(eq(campaignFiles.campaignId, campaignId)).get()
      ?.total ?? 0;
  const byStatus = database
    .select({ status: campaignChanges.status, total: count() })
    .from(campaignChanges)
    .where(eq(campaignChanges.campaignId, campaignId))
    .groupBy(campaignChanges.status)
    .all();
  const changes = byStatus.reduce((sum, row) => sum + row.total, 0);
  const accepted = byStatus.find((row) => row.status === 'accepted')?.total ?? 0;
  return { files, nodes: nodeCounts(database, campaignId), changes, accepted };
}

export function recordApply(database: RemoraDatabase, campaignId: string, applied: Record<string, unknown>): void {
  database.update(campaigns).set({ applied }).where(eq(campaigns.id, campaignId)).run();
}

export function recordTestRun(database: RemoraDatabase, campaignId: string, testRun: Record<string, unknown>): void {
  database.update(campaigns).set({ testRun }).where(eq(campaigns.id, campaignId)).run();
}

/** What names a campaign, in the command line's JSON and the panel alike: its settings and its experiment's status. */
export function campaignHeading<Status extends string>(campaign: CampaignRow, experiment: { status: Status } | null) {
  return {
    id: campaign.id,
    agent: campaign.agentName,
    variant: campaign.variantName,
    repoRoot: campaign.repoRoot,
    gitCommit: campaign.gitCommit,
    experimentId: campaign.experimentId,
    status: experiment?.status ?? 'unknown',
  };
}

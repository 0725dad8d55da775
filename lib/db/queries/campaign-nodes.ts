// A campaign's files and nodes: stored as extraction finds them, then read, skipped and run
// node by node (each result stored with its conversation in one transaction).
import { and, asc, count, eq, gt, inArray } from 'drizzle-orm';
import type { ConversationRecord } from '../../runner/types';
import type { RemoraDatabase } from '../client';
import { prepareConversationInserter, type ConversationMeta } from '../conversation-insert';
import { newId } from '../ids';
import {
  campaignChanges,
  campaignFiles,
  campaignNodes,
  campaigns,
  experiments,
  type CampaignNodeRow,
  type CampaignRow,
} from '../schema';

/** Forgets a half-done extraction (a killed process): it is done again from the start. */
export function resetExtraction(database: RemoraDatabase, campaignId: string): void {
  database.transaction((tx) => {
    tx.delete(campaignNodes).where(eq(campaignNodes.campaignId, campaignId)).run();
    tx.delete(campaignFiles).where(eq(campaignFiles.campaignId, campaignId)).run();
  });
}

export type FileToStore = {
  path: string;
  sha256: string;
  bytes: number;
  encoding: string | null;
  skipReason: string | null;
  nodes: {
    kind: string;
    name: string;
    startLine: number;
    endLine: number;
    outline: boolean;
    skipReason: string | null;
  }[];
};

/** Stores files with their nodes in one transaction; returns the next free ordinal. */
export function storeExtractedFiles(
  database: RemoraDatabase,
  campaignId: string,
  files: FileToStore[],
  firstOrdinal: number,
): number {
  let ordinal = firstOrdinal;
  database.transaction((tx) => {
    for (const file of files) {
      tx.insert(campaignFiles)
        .values({
          campaignId,
          path: file.path,
          sha256: file.sha256,
          bytes: file.bytes,
          encoding: file.encoding,
          skipReason: file.skipReason,
        })
        .run();
      for (const node of file.nodes) {
        tx.insert(campaignNodes)
          .values({
            campaignId,
            ordinal: ordinal++,
            path: file.path,
            ...node,
            status: node.skipReason ? 'skipped' : 'pending',
          })
          .run();
      }
    }
  });
  return ordinal;
}

/** Extraction is complete: the experiment's planned total becomes the nodes to run. */
export function finishExtraction(database: RemoraDatabase, campaign: CampaignRow): void {
  database.transaction((tx) => {
    const planned = tx
      .select({ total: count() })
      .from(campaignNodes)
      .where(and(eq(campaignNodes.campaignId, campaign.id), inArray(campaignNodes.status, ['pending', 'ran'])))
      .get();
    tx.update(experiments)
      .set({ totalConversations: planned?.total ?? 0 })
      .where(eq(experiments.id, campaign.experimentId))
      .run();
    tx.update(campaigns).set({ extracted: true }).where(eq(campaigns.id, campaign.id)).run();
  });
}

export function fileRecord(database: RemoraDatabase, campaignId: string, filePath: string) {
  return (
    database
      .select()
      .from(campaignFiles)
      .where(and(eq(campaignFiles.campaignId, campaignId), eq(campaignFiles.path, filePath)))
      .get() ?? null
  );
}

export function listFileRecords(database: RemoraDatabase, campaignId: string, paths: string[]) {
  if (paths.length === 0) return [];
  return database
    .select()
    .from(campaignFiles)
    .where(and(eq(campaignFiles.campaignId, campaignId), inArray(campaignFiles.path, paths)))
    .all();
}

/** Up to `limit` pending nodes after `afterOrdinal`, in order: the run reads its work in pages. */
export function pendingNodes(
  database: RemoraDatabase,
  campaignId: string,
  afterOrdinal: number,
  limit: number,
): CampaignNodeRow[] {
  return database
    .select()
    .from(campaignNodes)
    .where(
      and(
        eq(campaignNodes.campaignId, campaignId),
        eq(campaignNodes.status, 'pending'),
        gt(campaignNodes.ordinal, afterOrdinal),
      ),
    )
    .orderBy(asc(campaignNodes.ordinal))
    .limit(limit)
    .all();
}

export function listNodes(
  database: RemoraDatabase,
  campaignId: string,
  options: { status?: CampaignNodeRow['status']; limit?: number; offset?: number } = {},
): CampaignNodeRow[] {
  const conditions = [eq(campaignNodes.campaignId, campaignId)];
  if (options.status) conditions.push(eq(campaignNodes.status, options.status));
  return database
    .select()
    .from(campaignNodes)
    .where(and(...conditions))
    .orderBy(asc(campaignNodes.ordinal))
    .limit(options.limit ?? 100)
    .offset(options.offset ?? 0)
    .all();
}

export function skipNode(database: RemoraDatabase, campaignId: string, ordinal: number, reason: string): void {
  database
    .update(campaignNodes)
    .set({ status: 'skipped', skipReason: reason })
    .where(
      and(
        eq(campaignNodes.campaignId, campaignId),
        eq(campaignNodes.ordinal, ordinal),
        eq(campaignNodes.status, 'pending'),
      ),
    )
    .run();
}

export type NodeResult = {
  campaign: CampaignRow;
  node: CampaignNodeRow;
  meta: ConversationMeta;
  record: ConversationRecord;
  change: Omit<
    typeof campaignChanges.$inferInsert,
    'id' | 'campaignId' | 'nodeOrdinal' | 'conversationId' | 'createdAt' | 'status' | 'edited'
  > | null;
};

/**
 * Stores a node's conversation, its change and the node's new status in one transaction: a killed
 * process leaves the node pending (run again on resume) or done with everything (never run twice).
 */
export function prepareNodeResultStore(database: RemoraDatabase): (result: NodeResult) => string | null {
  const insertConversation = prepareConversationInserter(database);
  return database.$client.transaction((result: NodeResult) => {
    const { campaign, node } = result;
    const conversationId = newId();
    insertConversation.counters.discard();
    if (!insertConversation(campaign.experimentId, result.meta, result.record, conversationId)) return null;
    insertConversation.counters.flush();
    database
      .update(campaignNodes)
      .set({ status: 'ran', conversationId })
      .where(and(eq(campaignNodes.campaignId, campaign.id), eq(campaignNodes.ordinal, node.ordinal)))
      .run();
    if (result.change) {
      database
        .insert(campaignChanges)
        .values({
          ...result.change,
          id: newId(),
          campaignId: campaign.id,
          nodeOrdinal: node.ordinal,
          conversationId,
          status: 'pending',
          edited: false,
          createdAt: Date.now(),
        })
        .run();
    }
    return conversationId;
  });
}

/**
 * The methods of a campaign: how many were offered to the agent, and the others by reason (the reason's first
 * clause, as lib/python/method-offer.ts and the context budget write them).
 */
export function methodOffers(
  database: RemoraDatabase,
  campaignId: string,
): { total: number; offered: number; notOffered: { reason: string; count: number }[] } {
  const rows = database
    .select({ status: campaignNodes.status, reason: campaignNodes.skipReason, count: count() })
    .from(campaignNodes)
    .where(and(eq(campaignNodes.campaignId, campaignId), eq(campaignNodes.kind, 'method')))
    .groupBy(campaignNodes.status, campaignNodes.skipReason)
    .all();
  const reasons = new Map<string, number>();
  let total = 0;
  for (const row of rows) {
    total += row.count;
    if (row.status !== 'skipped') continue;
    const reason = (row.reason ?? 'skipped').split(':')[0];
    reasons.set(reason, (reasons.get(reason) ?? 0) + row.count);
  }
  const notOffered = [...reasons].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count);
  return { total, offered: total - notOffered.reduce((sum, item) => sum + item.count, 0), notOffered };
}

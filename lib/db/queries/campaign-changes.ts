// A campaign's changes: the review list (by file, one page at a time, filtered), and the person's
// decisions on them (accept, reject, edit).
import { and, asc, count, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { RemoraDatabase } from '../client';
import { campaignChanges, type CampaignChangeRow, type CampaignChangeStatus } from '../schema';

export type ChangeFilter = {
  status?: CampaignChangeStatus;
  path?: string;
  /** `passed`: every check passed; `failed`: some check failed. */
  checks?: 'passed' | 'failed';
  limit?: number;
  offset?: number;
};

function conditions(campaignId: string, filter: ChangeFilter): SQL {
  const where: (SQL | undefined)[] = [eq(campaignChanges.campaignId, campaignId)];
  if (filter.status) where.push(eq(campaignChanges.status, filter.status));
  if (filter.path) where.push(eq(campaignChanges.path, filter.path));
  if (filter.checks === 'passed')
    where.push(or(eq(campaignChanges.checksPassed, true), isNull(campaignChanges.checksPassed)));
  if (filter.checks === 'failed') where.push(eq(campaignChanges.checksPassed, false));
  return and(...where) as SQL;
}

/** One page of changes, grouped by file (path order), in node order within a file. */
export function listChanges(
  database: RemoraDatabase,
  campaignId: string,
  filter: ChangeFilter = {},
): { changes: CampaignChangeRow[]; total: number } {
  const where = conditions(campaignId, filter);
  const changes = database
    .select()
    .from(campaignChanges)
    .where(where)
    .orderBy(asc(campaignChanges.path), asc(campaignChanges.nodeOrdinal))
    .limit(filter.limit ?? 50)
    .offset(filter.offset ?? 0)
    .all();
  const total = database.select({ total: count() }).from(campaignChanges).where(where).get()?.total ?? 0;
  return { changes, total };
}

/** Every change of the campaign in one status, for export and apply (they need all of them). */
export function changesWithStatus(
  database: RemoraDatabase,
  campaignId: string,
  status: CampaignChangeStatus,
): CampaignChangeRow[] {
  return database
    .select()
    .from(campaignChanges)
    .where(and(eq(campaignChanges.campaignId, campaignId), eq(campaignChanges.status, status)))
    .orderBy(asc(campaignChanges.path), asc(campaignChanges.nodeOrdinal))
    .all();
}

export function getChanges(database: RemoraDatabase, campaignId: string, ids: string[]): CampaignChangeRow[] {
  if (ids.length === 0) return [];
  return database
    .select()
    .from(campaignChanges)
    .where(and(eq(campaignChanges.campaignId, campaignId), inArray(campaignChanges.id, ids)))
    .all();
}

/** Files that have changes, with how many, for the review page's file filter. */
export function changedFiles(database: RemoraDatabase, campaignId: string): { path: string; changes: number }[] {
  return database
    .select({ path: campaignChanges.path, changes: count() })
    .from(campaignChanges)
    .where(eq(campaignChanges.campaignId, campaignId))
    .groupBy(campaignChanges.path)
    .orderBy(asc(campaignChanges.path))
    .all();
}

export function setChangeStatus(
  database: RemoraDatabase,
  campaignId: string,
  ids: string[],
  status: CampaignChangeStatus,
): number {
  if (ids.length === 0) return 0;
  return database
    .update(campaignChanges)
    .set({ status })
    .where(and(eq(campaignChanges.campaignId, campaignId), inArray(campaignChanges.id, ids)))
    .run().changes;
}

/** The person's own version of a change (its edits and diff recomputed from the text they wrote). */
export function storeEditedChange(
  database: RemoraDatabase,
  campaignId: string,
  id: string,
  update: { diff: string; edits: unknown[]; checks: Record<string, unknown>; checksPassed: boolean | null },
): boolean {
  return (
    database
      .update(campaignChanges)
      .set({ ...update, edited: true })
      .where(and(eq(campaignChanges.campaignId, campaignId), eq(campaignChanges.id, id)))
      .run().changes > 0
  );
}

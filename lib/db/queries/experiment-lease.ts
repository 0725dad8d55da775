// The lease columns of experiments (runner_id, heartbeat_at) and the status changes that must not
// race with a runner in another process. Every function is one short synchronous transaction.
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { RemoraDatabase } from '../client';
import { conversations, experiments, type ExperimentRow, type ExperimentStatus } from '../schema';
import { RESUMABLE_STATUSES, UNFINISHED_STATUSES, getExperiment, setExperimentStatus } from './experiments';

export type LeaseRow = Pick<ExperimentRow, 'id' | 'status' | 'runnerId' | 'heartbeatAt'>;

export type LeaseAttempt =
  | { acquired: true; row: ExperimentRow }
  | { acquired: false; reason: 'not-found' }
  | { acquired: false; reason: 'finished' | 'held'; row: ExperimentRow };

/**
 * Takes the lease of an unfinished experiment for `runnerId` when nobody else holds a live one
 * (`holderIsLive` decides, so the rules stay in one place), and marks it running. The check and the
 * write run under one write lock (BEGIN IMMEDIATE), so two processes cannot both win.
 */
export function acquireLease(
  database: RemoraDatabase,
  experimentId: string,
  runnerId: string,
  holderIsLive: (row: LeaseRow, now: number) => boolean,
  now = Date.now(),
): LeaseAttempt {
  const attempt = (): LeaseAttempt => {
    const row = getExperiment(database, experimentId);
    if (!row) return { acquired: false, reason: 'not-found' };
    if (!RESUMABLE_STATUSES.includes(row.status)) return { acquired: false, reason: 'finished', row };
    if (row.runnerId !== runnerId && holderIsLive(row, now)) return { acquired: false, reason: 'held', row };
    database.update(experiments).set({ runnerId, heartbeatAt: now }).where(eq(experiments.id, experimentId)).run();
    const running = setExperimentStatus(database, experimentId, 'running', { at: now });
    return { acquired: true, row: running ?? row };
  };
  return database.$client.transaction(attempt).immediate();
}

/**
 * Renews the heartbeat while `runnerId` still holds the lease. Reports whether it does, and the
 * status, so that a runner learns of a cancel written by another process.
 */
export function renewLease(
  database: RemoraDatabase,
  experimentId: string,
  runnerId: string,
  now = Date.now(),
): { held: boolean; status: ExperimentStatus | null } {
  const renewed = database
    .update(experiments)
    .set({ heartbeatAt: now })
    .where(and(eq(experiments.id, experimentId), eq(experiments.runnerId, runnerId)))
    .returning({ status: experiments.status })
    .get();
  if (renewed) return { held: true, status: renewed.status };
  const row = database
    .select({ status: experiments.status })
    .from(experiments)
    .where(eq(experiments.id, experimentId))
    .get();
  return { held: false, status: row?.status ?? null };
}

/**
 * Ends a run: writes its final status and gives the lease up. A cancel already written by anyone
 * wins over `failed`, but not over `completed`: a run that completed ran every conversation to its
 * own end, so a cancel that came too late to stop any leaves it completed. `null` leaves the status
 * as it is (an interrupted run stays `running`, so that the next start resumes it).
 */
export function finishLease(
  database: RemoraDatabase,
  experimentId: string,
  runnerId: string,
  final: { status: 'completed' | 'cancelled' | 'failed'; error?: string } | null,
  now = Date.now(),
): ExperimentRow | null {
  const finish = () => {
    const row = getExperiment(database, experimentId);
    if (!row || row.runnerId !== runnerId) return row;
    database
      .update(experiments)
      .set({ runnerId: null, heartbeatAt: null })
      .where(eq(experiments.id, experimentId))
      .run();
    if (!final || (row.status === 'cancelled' && final.status !== 'completed'))
      return getExperiment(database, experimentId);
    return setExperimentStatus(database, experimentId, final.status, { error: final.error ?? null, at: now });
  };
  return database.$client.transaction(finish).immediate();
}

/**
 * Marks a pending or running experiment cancelled, whoever runs it; a runner sees it at its next
 * heartbeat. One whose conversations are all stored is finishing, and is left to complete. Returns
 * the row after the change, or as it was when it had finished already.
 */
export function markExperimentCancelled(
  database: RemoraDatabase,
  experimentId: string,
  now = Date.now(),
): ExperimentRow | null {
  const stored = sql`(select count(*) from ${conversations} where ${conversations.experimentId} = ${experimentId})`;
  const cancelled = database
    .update(experiments)
    .set({ status: 'cancelled', finishedAt: now })
    .where(
      and(
        eq(experiments.id, experimentId),
        inArray(experiments.status, UNFINISHED_STATUSES),
        lt(stored, experiments.totalConversations),
      ),
    )
    .returning()
    .get();
  return cancelled ?? getExperiment(database, experimentId);
}

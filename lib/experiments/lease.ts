// Who runs an experiment: the panel's job runner and the command line can share one database,
// and each must leave alone an experiment the other is running. A runner holds a lease (its id
// and a heartbeat in the experiment's row); a lease whose heartbeat is old, or whose process is
// known to be gone, is free to take over.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { RemoraDatabase } from '../db/client';
import { acquireLease, finishLease, renewLease } from '../db/queries/experiment-lease';
import { ExperimentConflictError, NotFoundError, errorMessage } from '../errors';
import type { ExperimentStatus } from '../db/schema';

/** How often a running experiment renews its lease. */
const HEARTBEAT_INTERVAL_MS = 2000;
/** A heartbeat older than this means the runner stopped (crash, kill, lost machine). */
export const LEASE_STALE_AFTER_MS = 10_000;

export type Lease = { runnerId: string | null; heartbeatAt: number | null };

/** The experiment is finished, or another live process runs it: the request conflicts with its state. */
const RUNNER_ID = /^([a-z]+)@(.+)#(\d+)\.([0-9a-f]+)$/;

/** `panel@host#pid.random`: the host and process id let a runner on the same machine see a dead holder at once. */
export function newRunnerId(kind: 'panel' | 'cli' | 'process'): string {
  return `${kind}@${hostname()}#${process.pid}.${randomBytes(4).toString('hex')}`;
}

function parseRunnerId(runnerId: string): { kind: string; host: string; pid: number } | null {
  const match = RUNNER_ID.exec(runnerId);
  return match ? { kind: match[1], host: match[2], pid: Number(match[3]) } : null;
}

/**
 * True when the holder's process is certainly gone: it ran on this machine and its process id
 * no longer exists. A process id reused within the stale window would look alive; the heartbeat
 * then expires the lease anyway.
 */
export function holderProcessIsGone(runnerId: string): boolean {
  const parsed = parseRunnerId(runnerId);
  if (!parsed || parsed.host !== hostname() || parsed.pid === process.pid) return false;
  try {
    process.kill(parsed.pid, 0);
    return false;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Whether someone is running the experiment right now. */
export function leaseIsLive(lease: Lease, now = Date.now(), staleAfterMs = LEASE_STALE_AFTER_MS): boolean {
  if (!lease.runnerId || lease.heartbeatAt === null) return false;
  // A heartbeat from the future (clocks of two machines disagree) counts as fresh.
  if (now - lease.heartbeatAt > staleAfterMs) return false;
  return !holderProcessIsGone(lease.runnerId);
}

/** What to show for an experiment's status: the stored one, or `interrupted` for a run nobody is carrying on. */
export type ShownStatus = ExperimentStatus | 'interrupted';

/**
 * A `running` experiment whose runner is gone (its process exited, which a runner on this machine
 * sees at once; its heartbeat stopped; or it gave the lease up when stopped) shows as `interrupted`:
 * its stored conversations stay, and the next start resumes it.
 */
export function shownStatus(
  row: Lease & { status: ExperimentStatus },
  now = Date.now(),
  staleAfterMs = LEASE_STALE_AFTER_MS,
): ShownStatus {
  if (row.status !== 'running') return row.status;
  return leaseIsLive(row, now, staleAfterMs) ? 'running' : 'interrupted';
}

/** "the panel (process 1234 on box), last heartbeat 3 s ago", for messages to people. */
export function describeHolder(lease: Lease, now = Date.now()): string {
  if (!lease.runnerId) return 'nobody';
  const parsed = parseRunnerId(lease.runnerId);
  const kind = parsed?.kind === 'cli' ? 'a command line run' : parsed?.kind === 'panel' ? 'the panel' : 'a process';
  const who = parsed ? `${kind} (process ${parsed.pid} on ${parsed.host})` : lease.runnerId;
  const age =
    lease.heartbeatAt === null
      ? ''
      : `, last heartbeat ${Math.max(0, Math.round((now - lease.heartbeatAt) / 1000))} s ago`;
  return `${who}${age}`;
}

export type LeaseOptions = {
  heartbeatMs?: number;
  staleAfterMs?: number;
  /** Another runner took the lease over (this process stalled past the stale limit): stop without storing more. */
  onLost(): void;
  /** Someone marked the experiment cancelled in the database (the panel, for a run of the command line). */
  onCancelled(): void;
};

export type HeldLease = {
  /** Writes the final status (null: leave it, as for an interrupted run) and gives the lease up. */
  finish(final: { status: 'completed' | 'cancelled' | 'failed'; error?: string } | null): void;
};

/**
 * Takes the lease of an unfinished experiment (marking it running) and renews it every couple of
 * seconds until finish(). Throws NotFoundError for an unknown experiment and
 * ExperimentConflictError when it is finished or another live runner holds it.
 */
export function holdLease(
  database: RemoraDatabase,
  experimentId: string,
  runnerId: string,
  options: LeaseOptions,
): HeldLease {
  const staleAfterMs = options.staleAfterMs ?? LEASE_STALE_AFTER_MS;
  const attempt = acquireLease(database, experimentId, runnerId, (row, now) => leaseIsLive(row, now, staleAfterMs));
  if (!attempt.acquired) {
    if (attempt.reason === 'not-found') throw new NotFoundError(`no experiment with id ${experimentId}`);
    if (attempt.reason === 'finished')
      throw new ExperimentConflictError(`experiment ${experimentId} is already ${attempt.row.status}`);
    throw new ExperimentConflictError(`experiment ${experimentId} is being run by ${describeHolder(attempt.row)}`);
  }
  let stopped = false;
  const timer = setInterval(() => {
    if (stopped) return;
    let renewal: ReturnType<typeof renewLease>;
    try {
      renewal = renewLease(database, experimentId, runnerId);
    } catch (error) {
      // A busy database delays one heartbeat; the next one retries. The run itself goes on.
      console.error(`experiment ${experimentId}: heartbeat failed: ${errorMessage(error)}`);
      return;
    }
    if (!renewal.held) {
      stopped = true;
      options.onLost();
    } else if (renewal.status === 'cancelled') {
      options.onCancelled();
    }
  }, options.heartbeatMs ?? HEARTBEAT_INTERVAL_MS);
  // The heartbeat alone must not keep a finished command line process alive.
  timer.unref();
  return {
    finish(final) {
      stopped = true;
      clearInterval(timer);
      finishLease(database, experimentId, runnerId, final);
    },
  };
}

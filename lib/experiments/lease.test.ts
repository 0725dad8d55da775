import { spawn } from 'node:child_process';
import { hostname } from 'node:os';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireLease, finishLease, markExperimentCancelled, renewLease } from '../db/queries/experiment-lease';
import { createExperiment, getExperiment } from '../db/queries/experiments';
import { openTemporaryDatabase, type TemporaryDatabase } from '../db/testing/temporary-database';
import {
  LEASE_STALE_AFTER_MS,
  describeHolder,
  holdLease,
  holderProcessIsGone,
  leaseIsLive,
  newRunnerId,
  shownStatus,
} from './lease';
import { ExperimentConflictError } from '../errors';
import { experimentConfig } from '../db/testing/fixtures';

/** The id of a process that existed and has exited (a real one, so that the check is real). */
async function deadProcessId(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid as number;
}

let temporary: TemporaryDatabase;
beforeEach(() => {
  temporary = openTemporaryDatabase();
});
afterEach(() => temporary.dispose());

function newExperiment() {
  return createExperiment(temporary.database, {
    agentName: 'harness',
    config: experimentConfig(),
    simulated: true,
    totalConversations: 2,
  });
}

describe('leaseIsLive', () => {
  const now = 1_000_000;
  it('needs a holder and a heartbeat younger than the stale limit', () => {
    const runnerId = newRunnerId('cli');
    expect(leaseIsLive({ runnerId: null, heartbeatAt: null }, now)).toBe(false);
    expect(leaseIsLive({ runnerId, heartbeatAt: null }, now)).toBe(false);
    expect(leaseIsLive({ runnerId, heartbeatAt: now - 1000 }, now)).toBe(true);
    expect(leaseIsLive({ runnerId, heartbeatAt: now - LEASE_STALE_AFTER_MS - 1 }, now)).toBe(false);
    // Another machine's clock ahead of ours still counts as fresh.
    expect(leaseIsLive({ runnerId, heartbeatAt: now + 5000 }, now)).toBe(true);
  });

  it('sees at once that a holder on this machine has exited', async () => {
    const pid = await deadProcessId();
    const dead = `cli@${hostname()}#${pid}.abcd1234`;
    expect(holderProcessIsGone(dead)).toBe(true);
    expect(leaseIsLive({ runnerId: dead, heartbeatAt: now }, now)).toBe(false);
    // The same process id on another machine says nothing about this one.
    expect(holderProcessIsGone(`cli@another-machine.example#${pid}.abcd1234`)).toBe(false);
    expect(holderProcessIsGone(`panel@${hostname()}#${process.pid}.00000000`)).toBe(false);
    expect(holderProcessIsGone('written by hand')).toBe(false);
  });

  it('shows a running experiment whose runner is gone as interrupted', async () => {
    const alive = { status: 'running' as const, runnerId: newRunnerId('cli'), heartbeatAt: now };
    expect(shownStatus(alive, now)).toBe('running');
    // Its process died a moment ago: seen at once, without waiting for the heartbeat to go stale.
    const dead = { ...alive, runnerId: `cli@${hostname()}#${await deadProcessId()}.abcd` };
    expect(shownStatus(dead, now)).toBe('interrupted');
    expect(shownStatus({ ...alive, heartbeatAt: now - LEASE_STALE_AFTER_MS - 1 }, now)).toBe('interrupted');
    expect(shownStatus({ status: 'running', runnerId: null, heartbeatAt: null }, now)).toBe('interrupted');
    expect(shownStatus({ status: 'completed', runnerId: null, heartbeatAt: null }, now)).toBe('completed');
    expect(shownStatus({ status: 'pending', runnerId: null, heartbeatAt: null }, now)).toBe('pending');
  });

  it('describes the holder for people', () => {
    const text = describeHolder({ runnerId: `cli@box#42.00ff00ff`, heartbeatAt: 7000 }, 10_000);
    expect(text).toBe('a command line run (process 42 on box), last heartbeat 3 s ago');
  });
});

describe('the lease in the database', () => {
  const live = (row: { runnerId: string | null; heartbeatAt: number | null }, now: number) => leaseIsLive(row, now);

  it('goes to one runner at a time, and to another once the first is stale', () => {
    const { id } = newExperiment();
    const first = newRunnerId('panel');
    const second = newRunnerId('cli');
    expect(acquireLease(temporary.database, id, first, live, 100_000)).toMatchObject({
      acquired: true,
      row: { status: 'running', runnerId: first, heartbeatAt: 100_000 },
    });
    expect(acquireLease(temporary.database, id, second, live, 105_000)).toMatchObject({
      acquired: false,
      reason: 'held',
    });
    // The holder may take it again (a resume in the same runner).
    expect(acquireLease(temporary.database, id, first, live, 106_000).acquired).toBe(true);
    expect(acquireLease(temporary.database, id, second, live, 106_000 + LEASE_STALE_AFTER_MS + 1)).toMatchObject({
      acquired: true,
      row: { runnerId: second },
    });
    expect(acquireLease(temporary.database, 'missing', first, live)).toEqual({ acquired: false, reason: 'not-found' });
  });

  it('renews only for the holder, and reports a cancel written by anyone', () => {
    const { id } = newExperiment();
    const holder = newRunnerId('cli');
    acquireLease(temporary.database, id, holder, live, 1000);
    expect(renewLease(temporary.database, id, holder, 3000)).toEqual({ held: true, status: 'running' });
    expect(getExperiment(temporary.database, id)?.heartbeatAt).toBe(3000);
    expect(renewLease(temporary.database, id, newRunnerId('panel'), 4000)).toEqual({ held: false, status: 'running' });
    markExperimentCancelled(temporary.database, id, 5000);
    expect(renewLease(temporary.database, id, holder, 6000)).toEqual({ held: true, status: 'cancelled' });
  });

  it('ends with the final status and no holder; completed wins over a late cancel, a cancel over a failure', () => {
    const done = newExperiment();
    const holder = newRunnerId('panel');
    acquireLease(temporary.database, done.id, holder, live);
    expect(finishLease(temporary.database, done.id, holder, { status: 'completed' })).toMatchObject({
      status: 'completed',
      runnerId: null,
      heartbeatAt: null,
    });

    const cancelled = newExperiment();
    acquireLease(temporary.database, cancelled.id, holder, live);
    markExperimentCancelled(temporary.database, cancelled.id);
    // Every conversation ran to its own end before the cancel could stop any.
    expect(finishLease(temporary.database, cancelled.id, holder, { status: 'completed' })).toMatchObject({
      status: 'completed',
      runnerId: null,
    });
    const cancelledThenFailed = newExperiment();
    acquireLease(temporary.database, cancelledThenFailed.id, holder, live);
    markExperimentCancelled(temporary.database, cancelledThenFailed.id);
    expect(
      finishLease(temporary.database, cancelledThenFailed.id, holder, { status: 'failed', error: 'disk full' }),
    ).toMatchObject({ status: 'cancelled', runnerId: null });

    const interrupted = newExperiment();
    acquireLease(temporary.database, interrupted.id, holder, live);
    expect(finishLease(temporary.database, interrupted.id, holder, null)).toMatchObject({
      status: 'running',
      runnerId: null,
      heartbeatAt: null,
    });

    // A runner that lost its lease changes nothing.
    const taken = newExperiment();
    acquireLease(temporary.database, taken.id, newRunnerId('cli'), live);
    expect(finishLease(temporary.database, taken.id, holder, { status: 'failed', error: 'x' })).toMatchObject({
      status: 'running',
    });
  });

  it('cancels only unfinished experiments', () => {
    const { id } = newExperiment();
    expect(markExperimentCancelled(temporary.database, id, 9)).toMatchObject({ status: 'cancelled', finishedAt: 9 });
    const finished = newExperiment();
    const holder = newRunnerId('cli');
    acquireLease(temporary.database, finished.id, holder, live);
    finishLease(temporary.database, finished.id, holder, { status: 'completed' });
    expect(markExperimentCancelled(temporary.database, finished.id)).toMatchObject({ status: 'completed' });
    expect(markExperimentCancelled(temporary.database, 'missing')).toBeNull();
  });

  it('leaves an experiment whose conversations are all stored to complete, and lets a failed one be resumed', () => {
    const finishing = newExperiment();
    const insert = temporary.database.$client.prepare(
      `insert into conversations (id, experiment_id, variant_index, variant_name, slot, input_index, input, outcome,
        knowledge, model_call_count, model_response_count, tool_call_count, started_at, duration_ms)
        values (?, ?, 0, 'a', ?, 0, '{}', 'submitted', '{}', 0, 0, 0, 0, 0)`,
    );
    acquireLease(temporary.database, finishing.id, newRunnerId('cli'), live);
    insert.run('c1', finishing.id, 0);
    expect(markExperimentCancelled(temporary.database, finishing.id)).toMatchObject({ status: 'cancelled' });
    const stored = newExperiment();
    acquireLease(temporary.database, stored.id, newRunnerId('cli'), live);
    insert.run('c2', stored.id, 0);
    insert.run('c3', stored.id, 1);
    expect(markExperimentCancelled(temporary.database, stored.id)).toMatchObject({ status: 'running' });

    const failed = newExperiment();
    const holder = newRunnerId('cli');
    acquireLease(temporary.database, failed.id, holder, live);
    finishLease(temporary.database, failed.id, holder, { status: 'failed', error: 'disk full' });
    expect(acquireLease(temporary.database, failed.id, newRunnerId('cli'), live)).toMatchObject({
      acquired: true,
      row: { status: 'running' },
    });
  });
});

describe('holdLease', () => {
  it('refuses a finished experiment and one another live runner holds', () => {
    const { id } = newExperiment();
    const callbacks = { onLost: () => {}, onCancelled: () => {} };
    const first = holdLease(temporary.database, id, newRunnerId('panel'), callbacks);
    expect(() => holdLease(temporary.database, id, newRunnerId('cli'), callbacks)).toThrow(ExperimentConflictError);
    expect(() => holdLease(temporary.database, id, newRunnerId('cli'), callbacks)).toThrow(/is being run by the panel/);
    first.finish({ status: 'completed' });
    expect(() => holdLease(temporary.database, id, newRunnerId('cli'), callbacks)).toThrow(/already completed/);
  });

  it('heartbeats, and tells the run of a cancel and of a lost lease', async () => {
    const { id } = newExperiment();
    const events: string[] = [];
    const holder = newRunnerId('cli');
    const lease = holdLease(temporary.database, id, holder, {
      heartbeatMs: 20,
      onLost: () => events.push('lost'),
      onCancelled: () => events.push('cancelled'),
    });
    const first = getExperiment(temporary.database, id)?.heartbeatAt as number;
    await expect.poll(() => getExperiment(temporary.database, id)?.heartbeatAt).toBeGreaterThan(first);
    markExperimentCancelled(temporary.database, id);
    await expect.poll(() => events.includes('cancelled')).toBe(true);
    lease.finish({ status: 'cancelled' });

    const other = newExperiment();
    const stolen: string[] = [];
    const second = holdLease(temporary.database, other.id, holder, {
      heartbeatMs: 20,
      onLost: () => stolen.push('lost'),
      onCancelled: () => {},
    });
    // Another runner takes over (as it would after this one stalled past the stale limit).
    acquireLease(temporary.database, other.id, newRunnerId('panel'), () => false);
    await expect.poll(() => stolen).toEqual(['lost']);
    second.finish(null);
    expect(getExperiment(temporary.database, other.id)?.runnerId).not.toBe(holder);
  });
});

// Batches finished conversations into short synchronous transactions (see batch-store.ts), so
// that writing stays cheap next to running a conversation, and each one is stored whole or not at all.
import { eq } from 'drizzle-orm';
import { errorMessage } from '../errors';
import type { ConversationRecord } from '../runner/types';
import type { RemoraDatabase } from './client';
import { prepareBatchStore, type BatchOutcome, type PendingConversation } from './batch-store';
import type { ConversationMeta } from './conversation-insert';
import { StorageError, type StorageFailure } from './errors';
import { newId } from './ids';
import { conversations } from './schema';

export type ConversationWriterOptions = {
  /** Flush once this many conversations are queued (default 50). */
  maxBatch?: number;
  /** Flush this long after the first queued conversation (default 200 ms). */
  flushIntervalMs?: number;
  /**
   * Receives failures of flushes that write() or the timer started. Without it they are kept and
   * thrown by the next flush() or close(), so that no failure goes unseen.
   */
  onError?: (error: StorageError) => void;
};

export type ConversationWriter = {
  /** Queues a finished conversation (flushing when the batch is full). Throws only after close(). */
  write(experimentId: string, meta: ConversationMeta, record: ConversationRecord): void;
  /** Stores everything queued now. Throws a StorageError naming the conversations it could not store. */
  flush(): void;
  /** Flushes and stops the timer; later writes throw. If the flush throws, the writer stays open. */
  close(): void;
  /** Slots already stored or queued for this experiment, as slotKey(variantIndex, slot). */
  completedSlots(experimentId: string): Set<string>;
};

export function slotKey(variantIndex: number, slot: number): string {
  return `${variantIndex}:${slot}`;
}

export function createConversationWriter(
  database: RemoraDatabase,
  options: ConversationWriterOptions = {},
): ConversationWriter {
  const maxBatch = Math.max(1, options.maxBatch ?? 50);
  const flushIntervalMs = Math.max(0, options.flushIntervalMs ?? 200);
  const storeBatch = prepareBatchStore(database);

  let queue: PendingConversation[] = [];
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  function runFlush(): void {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    if (queue.length === 0) return;
    const batch = queue;
    queue = [];
    const outcome = storeBatch(batch);
    // Conversations the database could not take stay queued, in order, for the next flush.
    if (outcome.unstored.length > 0) queue = outcome.unstored.concat(queue);
    const failure = batchFailure(outcome, batch.length);
    if (failure) throw failure;
  }

  const failures = failureKeeper(options);
  const flushInBackground = () => failures.inBackground(runFlush);
  const flushReporting = () => failures.reporting(runFlush);

  return {
    write(experimentId, meta, record) {
      if (closed) throw new StorageError('The conversation writer is closed');
      queue.push({ id: newId(), experimentId, meta, record });
      if (queue.length >= maxBatch) flushInBackground();
      else if (!timer) {
        timer = setTimeout(flushInBackground, flushIntervalMs);
        // A pending flush must not keep a finished CLI process alive; close() flushes the rest.
        timer.unref();
      }
    },
    flush() {
      flushReporting();
    },
    close() {
      if (closed) return;
      // Closed only once everything is stored, so a caller can retry after a busy database.
      flushReporting();
      closed = true;
    },
    completedSlots(experimentId) {
      const slots = storedSlots(database, experimentId);
      for (const pending of queue) {
        if (pending.experimentId === experimentId) slots.add(slotKey(pending.meta.variantIndex, pending.meta.slot));
      }
      return slots;
    },
  };
}

/** The batch's failure: the database refusing it (its conversations stay queued), or conversations it rejected. */
function batchFailure(outcome: BatchOutcome, batchSize: number): StorageError | null {
  const failures: StorageFailure[] = outcome.rejected.map(({ pending, cause }) => ({
    experimentId: pending.experimentId,
    variantIndex: pending.meta.variantIndex,
    slot: pending.meta.slot,
    cause,
  }));
  if (outcome.databaseFailure !== null) {
    return new StorageError(
      `The database refused a batch; ${outcome.unstored.length} conversations stay queued: ` +
        errorMessage(outcome.databaseFailure),
      failures,
      { cause: outcome.databaseFailure },
    );
  }
  if (failures.length > 0) {
    return new StorageError(`Could not store ${failures.length} of ${batchSize} conversations`, failures, {
      cause: failures[0].cause,
    });
  }
  return null;
}

/** Failures of flushes nobody waited for: handed to onError, or kept for the next flush() or close(). */
function failureKeeper(options: ConversationWriterOptions) {
  let keptFailure: StorageError | null = null;
  return {
    // A flush nobody waits for: its failure goes to onError or waits for the next flush() or close().
    inBackground(flush: () => void): void {
      try {
        flush();
      } catch (error) {
        const failure = StorageError.is(error) ? error : new StorageError('Flush failed', [], { cause: error });
        if (options.onError) options.onError(failure);
        else keptFailure = keptFailure ? StorageError.combine(keptFailure, failure) : failure;
      }
    },
    // Flushes, then reports this flush's failure together with any a timer flush kept.
    reporting(flush: () => void): void {
      try {
        flush();
      } catch (error) {
        const kept = keptFailure;
        keptFailure = null;
        if (kept && StorageError.is(error)) throw StorageError.combine(kept, error);
        throw error;
      }
      if (!keptFailure) return;
      const failure = keptFailure;
      keptFailure = null;
      throw failure;
    },
  };
}

function storedSlots(database: RemoraDatabase, experimentId: string): Set<string> {
  const slots = new Set<string>();
  const rows = database
    .select({ variantIndex: conversations.variantIndex, slot: conversations.slot })
    .from(conversations)
    .where(eq(conversations.experimentId, experimentId))
    .all();
  for (const row of rows) slots.add(slotKey(row.variantIndex, row.slot));
  return slots;
}

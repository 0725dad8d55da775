// Stores a batch of conversations: one transaction for the whole batch, and only when that fails,
// one transaction per conversation to keep the good ones and name the bad ones. Either way each
// conversation is stored whole or not at all. A conversation the database refuses even with its
// values bounded (storable.ts) is stored bare: its row, marked as an error with the reason, so that
// nothing is lost silently and a resume does not run it again.
import { errorMessage } from '../errors';
import { erroredRecord, type ConversationRecord } from '../runner/types';
import type { RemoraDatabase } from './client';
import { prepareConversationInserter, type ConversationMeta } from './conversation-insert';

export type PendingConversation = {
  id: string;
  experimentId: string;
  meta: ConversationMeta;
  record: ConversationRecord;
};

export type BatchOutcome = {
  /** Conversations whose rows were refused (a constraint, a value JSON cannot hold) and stored bare instead. */
  storedBare: { pending: PendingConversation; cause: unknown }[];
  /** Conversations refused even bare; dropped. */
  rejected: { pending: PendingConversation; cause: unknown }[];
  /** Conversations not attempted because the database itself failed (busy, full); retry them. */
  unstored: PendingConversation[];
  /** Why the database failed, when it did. */
  databaseFailure: unknown;
};

/**
 * Whether an error is the conversation's own fault (retrying it cannot help) rather than the
 * database's (busy, locked, full, closed), after which the same rows may well succeed later.
 */
function isConversationFault(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return /^SQLITE_(CONSTRAINT|MISMATCH|TOOBIG|RANGE)/.test(code);
  // Not from SQLite: JSON.stringify or parameter binding refused a value of this record.
  return error instanceof TypeError || error instanceof RangeError;
}

export function prepareBatchStore(database: RemoraDatabase): (batch: PendingConversation[]) => BatchOutcome {
  const client = database.$client;
  const insert = prepareConversationInserter(database);
  const store = (pending: PendingConversation) =>
    insert(pending.experimentId, pending.meta, pending.record, pending.id);
  // A savepoint per conversation would cost about a quarter of the write time; the common batch has
  // no bad conversation, so only a failed batch pays for isolating them.
  // Each transaction starts by forgetting counts a rolled-back one left, and ends by adding its own.
  const storeAll = client.transaction((batch: PendingConversation[]) => {
    insert.counters.discard();
    batch.forEach(store);
    insert.counters.flush();
  });
  const storeOne = client.transaction((pending: PendingConversation) => {
    insert.counters.discard();
    store(pending);
    insert.counters.flush();
  });

  return (batch) => {
    const outcome: BatchOutcome = { storedBare: [], rejected: [], unstored: [], databaseFailure: null };
    if (batch.length === 0) return outcome;
    if (!client.open)
      return { ...outcome, unstored: batch, databaseFailure: new Error('The database connection is closed') };
    try {
      storeAll(batch);
      return outcome;
    } catch (error) {
      if (!isConversationFault(error)) return { ...outcome, unstored: batch, databaseFailure: error };
    }
    // What storing one conversation gave: null when stored, else the error.
    const tryStore = (pending: PendingConversation): unknown => {
      try {
        storeOne(pending);
        return null;
      } catch (error) {
        return error;
      }
    };
    for (let index = 0; index < batch.length; index += 1) {
      const pending = batch[index];
      const fault = tryStore(pending);
      const bareFault = fault === null || !isConversationFault(fault) ? fault : tryStore(bare(pending, fault));
      const failure = [fault, bareFault].find((error) => error !== null && !isConversationFault(error));
      if (failure !== undefined) {
        outcome.unstored = batch.slice(index);
        outcome.databaseFailure = failure;
        return outcome;
      }
      if (fault === null) continue;
      if (bareFault === null) outcome.storedBare.push({ pending, cause: fault });
      else outcome.rejected.push({ pending, cause: fault });
    }
    return outcome;
  };
}

/** The conversation without its transcript: its place in the experiment, its input, and why. */
function bare(pending: PendingConversation, fault: unknown): PendingConversation {
  const { record, meta } = pending;
  const reason = `the conversation could not be stored as it was (${errorMessage(fault)}); only this row was kept`;
  return {
    ...pending,
    meta: {
      variantIndex: meta.variantIndex,
      variantName: meta.variantName,
      slot: meta.slot,
      inputIndex: meta.inputIndex,
    },
    record: erroredRecord(record, record.error ? `${reason}; it ended with: ${record.error.slice(0, 500)}` : reason),
  };
}

// Stores a batch of conversations: one transaction for the whole batch, and only when that fails,
// one transaction per conversation to keep the good ones and name the bad ones. Either way each
// conversation is stored whole or not at all.
import type { ConversationRecord } from '../runner/types';
import type { RemoraDatabase } from './client';
import { prepareConversationInserter, type ConversationMeta } from './conversation-insert';

export type PendingConversation = { id: string; experimentId: string; meta: ConversationMeta; record: ConversationRecord };

export type BatchOutcome = {
  /** Conversations whose own rows were refused (a constraint, a value JSON cannot hold); dropped. */
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
  const store = (pending: PendingConversation) => insert(pending.experimentId, pending.meta, pending.record, pending.id);
  // A savepoint per conversation would cost about a quarter of the write time; the common batch has
  // no bad conversation, so only a failed batch pays for isolating them.
  const storeAll = client.transaction((batch: PendingConversation[]) => batch.forEach(store));
  const storeOne = client.transaction(store);

  return (batch) => {
    const outcome: BatchOutcome = { rejected: [], unstored: [], databaseFailure: null };
    if (batch.length === 0) return outcome;
    if (!client.open) return { ...outcome, unstored: batch, databaseFailure: new Error('The database connection is closed') };
    try {
      storeAll(batch);
      return outcome;
    } catch (error) {
      if (!isConversationFault(error)) return { ...outcome, unstored: batch, databaseFailure: error };
    }
    for (let index = 0; index < batch.length; index += 1) {
      try {
        storeOne(batch[index]);
      } catch (error) {
        if (!isConversationFault(error)) {
          outcome.unstored = batch.slice(index);
          outcome.databaseFailure = error;
          return outcome;
        }
        outcome.rejected.push({ pending: batch[index], cause: error });
      }
    }
    return outcome;
  };
}

import { and, asc, count, eq, exists, type SQL } from 'drizzle-orm';
import type { ParsePath } from '../../parsing/types';
import type { ConversationRecord, Outcome } from '../../runner/types';
import type { RemoraDatabase } from '../client';
import { prepareConversationInserter, type ConversationMeta } from '../conversation-insert';
import { newId } from '../ids';
import { conversations, messages, modelCalls, toolExecutions, type ConversationRow } from '../schema';
import { messageFromRow, modelCallFromRow, toolExecutionFromRow } from './conversation-rows';
import { CONVERSATION_LIST_FIELDS, withParsePaths, type ConversationListItem } from './conversation-list';

export type { ConversationMeta };

/**
 * Stores one conversation now, in its own transaction; the id it was stored under, or null when
 * its slot was stored already. Experiments write through createConversationWriter instead, which
 * batches.
 */
export function storeConversation(
  database: RemoraDatabase,
  experimentId: string,
  meta: ConversationMeta,
  record: ConversationRecord,
): string | null {
  const insert = prepareConversationInserter(database);
  const id = newId();
  const inserted = database.$client.transaction(() => {
    insert.counters.discard();
    const stored = insert(experimentId, meta, record, id);
    insert.counters.flush();
    return stored;
  })();
  return inserted ? id : null;
}

const MAX_PAGE_SIZE = 500;

export type ConversationFilter = {
  /** Variant name. */
  variant?: string;
  variantIndex?: number;
  outcome?: Outcome;
  /** Conversations with at least one model response parsed along this path. */
  parsePath?: ParsePath;
  limit?: number;
  offset?: number;
};

/** One page of an experiment's conversations in slot order, and how many match in all. */
export function listConversations(
  database: RemoraDatabase,
  experimentId: string,
  filter: ConversationFilter = {},
): { total: number; conversations: ConversationListItem[] } {
  const conditions: SQL[] = [eq(conversations.experimentId, experimentId)];
  if (filter.variant !== undefined) conditions.push(eq(conversations.variantName, filter.variant));
  if (filter.variantIndex !== undefined) conditions.push(eq(conversations.variantIndex, filter.variantIndex));
  if (filter.outcome !== undefined) conditions.push(eq(conversations.outcome, filter.outcome));
  if (filter.parsePath !== undefined) {
    const withPath = database
      .select({ one: modelCalls.id })
      .from(modelCalls)
      .where(and(eq(modelCalls.conversationId, conversations.id), eq(modelCalls.parsePath, filter.parsePath)));
    conditions.push(exists(withPath));
  }
  const where = and(...conditions);
  const total = database.select({ total: count() }).from(conversations).where(where).get()?.total ?? 0;
  const limit = Math.min(Math.max(filter.limit ?? 50, 0), MAX_PAGE_SIZE);
  const rows = database
    .select(CONVERSATION_LIST_FIELDS)
    .from(conversations)
    .where(where)
    .orderBy(asc(conversations.variantIndex), asc(conversations.slot))
    .limit(limit)
    .offset(Math.max(filter.offset ?? 0, 0))
    .all();

  return { total, conversations: withParsePaths(database, rows) };
}

export function getConversation(database: RemoraDatabase, id: string): ConversationRow | null {
  return database.select().from(conversations).where(eq(conversations.id, id)).get() ?? null;
}

/** A stored conversation read back as the runner's record, with where it belongs. */
export function getConversationRecord(
  database: RemoraDatabase,
  id: string,
): { experimentId: string; meta: ConversationMeta; record: ConversationRecord } | null {
  const row = getConversation(database, id);
  if (!row) return null;
  const messageRows = database
    .select()
    .from(messages)
    .where(eq(messages.conversationId, id))
    .orderBy(asc(messages.position))
    .all();
  const callRows = database
    .select()
    .from(modelCalls)
    .where(eq(modelCalls.conversationId, id))
    .orderBy(asc(modelCalls.id))
    .all();
  const executionRows = database
    .select()
    .from(toolExecutions)
    .where(eq(toolExecutions.conversationId, id))
    .orderBy(asc(toolExecutions.id))
    .all();
  return {
    experimentId: row.experimentId,
    meta: {
      variantIndex: row.variantIndex,
      variantName: row.variantName,
      slot: row.slot,
      inputIndex: row.inputIndex,
      workspaceDiff: row.workspaceDiff,
      changedFiles: row.changedFiles,
      // Only dataset conversations have these; others read back as they were written.
      ...(row.caseId !== null ? { caseId: row.caseId } : {}),
      ...(row.verdict !== null ? { verdict: row.verdict } : {}),
      ...(row.taskCheck !== null ? { taskCheck: row.taskCheck } : {}),
    },
    record: {
      input: row.input,
      messages: messageRows.map(messageFromRow),
      modelCalls: callRows.map(modelCallFromRow),
      toolExecutions: executionRows.map(toolExecutionFromRow),
      outcome: row.outcome,
      result: row.result,
      finalText: row.finalText,
      error: row.error,
      knowledge: row.knowledge,
      startedAt: row.startedAt,
      durationMs: row.durationMs,
    },
  };
}

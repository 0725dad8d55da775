// An experiment's conversations read in batches for export, in variant and slot order. Keyset
// paging over conversations_slot_unique (experiment, variant, slot) keeps every batch as cheap as
// the first, however far into 100,000 conversations it is.
import { and, asc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteSelect } from 'drizzle-orm/sqlite-core';
import type { ChatMessage } from '../../protocol/messages';
import type { ParsePath } from '../../parsing/types';
import type { ModelCallRecord, ToolExecutionRecord } from '../../runner/types';
import type { ConversationInput } from '../../protocol/conversation';
import type { RemoraDatabase } from '../client';
import { conversations, messages, modelCalls, toolExecutions, type ConversationRow } from '../schema';
import { CONVERSATION_LIST_FIELDS } from './conversation-list';
import { messageFromRow, modelCallFromRow, toolExecutionFromRow } from './conversation-rows';
import { nextFilteredIds } from './conversation-search';
import { conversationReviews } from './conversation-review';

/** Where the previous batch ended. */
export type ExportCursor = { variantIndex: number; slot: number };

/** Conversations `c` to keep (conversation-search.ts's experimentFilterCondition); all when missing. */
export type ExportFilter = { from: SQL; where: SQL };

/** The filter that keeps no conversation (a variant the experiment does not have). */
export const NO_CONVERSATIONS: ExportFilter = { from: sql`conversations c`, where: sql`0` };

// The list's columns; the changed files come with each transcript instead.
const { changedFiles: _changedFiles, ...listColumns } = CONVERSATION_LIST_FIELDS;

export type ExportConversation = Pick<
  ConversationRow,
  | 'id'
  | 'experimentId'
  | 'variantIndex'
  | 'variantName'
  | 'slot'
  | 'inputIndex'
  | 'outcome'
  | 'finalText'
  | 'error'
  | 'modelCallCount'
  | 'modelResponseCount'
  | 'toolCallCount'
  | 'startedAt'
  | 'durationMs'
  | 'caseId'
  | 'expectationKind'
  | 'verdictScored'
  | 'callCorrect'
  | 'nameCorrect'
  | 'argumentsCorrect'
> & {
  input: ConversationInput;
  /** The parse path of each model call in order (null for a failed request). */
  parsePaths: (ParsePath | null)[];
  /** Time spent waiting for the model, over all its calls. */
  modelLatencyMs: number;
  /** What reviewers put on it (conversation-review.ts). */
  labels: string[];
  note: string | null;
};

function afterCursor(cursor: ExportCursor | null) {
  if (!cursor) return undefined;
  return or(
    gt(conversations.variantIndex, cursor.variantIndex),
    and(eq(conversations.variantIndex, cursor.variantIndex), gt(conversations.slot, cursor.slot)),
  );
}

/**
 * The query narrowed to the next `limit` conversations after the cursor (with a filter: the next matching ones), in
 * batch order; null when the filter matches none.
 */
function inBatch<Query extends SQLiteSelect>(
  query: Query,
  database: RemoraDatabase,
  experimentId: string,
  cursor: ExportCursor | null,
  limit: number,
  filter: ExportFilter | undefined,
): Query | null {
  let condition: SQL | undefined;
  if (filter) {
    const ids = nextFilteredIds(database, filter, cursor, limit);
    if (ids.length === 0) return null;
    condition = inArray(conversations.id, ids);
  } else condition = and(eq(conversations.experimentId, experimentId), afterCursor(cursor));
  return query.where(condition).orderBy(asc(conversations.variantIndex), asc(conversations.slot)).limit(limit);
}

/** Rows of a table that belong to these conversations, converted, by conversation (in the rows' order). */
function byConversation<Row extends { conversationId: string }, Value>(
  ids: string[],
  rows: Row[],
  convert: (row: Row) => Value,
): Map<string, Value[]> {
  const grouped = new Map<string, Value[]>(ids.map((id) => [id, []]));
  for (const row of rows) grouped.get(row.conversationId)?.push(convert(row));
  return grouped;
}

/** The next `limit` conversations after the cursor, with their parse paths and model latency. */
export function listExportBatch(
  database: RemoraDatabase,
  experimentId: string,
  cursor: ExportCursor | null,
  limit: number,
  filter?: ExportFilter,
): ExportConversation[] {
  const query = database.select(listColumns).from(conversations).$dynamic();
  const rows = inBatch(query, database, experimentId, cursor, limit, filter)?.all() ?? [];
  if (rows.length === 0) return [];
  const calls = new Map<string, { parsePaths: (ParsePath | null)[]; modelLatencyMs: number }>(
    rows.map((row) => [row.id, { parsePaths: [], modelLatencyMs: 0 }]),
  );
  const callRows = database
    .select({
      conversationId: modelCalls.conversationId,
      parsePath: modelCalls.parsePath,
      latencyMs: modelCalls.latencyMs,
    })
    .from(modelCalls)
    .where(
      inArray(
        modelCalls.conversationId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(modelCalls.conversationId), asc(modelCalls.turn), asc(modelCalls.id))
    .all();
  for (const call of callRows) {
    const entry = calls.get(call.conversationId);
    if (!entry) continue;
    entry.parsePaths.push(call.parsePath);
    entry.modelLatencyMs += call.latencyMs;
  }
  const reviews = conversationReviews(
    database,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...row,
    ...(calls.get(row.id) as { parsePaths: (ParsePath | null)[]; modelLatencyMs: number }),
    labels: reviews.get(row.id)?.labels ?? [],
    note: reviews.get(row.id)?.note ?? null,
  }));
}

/** One conversation in full, as a line of the JSONL export. */
export type ExportTranscript = {
  conversation: Omit<ConversationRow, 'knowledge'> & { knowledge: Record<string, unknown> };
  messages: ChatMessage[];
  /** Each call with the positions of the messages it sent (see `messages`) and its parameters. */
  modelCalls: ModelCallRecord[];
  toolExecutions: ToolExecutionRecord[];
  labels: string[];
  note: string | null;
};

/** Full transcripts of the next `limit` conversations after the cursor, read in four queries. */
export function listTranscriptBatch(
  database: RemoraDatabase,
  experimentId: string,
  cursor: ExportCursor | null,
  limit: number,
  filter?: ExportFilter,
): ExportTranscript[] {
  const query = database.select().from(conversations).$dynamic();
  const rows = inBatch(query, database, experimentId, cursor, limit, filter)?.all() ?? [];
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const messagesOf = byConversation(
    ids,
    database
      .select()
      .from(messages)
      .where(inArray(messages.conversationId, ids))
      .orderBy(asc(messages.conversationId), asc(messages.position))
      .all(),
    messageFromRow,
  );
  const callsOf = byConversation(
    ids,
    database
      .select()
      .from(modelCalls)
      .where(inArray(modelCalls.conversationId, ids))
      .orderBy(asc(modelCalls.conversationId), asc(modelCalls.id))
      .all(),
    modelCallFromRow,
  );
  const executionsOf = byConversation(
    ids,
    database
      .select()
      .from(toolExecutions)
      .where(inArray(toolExecutions.conversationId, ids))
      .orderBy(asc(toolExecutions.conversationId), asc(toolExecutions.id))
      .all(),
    toolExecutionFromRow,
  );
  const reviews = conversationReviews(database, ids);
  return rows.map((row) => ({
    conversation: row,
    labels: reviews.get(row.id)?.labels ?? [],
    note: reviews.get(row.id)?.note ?? null,
    messages: messagesOf.get(row.id) ?? [],
    modelCalls: callsOf.get(row.id) ?? [],
    toolExecutions: executionsOf.get(row.id) ?? [],
  }));
}

// An experiment's conversations read in batches for export, in variant and slot order. Keyset
// paging over conversations_slot_unique (experiment, variant, slot) keeps every batch as cheap as
// the first, however far into 100,000 conversations it is.
import { and, asc, eq, gt, inArray, or, type SQL } from 'drizzle-orm';
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

/** The batch's condition: the next rows after the cursor, or with a filter, the next matching ids. */
function batchCondition(
  database: RemoraDatabase,
  experimentId: string,
  cursor: ExportCursor | null,
  limit: number,
  filter: ExportFilter | undefined,
) {
  if (!filter) return and(eq(conversations.experimentId, experimentId), afterCursor(cursor));
  const ids = nextFilteredIds(database, filter, cursor, limit);
  return ids.length > 0 ? inArray(conversations.id, ids) : null;
}

/** The next `limit` conversations after the cursor, with their parse paths and model latency. */
export function listExportBatch(
  database: RemoraDatabase,
  experimentId: string,
  cursor: ExportCursor | null,
  limit: number,
  filter?: ExportFilter,
): ExportConversation[] {
  const condition = batchCondition(database, experimentId, cursor, limit, filter);
  if (condition === null) return [];
  const rows = database
    .select(listColumns)
    .from(conversations)
    .where(condition)
    .orderBy(asc(conversations.variantIndex), asc(conversations.slot))
    .limit(limit)
    .all();
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
  const condition = batchCondition(database, experimentId, cursor, limit, filter);
  if (condition === null) return [];
  const rows = database
    .select()
    .from(conversations)
    .where(condition)
    .orderBy(asc(conversations.variantIndex), asc(conversations.slot))
    .limit(limit)
    .all();
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const byConversation = <Value>() => new Map<string, Value[]>(ids.map((id) => [id, []]));
  const messagesOf = byConversation<ChatMessage>();
  for (const row of database
    .select()
    .from(messages)
    .where(inArray(messages.conversationId, ids))
    .orderBy(asc(messages.conversationId), asc(messages.position))
    .all()) {
    messagesOf.get(row.conversationId)?.push(messageFromRow(row));
  }
  const callsOf = byConversation<ModelCallRecord>();
  for (const row of database
    .select()
    .from(modelCalls)
    .where(inArray(modelCalls.conversationId, ids))
    .orderBy(asc(modelCalls.conversationId), asc(modelCalls.id))
    .all()) {
    callsOf.get(row.conversationId)?.push(modelCallFromRow(row));
  }
  const executionsOf = byConversation<ToolExecutionRecord>();
  for (const row of database
    .select()
    .from(toolExecutions)
    .where(inArray(toolExecutions.conversationId, ids))
    .orderBy(asc(toolExecutions.conversationId), asc(toolExecutions.id))
    .all()) {
    executionsOf.get(row.conversationId)?.push(toolExecutionFromRow(row));
  }
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

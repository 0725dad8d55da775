// An experiment's conversations read in batches for export, in variant and slot order. Keyset
// paging over conversations_slot_unique (experiment, variant, slot) keeps every batch as cheap as
// the first, however far into 100,000 conversations it is.
import { and, asc, eq, gt, inArray, or } from 'drizzle-orm';
import type { ChatMessage } from '../../runner/messages';
import type { ParsePath } from '../../parsing/types';
import type { ConversationInput, ModelCallRecord, ToolExecutionRecord } from '../../runner/types';
import type { RemoraDatabase } from '../client';
import { conversations, messages, modelCalls, toolExecutions, type ConversationRow } from '../schema';
import { CONVERSATION_LIST_FIELDS } from './conversations';
import { messageFromRow, modelCallFromRow, toolExecutionFromRow } from './conversation-rows';

/** Where the previous batch ended. */
export type ExportCursor = { variantIndex: number; slot: number };

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
};

function afterCursor(cursor: ExportCursor | null) {
  if (!cursor) return undefined;
  return or(gt(conversations.variantIndex, cursor.variantIndex), and(eq(conversations.variantIndex, cursor.variantIndex), gt(conversations.slot, cursor.slot)));
}

/** The next `limit` conversations after the cursor, with their parse paths and model latency. */
export function listExportBatch(database: RemoraDatabase, experimentId: string, cursor: ExportCursor | null, limit: number): ExportConversation[] {
  const rows = database
    .select(listColumns)
    .from(conversations)
    .where(and(eq(conversations.experimentId, experimentId), afterCursor(cursor)))
    .orderBy(asc(conversations.variantIndex), asc(conversations.slot))
    .limit(limit)
    .all();
  if (rows.length === 0) return [];
  const calls = new Map<string, { parsePaths: (ParsePath | null)[]; modelLatencyMs: number }>(rows.map((row) => [row.id, { parsePaths: [], modelLatencyMs: 0 }]));
  const callRows = database
    .select({ conversationId: modelCalls.conversationId, parsePath: modelCalls.parsePath, latencyMs: modelCalls.latencyMs })
    .from(modelCalls)
    .where(inArray(modelCalls.conversationId, rows.map((row) => row.id)))
    .orderBy(asc(modelCalls.conversationId), asc(modelCalls.turn), asc(modelCalls.id))
    .all();
  for (const call of callRows) {
    const entry = calls.get(call.conversationId);
    if (!entry) continue;
    entry.parsePaths.push(call.parsePath);
    entry.modelLatencyMs += call.latencyMs;
  }
  return rows.map((row) => ({ ...row, ...(calls.get(row.id) as { parsePaths: (ParsePath | null)[]; modelLatencyMs: number }) }));
}

/** One conversation in full, as a line of the JSONL export. */
export type ExportTranscript = {
  conversation: Omit<ConversationRow, 'knowledge'> & { knowledge: Record<string, unknown> };
  messages: ChatMessage[];
  /** Each call with the positions of the messages it sent (see `messages`) and its parameters. */
  modelCalls: ModelCallRecord[];
  toolExecutions: ToolExecutionRecord[];
};

/** Full transcripts of the next `limit` conversations after the cursor, read in four queries. */
export function listTranscriptBatch(database: RemoraDatabase, experimentId: string, cursor: ExportCursor | null, limit: number): ExportTranscript[] {
  const rows = database
    .select()
    .from(conversations)
    .where(and(eq(conversations.experimentId, experimentId), afterCursor(cursor)))
    .orderBy(asc(conversations.variantIndex), asc(conversations.slot))
    .limit(limit)
    .all();
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const byConversation = <Value>() => new Map<string, Value[]>(ids.map((id) => [id, []]));
  const messagesOf = byConversation<ChatMessage>();
  for (const row of database.select().from(messages).where(inArray(messages.conversationId, ids)).orderBy(asc(messages.conversationId), asc(messages.position)).all()) {
    messagesOf.get(row.conversationId)?.push(messageFromRow(row));
  }
  const callsOf = byConversation<ModelCallRecord>();
  for (const row of database.select().from(modelCalls).where(inArray(modelCalls.conversationId, ids)).orderBy(asc(modelCalls.conversationId), asc(modelCalls.id)).all()) {
    callsOf.get(row.conversationId)?.push(modelCallFromRow(row));
  }
  const executionsOf = byConversation<ToolExecutionRecord>();
  for (const row of database.select().from(toolExecutions).where(inArray(toolExecutions.conversationId, ids)).orderBy(asc(toolExecutions.conversationId), asc(toolExecutions.id)).all()) {
    executionsOf.get(row.conversationId)?.push(toolExecutionFromRow(row));
  }
  return rows.map((row) => ({
    conversation: row,
    messages: messagesOf.get(row.id) ?? [],
    modelCalls: callsOf.get(row.id) ?? [],
    toolExecutions: executionsOf.get(row.id) ?? [],
  }));
}

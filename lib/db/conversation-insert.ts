// Prepared statements that store one conversation with all its rows. Callers run them inside a
// transaction; on their own they are not atomic.
//
// This is the hot path of an experiment, so it binds positional parameters on better-sqlite3
// statements directly: drizzle's placeholder filling costs as much again as SQLite's own work.
// The column lists come from schema.ts's tables (insert-columns.ts): a column added there and not
// written here fails when this module loads; the round-trip tests read every column back through drizzle.
import type { ChatMessage } from '../protocol/messages';
import type { ConversationRecord } from '../runner/types';
import type { RemoraDatabase } from './client';
import type { ConversationMeta } from './conversation-meta';
import { newId } from './ids';
import { INSERT_STATEMENTS } from './insert-statements';
import { createStorable, type Storable } from './storable';
import { prepareCounterWriter, type CounterWriter } from './counters/counter-writer';

// In conversation-meta.ts, which the counters read without reading this.
export type { ConversationMeta } from './conversation-meta';

/**
 * Stores a conversation; false when its slot was already stored (nothing is written then). The
 * live summary counters of what it stored wait in `counters` until the caller, still inside its
 * transaction, calls `counters.flush()` (and `counters.discard()` when the transaction starts, in
 * case an earlier one rolled back).
 */
export type ConversationInserter = ((
  experimentId: string,
  meta: ConversationMeta,
  record: ConversationRecord,
  id?: string,
) => boolean) & {
  counters: CounterWriter;
};

export function prepareConversationInserter(database: RemoraDatabase): ConversationInserter {
  const client = database.$client;
  const insertConversation = client.prepare(INSERT_STATEMENTS.conversation);
  const insertMessage = client.prepare(INSERT_STATEMENTS.message);
  const insertModelCall = client.prepare(INSERT_STATEMENTS.modelCall);
  const insertToolExecution = client.prepare(INSERT_STATEMENTS.toolExecution);
  const insertCallScore = client.prepare(INSERT_STATEMENTS.callScore);
  const insertSearchDocument = client.prepare(INSERT_STATEMENTS.searchDocument);
  const counters = prepareCounterWriter(database);

  const insert = (experimentId: string, meta: ConversationMeta, record: ConversationRecord, id = newId()): boolean => {
    // Values are written as storable.ts bounds them: nothing a model or a tool sent can stop the write.
    const store = createStorable();
    const inserted = insertConversation.run(id, experimentId, ...conversationColumns(meta, record, store));
    // A slot committed before a crash comes back on resume: the stored one stays, and children
    // only ever belong to a conversation row this call created.
    if (inserted.changes === 0) return false;

    for (let position = 0; position < record.messages.length; position += 1) {
      const message = record.messages[position];
      insertMessage.run(id, position, ...messageColumns(message, store, `messages.${position}`));
    }
    for (const call of record.modelCalls) {
      insertModelCall.run(id, experimentId, meta.variantIndex, ...modelCallColumns(call, store));
    }
    for (const execution of record.toolExecutions) {
      insertToolExecution.run(id, experimentId, meta.variantIndex, ...toolExecutionColumns(execution, store));
    }
    if (meta.verdict?.scored) {
      for (const pair of meta.verdict.pairs) {
        insertCallScore.run(
          id,
          experimentId,
          meta.variantIndex,
          pair.expectedName,
          pair.calledName,
          pair.correct ? 1 : 0,
        );
      }
    }
    insertSearchDocument.run(id, experimentId);
    counters.add(experimentId, meta, record);
    return true;
  };
  return Object.assign(insert, { counters });
}

type VerdictColumns = [
  caseId: string | null,
  verdict: string | null,
  kind: string | null,
  scored: number | null,
  call: number | null,
  name: number | null,
  args: number | null,
];

function verdictColumns(meta: ConversationMeta, store: Storable): VerdictColumns {
  const verdict = meta.verdict;
  if (!verdict) return [meta.caseId ?? null, null, null, null, null, null, null];
  const flag = (value: boolean | null) => (value === null ? null : value ? 1 : 0);
  return [
    meta.caseId ?? null,
    store.bounded(verdict, 'verdict'),
    verdict.kind,
    flag(verdict.scored),
    flag(verdict.correct),
    flag(verdict.nameCorrect),
    flag(verdict.argumentsCorrect),
  ];
}

/** A number a server reported (token counts), or null when it sent something else. */
function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

type MessageColumns = [
  role: string,
  content: string | null,
  toolCalls: string | null,
  toolCallId: string | null,
  name: string | null,
];

/** The prompt's own messages are kept exactly; what the model and the tools wrote is bounded. */
function messageColumns(message: ChatMessage, store: Storable, field: string): MessageColumns {
  switch (message.role) {
    case 'system':
    case 'user':
      return [message.role, message.content, null, null, null];
    case 'assistant':
      return [
        message.role,
        store.text(message.content, `${field}.content`),
        store.bounded(message.tool_calls, `${field}.tool_calls`),
        null,
        null,
      ];
    case 'tool':
      return [message.role, store.text(message.content, `${field}.content`), null, message.tool_call_id, message.name];
  }
}

type ModelCallRecord = ConversationRecord['modelCalls'][number];
type ToolExecutionRecord = ConversationRecord['toolExecutions'][number];

/** The conversation row after its id and experiment, in INSERT_STATEMENTS.conversation's order. */
function conversationColumns(meta: ConversationMeta, record: ConversationRecord, store: Storable): unknown[] {
  const json = store.exact;
  let modelResponseCount = 0;
  let toolCallCount = 0;
  for (const call of record.modelCalls) {
    if (call.status === 'ok') modelResponseCount += 1;
    toolCallCount += call.calls.length;
  }
  return [
    meta.variantIndex,
    meta.variantName,
    meta.slot,
    meta.inputIndex,
    json(record.input, 'input'),
    record.outcome,
    json(record.result, 'result'),
    store.text(record.finalText, 'final_text'),
    json(record.knowledge, 'knowledge'),
    store.text(record.error, 'error'),
    record.modelCalls.length,
    modelResponseCount,
    toolCallCount,
    record.startedAt,
    record.durationMs,
    meta.workspaceDiff ?? null,
    json(meta.changedFiles, 'changed_files'),
    ...verdictColumns(meta, store),
    meta.taskCheck ? (meta.taskCheck.success ? 1 : 0) : null,
    json(meta.taskCheck, 'task_check'),
    meta.customCheck ? (meta.customCheck.success ? 1 : 0) : null,
    json(meta.customCheck, 'custom_check'),
  ];
}

/** A model call's row after its conversation, experiment and variant, in INSERT_STATEMENTS.modelCall's order. */
function modelCallColumns(call: ModelCallRecord, store: Storable): unknown[] {
  const json = store.exact;
  return [
    call.turn,
    json(call.messagePositions, 'message_positions'),
    json(call.requestParams, 'request_params'),
    call.status,
    store.bounded(call.response, `model_calls.${call.turn}.response`),
    store.text(call.error, `model_calls.${call.turn}.error`),
    call.attempts,
    call.latencyMs,
    store.bounded(call.usage, 'usage'),
    numberOrNull(call.usage?.prompt_tokens),
    numberOrNull(call.usage?.completion_tokens),
    call.parsePath,
    store.bounded(call.parsedCalls, `model_calls.${call.turn}.parsed_calls`),
    store.bounded(call.calls, `model_calls.${call.turn}.calls`),
    call.calls.length,
    call.allValid ? 1 : 0,
    call.startedAt,
    store.text(call.insight?.rawOutput, `model_calls.${call.turn}.raw_output`),
    numberOrNull(call.insight?.toolNameConfidence),
    store.bounded(call.insight?.toolNames, 'tool_names'),
    store.bounded(call.insight?.lostValues, 'lost_values'),
    numberOrNull(call.retryWaitMs) ?? 0,
  ];
}

/** A tool execution's row after its conversation, experiment and variant. */
function toolExecutionColumns(execution: ToolExecutionRecord, store: Storable): unknown[] {
  return [
    execution.turn,
    execution.callId,
    execution.toolName,
    store.bounded(execution.arguments, 'tool_executions.arguments'),
    execution.outcome,
    store.bounded(execution.result, 'tool_executions.result'),
    store.text(execution.summary, 'tool_executions.summary'),
    store.bounded(execution.knowledge_delta, 'tool_executions.knowledge_delta'),
    store.text(execution.error, 'tool_executions.error'),
    execution.errorKind ?? null,
    execution.durationMs,
  ];
}

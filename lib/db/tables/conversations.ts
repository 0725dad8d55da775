// Conversations and what happened in them: messages, model calls and tool executions.
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { sql } from 'drizzle-orm';
import type { ToolCall, Usage } from '../../protocol/messages';
import type { ModelCallRecord, Outcome, ValidatedCall } from '../../runner/types';
import type { ConversationInput } from '../../protocol/conversation';
import type { ParsePath } from '../../parsing/types';
import type { ParsedCall } from '../../protocol/parsed-call';
import type { Verdict } from '../../datasets/verdict';
import type { TaskCheck } from '../../task-success/types';
import type { LostValue, ToolNameConfidence } from '../../parsing/logprobs';
import { jsonColumn } from '../json-column';
import { experiments } from './experiments';

export const conversations = sqliteTable(
  'conversations',
  {
    id: text('id').primaryKey(),
    experimentId: text('experiment_id')
      .notNull()
      .references(() => experiments.id, { onDelete: 'cascade' }),
    variantIndex: integer('variant_index').notNull(),
    variantName: text('variant_name').notNull(),
    /** Which of the variant's requests this is (0 .. requestsPerVariant-1). */
    slot: integer('slot').notNull(),
    inputIndex: integer('input_index').notNull(),
    input: jsonColumn<ConversationInput>('input').notNull(),
    outcome: text('outcome', { enum: ['submitted', 'no_tool_call', 'turn_limit', 'error', 'cancelled'] })
      .$type<Outcome>()
      .notNull(),
    result: jsonColumn<Record<string, unknown>>('result'),
    finalText: text('final_text'),
    knowledge: jsonColumn<Record<string, unknown>>('knowledge').notNull(),
    error: text('error'),
    modelCallCount: integer('model_call_count').notNull(),
    /** Model calls that returned a response (status ok). */
    modelResponseCount: integer('model_response_count').notNull(),
    /** Calls the model made, over all its responses. */
    toolCallCount: integer('tool_call_count').notNull(),
    startedAt: integer('started_at').notNull(),
    durationMs: real('duration_ms').notNull(),
    workspaceDiff: text('workspace_diff'),
    changedFiles: jsonColumn<string[]>('changed_files'),
    /**
     * The dataset case it ran (dataset_cases.id), in a dataset experiment; no foreign key: the experiment keeps its own
     * copy of the cases.
     */
    caseId: text('case_id'),
    /** The verdict on the first response (lib/datasets/verdict.ts); null when nothing was expected. */
    verdict: jsonColumn<Verdict>('verdict'),
    // Flattened from the verdict so that accuracy is a GROUP BY over an index.
    expectationKind: text('expectation_kind', { enum: ['call', 'no_call'] }),
    verdictScored: integer('verdict_scored', { mode: 'boolean' }),
    callCorrect: integer('call_correct', { mode: 'boolean' }),
    nameCorrect: integer('name_correct', { mode: 'boolean' }),
    argumentsCorrect: integer('arguments_correct', { mode: 'boolean' }),
    /**
     * Whether the agent did its task (lib/task-success); null when nothing judged it (cancelled, or no check applies).
     */
    taskSuccess: integer('task_success', { mode: 'boolean' }),
    /** The check's verdict: which check, why, and what it measured. */
    taskCheck: jsonColumn<TaskCheck>('task_check'),
    /** The experiment's own check (config.customCheck), beside the agent's: its verdict, and whether it passed. */
    customCheckSuccess: integer('custom_check_success', { mode: 'boolean' }),
    customCheck: jsonColumn<TaskCheck>('custom_check'),
  },
  (table) => [
    uniqueIndex('conversations_slot_unique').on(table.experimentId, table.variantIndex, table.slot),
    index('conversations_accuracy_index').on(
      table.experimentId,
      table.variantIndex,
      table.expectationKind,
      table.verdictScored,
      table.callCorrect,
      table.nameCorrect,
      table.argumentsCorrect,
    ),
    index('conversations_case_index').on(table.experimentId, table.caseId),
    // Also covers the metrics' GROUP BY, so it never reads the conversation rows themselves.
    index('conversations_variant_outcome_index').on(
      table.experimentId,
      table.variantIndex,
      table.outcome,
      table.modelResponseCount,
      table.taskSuccess,
    ),
    index('conversations_outcome_index').on(table.experimentId, table.outcome),
    // Covers the compare page's read of a variant's outcomes in slot order (listVariantOutcomes), so
    // that 33,334 rows a variant come from the index alone, never the wide conversation rows.
    index('conversations_compare_index').on(
      table.experimentId,
      table.variantIndex,
      table.slot,
      table.inputIndex,
      table.outcome,
      table.modelResponseCount,
      table.verdictScored,
      table.callCorrect,
      table.taskSuccess,
    ),
  ],
);

export const messages = sqliteTable(
  'messages',
  {
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    role: text('role', { enum: ['system', 'user', 'assistant', 'tool'] }).notNull(),
    content: text('content'),
    /** Null when the message has no `tool_calls` key at all. */
    toolCalls: jsonColumn<ToolCall[]>('tool_calls'),
    toolCallId: text('tool_call_id'),
    name: text('name'),
  },
  (table) => [primaryKey({ name: 'messages_pk', columns: [table.conversationId, table.position] })],
);

export type StoredRequestParams = ModelCallRecord['requestParams'];

export const modelCalls = sqliteTable(
  'model_calls',
  {
    id: integer('id').primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    // Denormalised from the conversation so that metrics need no join.
    experimentId: text('experiment_id').notNull(),
    variantIndex: integer('variant_index').notNull(),
    turn: integer('turn').notNull(),
    messagePositions: jsonColumn<number[]>('message_positions').notNull(),
    requestParams: jsonColumn<StoredRequestParams>('request_params').notNull(),
    status: text('status', { enum: ['ok', 'error', 'cancelled'] }).notNull(),
    /** The raw response body. */
    response: jsonColumn<unknown>('response'),
    error: text('error'),
    attempts: integer('attempts').notNull(),
    /** The server's time for the answer (its last attempt); older rows hold the whole time, waits included. */
    latencyMs: real('latency_ms').notNull(),
    /** Time before the last attempt: failed attempts and the backoff between them. */
    retryWaitMs: real('retry_wait_ms').notNull().default(0),
    usage: jsonColumn<Usage>('usage'),
    promptTokens: integer('prompt_tokens'),
    completionTokens: integer('completion_tokens'),
    parsePath: text('parse_path').$type<ParsePath>(),
    parsedCalls: jsonColumn<ParsedCall[]>('parsed_calls').notNull(),
    calls: jsonColumn<ValidatedCall[]>('calls').notNull(),
    callCount: integer('call_count').notNull(),
    allValid: integer('all_valid', { mode: 'boolean' }).notNull(),
    startedAt: integer('started_at').notNull(),
    // What the response's tokens tell (lib/parsing/logprobs.ts); null unless logprobs were asked for.
    /** The model's output rebuilt from its tokens, control tokens included. */
    rawOutput: text('raw_output'),
    /** The probability of the first called tool's name (null also when no tool was named). */
    toolNameConfidence: real('tool_name_confidence'),
    /** Per call: the name's probability, its tokens and the runner-up names. */
    toolNames: jsonColumn<ToolNameConfidence[]>('tool_names'),
    /** Values in the raw output that the server's parsed tool_calls lost. */
    lostValues: jsonColumn<LostValue[]>('lost_values'),
  },
  (table) => [
    // Covers the mean tool-name confidence per variant.
    index('model_calls_confidence_index').on(table.experimentId, table.variantIndex, table.toolNameConfidence),
    // Covers every column the metrics read: aggregating 100,000 conversations touches only this
    // index, never the wide rows with their raw responses (about 5x faster).
    index('model_calls_metrics_index').on(
      table.experimentId,
      table.variantIndex,
      table.parsePath,
      table.status,
      table.callCount,
      table.allValid,
      table.latencyMs,
      table.promptTokens,
      table.completionTokens,
    ),
    index('model_calls_conversation_index').on(table.conversationId, table.turn),
    // Responses of a variant in latency order: p50 and p95 are two index look-ups (metrics-facts.ts
    // with responses 'aggregate'), not a sort of every call.
    index('model_calls_latency_index').on(table.experimentId, table.variantIndex, table.status, table.latencyMs),
    // Failed requests over all experiments (the search's model_request_failed filter); few rows.
    index('model_calls_failed_index')
      .on(table.conversationId)
      .where(sql`status = 'error'`),
  ],
);

export const toolExecutions = sqliteTable(
  'tool_executions',
  {
    id: integer('id').primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    experimentId: text('experiment_id').notNull(),
    variantIndex: integer('variant_index').notNull(),
    turn: integer('turn').notNull(),
    callId: text('call_id').notNull(),
    toolName: text('tool_name').notNull(),
    arguments: jsonColumn<Record<string, unknown>>('arguments').notNull(),
    outcome: text('outcome', { enum: ['success', 'partial', 'error'] }).notNull(),
    result: jsonColumn<unknown>('result'),
    summary: text('summary'),
    knowledgeDelta: jsonColumn<Record<string, unknown>>('knowledge_delta'),
    error: text('error'),
    errorKind: text('error_kind'),
    durationMs: real('duration_ms').notNull(),
  },
  (table) => [
    index('tool_executions_conversation_index').on(table.conversationId),
    index('tool_executions_error_index').on(table.experimentId, table.variantIndex, table.errorKind),
    // The search's tool filter: conversations that called a tool, in one experiment or in all.
    index('tool_executions_tool_index').on(table.toolName, table.experimentId, table.conversationId),
    // The search's error-kind filter over all experiments; errors are few, so the index is small.
    index('tool_executions_error_kind_index')
      .on(table.errorKind, table.conversationId)
      .where(sql`error_kind is not null`),
  ],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type NewConversationRow = typeof conversations.$inferInsert;
export type MessageRow = typeof messages.$inferSelect;
export type NewMessageRow = typeof messages.$inferInsert;
export type ModelCallRow = typeof modelCalls.$inferSelect;
export type NewModelCallRow = typeof modelCalls.$inferInsert;
export type ToolExecutionRow = typeof toolExecutions.$inferSelect;
export type NewToolExecutionRow = typeof toolExecutions.$inferInsert;

// The whole SQLite schema. Times are milliseconds since the epoch; JSON columns hold TEXT.
// Migrations in drizzle/ are generated from this file with `npx drizzle-kit generate`.
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { ToolCall, Usage } from '../runner/messages';
import type { ConversationInput, ModelCallRecord, Outcome, ValidatedCall } from '../runner/types';
import type { ParsePath, ParsedCall } from '../parsing/types';
import type { CaseInput, CaseTool, DatasetFormat, Expectation } from '../datasets/case';
import type { Verdict } from '../datasets/verdict';
import type { LostValue, ToolNameConfidence } from '../serving/logprobs';
import { jsonColumn } from './json-column';

export const EXPERIMENT_STATUSES = ['pending', 'running', 'completed', 'cancelled', 'failed'] as const;
export type ExperimentStatus = (typeof EXPERIMENT_STATUSES)[number];

export const ENDPOINT_KINDS = ['openai', 'simulated'] as const;
export type EndpointKind = (typeof ENDPOINT_KINDS)[number];

export const agents = sqliteTable('agents', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique('agents_name_unique'),
  definition: jsonColumn<Record<string, unknown>>('definition').notNull(),
  /** The folder or file it was imported from (agents/<name>/...), when it came from disk. */
  sourcePath: text('source_path'),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

export const promptVariants = sqliteTable(
  'prompt_variants',
  {
    id: text('id').primaryKey(),
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    systemPrompt: text('system_prompt').notNull(),
    /** Null: the agent's own node_context template. */
    nodeContext: text('node_context'),
    version: integer('version').notNull(),
    /** The version this one was saved over, or the variant it was forked from. */
    parentId: text('parent_id').references((): AnySQLiteColumn => promptVariants.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('prompt_variants_agent_name_version_unique').on(table.agentId, table.name, table.version),
    index('prompt_variants_parent_index').on(table.parentId),
  ],
);

export const endpoints = sqliteTable('endpoints', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique('endpoints_name_unique'),
  kind: text('kind', { enum: ENDPOINT_KINDS }).notNull(),
  baseUrl: text('base_url').notNull(),
  model: text('model').notNull(),
  /** The NAME of an environment variable that holds the key; never a key. */
  apiKeyEnv: text('api_key_env'),
  createdAt: integer('created_at').notNull(),
});

export const experiments = sqliteTable(
  'experiments',
  {
    id: text('id').primaryKey(),
    agentName: text('agent_name').notNull(),
    status: text('status', { enum: EXPERIMENT_STATUSES }).notNull().default('pending'),
    /** The full settings (see StoredExperimentConfig in experiment-config.ts). */
    config: jsonColumn<Record<string, unknown>>('config').notNull(),
    /** sha256 of the canonical JSON of config, to find an unfinished run of the same settings. */
    configHash: text('config_hash').notNull(),
    simulated: integer('simulated', { mode: 'boolean' }).notNull(),
    totalConversations: integer('total_conversations').notNull(),
    createdAt: integer('created_at').notNull(),
    startedAt: integer('started_at'),
    finishedAt: integer('finished_at'),
    error: text('error'),
    /**
     * The lease: which process runs the experiment now (see lib/experiments/lease.ts) and when it
     * last said so. A heartbeat older than the stale limit means nobody runs it any more.
     */
    runnerId: text('runner_id'),
    heartbeatAt: integer('heartbeat_at'),
  },
  (table) => [
    index('experiments_status_index').on(table.status),
    index('experiments_created_at_index').on(table.createdAt),
    index('experiments_config_hash_index').on(table.configHash),
    index('experiments_agent_name_index').on(table.agentName, table.createdAt),
  ],
);

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
    /** The dataset case it ran (dataset_cases.id), in a dataset experiment; no foreign key: the experiment keeps its own copy of the cases. */
    caseId: text('case_id'),
    /** The verdict on the first response (lib/datasets/verdict.ts); null when nothing was expected. */
    verdict: jsonColumn<Verdict>('verdict'),
    // Flattened from the verdict so that accuracy is a GROUP BY over an index.
    expectationKind: text('expectation_kind', { enum: ['call', 'no_call'] }),
    verdictScored: integer('verdict_scored', { mode: 'boolean' }),
    callCorrect: integer('call_correct', { mode: 'boolean' }),
    nameCorrect: integer('name_correct', { mode: 'boolean' }),
    argumentsCorrect: integer('arguments_correct', { mode: 'boolean' }),
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
    index('conversations_variant_outcome_index').on(table.experimentId, table.variantIndex, table.outcome, table.modelResponseCount),
    index('conversations_outcome_index').on(table.experimentId, table.outcome),
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
    status: text('status', { enum: ['ok', 'error'] }).notNull(),
    /** The raw response body. */
    response: jsonColumn<unknown>('response'),
    error: text('error'),
    attempts: integer('attempts').notNull(),
    latencyMs: real('latency_ms').notNull(),
    usage: jsonColumn<Usage>('usage'),
    promptTokens: integer('prompt_tokens'),
    completionTokens: integer('completion_tokens'),
    parsePath: text('parse_path').$type<ParsePath>(),
    parsedCalls: jsonColumn<ParsedCall[]>('parsed_calls').notNull(),
    calls: jsonColumn<ValidatedCall[]>('calls').notNull(),
    callCount: integer('call_count').notNull(),
    allValid: integer('all_valid', { mode: 'boolean' }).notNull(),
    startedAt: integer('started_at').notNull(),
    // What the response's tokens tell (lib/serving/logprobs.ts); null unless logprobs were asked for.
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
  ],
);

/** A named set of cases, imported from a file or edited in the panel. */
export const datasets = sqliteTable(
  'datasets',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull().unique('datasets_name_unique'),
    description: text('description'),
    /** The format it was imported from. */
    sourceFormat: text('source_format').$type<DatasetFormat>().notNull(),
    sourceFile: text('source_file'),
    /** sha256 of the cases' canonical JSON, so that importing the same cases again reuses this set. */
    contentHash: text('content_hash').notNull(),
    caseCount: integer('case_count').notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [index('datasets_content_hash_index').on(table.contentHash)],
);

export const datasetCases = sqliteTable(
  'dataset_cases',
  {
    id: text('id').primaryKey(),
    datasetId: text('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** The case's own id in its set ("line-3", BFCL's "simple_0"). */
    caseKey: text('case_key').notNull(),
    input: jsonColumn<CaseInput>('input').notNull(),
    expectation: jsonColumn<Expectation>('expectation'),
    tools: jsonColumn<CaseTool[]>('tools'),
    note: text('note'),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('dataset_cases_position_unique').on(table.datasetId, table.position),
    uniqueIndex('dataset_cases_key_unique').on(table.datasetId, table.caseKey),
  ],
);

/**
 * Each expected call paired with the call made for it (either side may be missing), per scored
 * conversation: the confusion table of expected against called tool names is a GROUP BY here.
 */
export const callScores = sqliteTable(
  'call_scores',
  {
    id: integer('id').primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    experimentId: text('experiment_id').notNull(),
    variantIndex: integer('variant_index').notNull(),
    /** Null: no call was expected (or this call made was one too many). */
    expectedName: text('expected_name'),
    /** Null: no call was made for it. */
    calledName: text('called_name'),
    correct: integer('correct', { mode: 'boolean' }).notNull(),
  },
  (table) => [
    index('call_scores_confusion_index').on(table.experimentId, table.variantIndex, table.expectedName, table.calledName),
    index('call_scores_conversation_index').on(table.conversationId),
  ],
);

export type AgentRow = typeof agents.$inferSelect;
export type NewAgentRow = typeof agents.$inferInsert;
export type PromptVariantRow = typeof promptVariants.$inferSelect;
export type NewPromptVariantRow = typeof promptVariants.$inferInsert;
export type EndpointRow = typeof endpoints.$inferSelect;
export type NewEndpointRow = typeof endpoints.$inferInsert;
export type ExperimentRow = typeof experiments.$inferSelect;
export type NewExperimentRow = typeof experiments.$inferInsert;
export type ConversationRow = typeof conversations.$inferSelect;
export type NewConversationRow = typeof conversations.$inferInsert;
export type MessageRow = typeof messages.$inferSelect;
export type NewMessageRow = typeof messages.$inferInsert;
export type ModelCallRow = typeof modelCalls.$inferSelect;
export type NewModelCallRow = typeof modelCalls.$inferInsert;
export type ToolExecutionRow = typeof toolExecutions.$inferSelect;
export type NewToolExecutionRow = typeof toolExecutions.$inferInsert;
export type DatasetRow = typeof datasets.$inferSelect;
export type NewDatasetRow = typeof datasets.$inferInsert;
export type DatasetCaseRow = typeof datasetCases.$inferSelect;
export type NewDatasetCaseRow = typeof datasetCases.$inferInsert;
export type CallScoreRow = typeof callScores.$inferSelect;

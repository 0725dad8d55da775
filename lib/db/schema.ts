// The whole SQLite schema. Times are milliseconds since the epoch; JSON columns hold TEXT.
// Migrations in drizzle/ are generated from this file with `npx drizzle-kit generate`.
import {
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
  type AnySQLiteColumn,
} from 'drizzle-orm/sqlite-core';
import { sql } from 'drizzle-orm';
import type { ToolCall, Usage } from '../protocol/messages';
import type { ModelCallRecord, Outcome, ValidatedCall } from '../runner/types';
import type { ConversationInput } from '../protocol/conversation';
import type { ParsePath } from '../parsing/types';
import type { ParsedCall } from '../protocol/parsed-call';
import type { CaseInput, CaseTool, DatasetFormat } from '../datasets/case';
import type { Expectation } from '../protocol/expectation';
import type { Verdict } from '../datasets/verdict';
import type { TaskCheck } from '../task-success/types';
import type { LostValue, ToolNameConfidence } from '../parsing/logprobs';
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
    /** Set when the run stopped before its last conversation because every chosen comparison was decided: why. */
    stopReason: text('stop_reason'),
    /**
     * The lease: which process runs the experiment now (see lib/experiments/lease.ts) and when it
     * last said so. A heartbeat older than the stale limit means nobody runs it any more.
     */
    runnerId: text('runner_id'),
    heartbeatAt: integer('heartbeat_at'),
    /** What people call it in the panel; null: shown as the agent and the id. */
    name: text('name'),
    description: text('description'),
    tags: jsonColumn<string[]>('tags').notNull().default([]),
    /**
     * Whether summary_counters hold every stored conversation of this experiment. New experiments
     * start counted; experiments stored before the counters existed are counted from their rows the
     * first time they are summarized (lib/db/counters/read-counters.ts).
     */
    countersReady: integer('counters_ready', { mode: 'boolean' }).notNull().default(true),
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
    /** Whether the agent did its task (lib/task-success); null when nothing judged it (cancelled, or no check applies). */
    taskSuccess: integer('task_success', { mode: 'boolean' }),
    /** The check's verdict: which check, why, and what it measured. */
    taskCheck: jsonColumn<TaskCheck>('task_check'),
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
 * The cases a dataset experiment runs, copied from dataset_cases when it is created (the
 * experiment keeps its own copy: later edits of the set change nothing it ran). A run reads them
 * in pages by position, so a 50,000-case set is never held in memory or in the config JSON.
 */
export const experimentCases = sqliteTable(
  'experiment_cases',
  {
    experimentId: text('experiment_id')
      .notNull()
      .references(() => experiments.id, { onDelete: 'cascade' }),
    /** The input index: slot N of a variant runs the case at position N modulo the case count. */
    position: integer('position').notNull(),
    /** dataset_cases.id at the time, and the case's own id in its set. */
    caseId: text('case_id').notNull(),
    caseKey: text('case_key').notNull(),
    input: jsonColumn<CaseInput>('input').notNull(),
    expectation: jsonColumn<Expectation>('expectation'),
    tools: jsonColumn<CaseTool[]>('tools'),
  },
  (table) => [primaryKey({ columns: [table.experimentId, table.position] })],
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
    index('call_scores_confusion_index').on(
      table.experimentId,
      table.variantIndex,
      table.expectedName,
      table.calledName,
    ),
    index('call_scores_conversation_index').on(table.conversationId),
  ],
);

/** Labels people put on a conversation while reviewing it ("reviewed", "bad input", ...). */
export const conversationLabels = sqliteTable(
  'conversation_labels',
  {
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    experimentId: text('experiment_id').notNull(),
    label: text('label').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [
    primaryKey({ name: 'conversation_labels_pk', columns: [table.conversationId, table.label] }),
    // The label filter, in one experiment or in all; and the labels used in an experiment.
    index('conversation_labels_label_index').on(table.label, table.experimentId, table.conversationId),
    index('conversation_labels_experiment_index').on(table.experimentId, table.label),
  ],
);

/** A free-text note on a conversation, one per conversation. */
export const conversationNotes = sqliteTable('conversation_notes', {
  conversationId: text('conversation_id')
    .primaryKey()
    .references(() => conversations.id, { onDelete: 'cascade' }),
  experimentId: text('experiment_id').notNull(),
  note: text('note').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

/**
 * One row per stored conversation; its id is the rowid of the conversation's document in the
 * full-text index (the FTS5 table conversation_text, created with its triggers in a hand-written
 * migration because drizzle does not model virtual tables). Inserting a row here builds the
 * document from the conversation's stored rows; deleting it (also by cascade) removes it.
 * A table of its own rather than conversations' rowid: a table rebuild or VACUUM may renumber
 * the rowids of a table without an INTEGER PRIMARY KEY, and the index would then point elsewhere.
 */
export const searchDocuments = sqliteTable(
  'search_documents',
  {
    id: integer('id').primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .unique('search_documents_conversation_unique')
      .references(() => conversations.id, { onDelete: 'cascade' }),
    experimentId: text('experiment_id').notNull(),
  },
  (table) => [index('search_documents_experiment_index').on(table.experimentId, table.id)],
);

// Campaigns (lib/campaigns): one agent run over every node of a repository. The conversations are
// an ordinary experiment's (experimentId), so every transcript page works on them; these tables add
// what the repository was, every file and node found, and the changes to review and apply.
export const CAMPAIGN_NODE_STATUSES = ['pending', 'ran', 'skipped'] as const;
export type CampaignNodeStatus = (typeof CAMPAIGN_NODE_STATUSES)[number];
export const CAMPAIGN_CHANGE_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type CampaignChangeStatus = (typeof CAMPAIGN_CHANGE_STATUSES)[number];

export const campaigns = sqliteTable(
  'campaigns',
  {
    id: text('id').primaryKey(),
    experimentId: text('experiment_id')
      .notNull()
      .unique('campaigns_experiment_unique')
      .references(() => experiments.id, { onDelete: 'cascade' }),
    agentName: text('agent_name').notNull(),
    variantName: text('variant_name').notNull(),
    /** The repository's real path (links resolved). */
    repoRoot: text('repo_root').notNull(),
    /** HEAD when the campaign started, if the root is in a git repository. */
    gitCommit: text('git_commit'),
    /** sha256 of what identifies the campaign (agent, variant, repository, settings), to resume it. */
    configHash: text('config_hash').notNull(),
    /** Excludes, node types, limits and the other settings it was started with (lib/campaigns/settings.ts). */
    settings: jsonColumn<Record<string, unknown>>('settings').notNull(),
    /** True once every file was read and every node listed; the run starts only then. */
    extracted: integer('extracted', { mode: 'boolean' }).notNull().default(false),
    /** The last apply: where the accepted changes went and which files. */
    applied: jsonColumn<Record<string, unknown>>('applied'),
    /** The repository's own test command after apply, and its result. */
    testRun: jsonColumn<Record<string, unknown>>('test_run'),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [
    index('campaigns_config_hash_index').on(table.configHash),
    index('campaigns_created_at_index').on(table.createdAt),
  ],
);

export const campaignFiles = sqliteTable(
  'campaign_files',
  {
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /** Relative to the repository root, forward slashes. */
    path: text('path').notNull(),
    sha256: text('sha256').notNull(),
    bytes: integer('bytes').notNull(),
    encoding: text('encoding'),
    /** Why none of its nodes run (syntax error, size limit, encoding), or null. */
    skipReason: text('skip_reason'),
  },
  (table) => [primaryKey({ name: 'campaign_files_pk', columns: [table.campaignId, table.path] })],
);

export const campaignNodes = sqliteTable(
  'campaign_nodes',
  {
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /** Position in the campaign (files in walk order, nodes in source order); also the conversation's slot. */
    ordinal: integer('ordinal').notNull(),
    path: text('path').notNull(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /** 1-based, inclusive, decorators included: the node's identity together with its name. */
    startLine: integer('start_line').notNull(),
    endLine: integer('end_line').notNull(),
    /** The node's text is sent as an outline (signatures only) because the whole would not fit the context. */
    outline: integer('outline', { mode: 'boolean' }).notNull().default(false),
    status: text('status', { enum: CAMPAIGN_NODE_STATUSES }).notNull().default('pending'),
    skipReason: text('skip_reason'),
    conversationId: text('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
  },
  (table) => [
    primaryKey({ name: 'campaign_nodes_pk', columns: [table.campaignId, table.ordinal] }),
    // Pending nodes in order (the run's pages) and the found/ran/skipped counts.
    index('campaign_nodes_status_index').on(table.campaignId, table.status, table.ordinal),
  ],
);

export const campaignChanges = sqliteTable(
  'campaign_changes',
  {
    id: text('id').primaryKey(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    nodeOrdinal: integer('node_ordinal').notNull(),
    conversationId: text('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    /** The file the change is listed under (the node's file, or the file it created). */
    path: text('path').notNull(),
    nodeName: text('node_name').notNull(),
    /** Unified diff for people (decoded in each file's encoding). */
    diff: text('diff').notNull(),
    /** The change by position in the files as read (lib/campaigns/edits.ts): what export and apply use. */
    edits: jsonColumn<unknown[]>('edits').notNull(),
    summary: text('summary'),
    checks: jsonColumn<Record<string, unknown>>('checks').notNull(),
    /** Every check passed (null: no check applied). */
    checksPassed: integer('checks_passed', { mode: 'boolean' }),
    status: text('status', { enum: CAMPAIGN_CHANGE_STATUSES }).notNull().default('pending'),
    /** The person edited the result before accepting it. */
    edited: integer('edited', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('campaign_changes_node_unique').on(table.campaignId, table.nodeOrdinal),
    // The review list: by file, then position, one page at a time; and the counts by status.
    index('campaign_changes_path_index').on(table.campaignId, table.path, table.nodeOrdinal),
    index('campaign_changes_status_index').on(table.campaignId, table.status),
  ],
);

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignNodeRow = typeof campaignNodes.$inferSelect;
export type CampaignChangeRow = typeof campaignChanges.$inferSelect;
export type CampaignFileRow = typeof campaignFiles.$inferSelect;

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
export type ExperimentCaseRow = typeof experimentCases.$inferSelect;
export type ConversationLabelRow = typeof conversationLabels.$inferSelect;
export type ConversationNoteRow = typeof conversationNotes.$inferSelect;

/**
 * Live summary counters (issue 13): the sums lib/metrics reads, kept per experiment as its
 * conversations are stored, in the same transaction (lib/db/counters/). `scope` is 'input' (the
 * InputFacts of a variant on one input), 'first' (the same over first repeats only, for the live
 * anytime-valid verdict) or 'variant' (token sums, tool-name confidence and the latency sketch of
 * a variant; input_index -1). `counts` is JSON. `remora verify` recounts them from the rows.
 */
export const summaryCounters = sqliteTable(
  'summary_counters',
  {
    experimentId: text('experiment_id')
      .notNull()
      .references(() => experiments.id, { onDelete: 'cascade' }),
    scope: text('scope', { enum: ['input', 'first', 'variant'] }).notNull(),
    variantIndex: integer('variant_index').notNull(),
    inputIndex: integer('input_index').notNull(),
    counts: text('counts').notNull(),
  },
  (table) => [primaryKey({ columns: [table.experimentId, table.scope, table.variantIndex, table.inputIndex] })],
);

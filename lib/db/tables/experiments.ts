// Agents, their prompt versions, model endpoints and experiments (one run of variants x inputs).
import { index, integer, real, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { StoredConfigJson } from '../../experiment-config/stored-config';
import { jsonColumn } from '../json-column';

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
  /** One request's timeouts in ms (lib/runner/request-timeouts.ts); null: the runner's default for that part. */
  firstByteTimeoutMs: integer('first_byte_timeout_ms'),
  idleTimeoutMs: integer('idle_timeout_ms'),
  totalTimeoutMs: integer('total_timeout_ms'),
  /** What a million prompt (input) and completion (output) tokens cost, in the user's currency; null: not priced. */
  inputPricePerMillion: real('input_price_per_million'),
  outputPricePerMillion: real('output_price_per_million'),
});

export const experiments = sqliteTable(
  'experiments',
  {
    id: text('id').primaryKey(),
    agentName: text('agent_name').notNull(),
    status: text('status', { enum: EXPERIMENT_STATUSES }).notNull().default('pending'),
    /** The full settings, as lib/experiment-config/stored-config.ts writes and reads them. */
    config: jsonColumn<unknown>('config').$type<StoredConfigJson>().notNull(),
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

export type AgentRow = typeof agents.$inferSelect;
export type NewAgentRow = typeof agents.$inferInsert;
export type PromptVariantRow = typeof promptVariants.$inferSelect;
export type NewPromptVariantRow = typeof promptVariants.$inferInsert;
export type EndpointRow = typeof endpoints.$inferSelect;
export type NewEndpointRow = typeof endpoints.$inferInsert;
export type ExperimentRow = typeof experiments.$inferSelect;
export type NewExperimentRow = typeof experiments.$inferInsert;

// Campaigns (lib/campaigns): one agent run over every node of a repository. The conversations are
// an ordinary experiment's (experimentId), so every transcript page works on them; these tables add
// what the repository was, every file and node found, and the changes to review and apply.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { jsonColumn } from '../json-column';
import { conversations } from './conversations';
import { experiments } from './experiments';

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

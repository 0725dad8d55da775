// The optional model judge (lib/judge): its prompts, versioned like prompt variants (a changed text
// is a new version; a verdict keeps the version it was made with), and its verdict per conversation.
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { conversations } from './conversations';
import { experiments } from './experiments';

export const JUDGE_OUTCOMES = ['pass', 'fail', 'error'] as const;
export type JudgeOutcome = (typeof JUDGE_OUTCOMES)[number];

export const judgePrompts = sqliteTable(
  'judge_prompts',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    version: integer('version').notNull(),
    text: text('text').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [uniqueIndex('judge_prompts_name_version_unique').on(table.name, table.version)],
);

export const judgeVerdicts = sqliteTable(
  'judge_verdicts',
  {
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    experimentId: text('experiment_id')
      .notNull()
      .references(() => experiments.id, { onDelete: 'cascade' }),
    // Copied from the conversation so that the pass rate per variant and input is one GROUP BY here.
    variantIndex: integer('variant_index').notNull(),
    inputIndex: integer('input_index').notNull(),
    promptId: text('prompt_id')
      .notNull()
      .references(() => judgePrompts.id, { onDelete: 'restrict' }),
    /** The judge's model, as its endpoint was asked for it. */
    model: text('model').notNull(),
    /** 'error': the judge's reply was missing or not a verdict; it counts as neither pass nor fail. */
    outcome: text('outcome', { enum: JUDGE_OUTCOMES }).$type<JudgeOutcome>().notNull(),
    /** The judge's short reason (untrusted text), or what went wrong for an error. */
    reason: text('reason').notNull(),
    /** Which run of the judge over the experiment wrote it: the summary compares the latest run's verdicts. */
    runId: text('run_id').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('judge_verdicts_run_conversation_unique').on(table.runId, table.conversationId),
    index('judge_verdicts_experiment_index').on(
      table.experimentId,
      table.runId,
      table.variantIndex,
      table.inputIndex,
      table.outcome,
    ),
    index('judge_verdicts_conversation_index').on(table.conversationId, table.createdAt),
  ],
);

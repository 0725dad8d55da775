// Datasets of cases, the cases an experiment ran, and the scores of the calls made for them.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { CaseInput, CaseTool, DatasetFormat } from '../../datasets/case';
import type { Expectation } from '../../protocol/expectation';
import { jsonColumn } from '../json-column';
import { conversations } from './conversations';
import { experiments } from './experiments';

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

export type DatasetRow = typeof datasets.$inferSelect;
export type NewDatasetRow = typeof datasets.$inferInsert;
export type DatasetCaseRow = typeof datasetCases.$inferSelect;
export type NewDatasetCaseRow = typeof datasetCases.$inferInsert;
export type CallScoreRow = typeof callScores.$inferSelect;
export type ExperimentCaseRow = typeof experimentCases.$inferSelect;

// What people add while reviewing conversations (labels, notes) and the full-text search index.
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { conversations } from './conversations';

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

export type ConversationLabelRow = typeof conversationLabels.$inferSelect;
export type ConversationNoteRow = typeof conversationNotes.$inferSelect;

// What a reviewer records on a conversation: labels ("reviewed", "bad input", any short text) and
// one free-text note. Stored in their own tables beside the conversation, never changed by a run,
// so they stay for as long as the conversation does and travel with it in exports.
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { NotFoundError } from '../../errors';
import type { RemoraDatabase } from '../client';
import { conversationLabels, conversationNotes, conversations } from '../schema';

export type ConversationReview = { labels: string[]; note: string | null };

export const MAX_LABEL_LENGTH = 60;
export const MAX_NOTE_LENGTH = 20_000;

/** A label as stored: trimmed, inner whitespace as single spaces. */
function normalizeLabel(label: string): string {
  return label.trim().replace(/\s+/g, ' ');
}

function experimentOf(database: RemoraDatabase, conversationId: string): string {
  const row = database
    .select({ experimentId: conversations.experimentId })
    .from(conversations)
    .where(eq(conversations.id, conversationId))
    .get();
  if (!row) throw new NotFoundError(`no conversation with id ${conversationId}`);
  return row.experimentId;
}

export function getConversationReview(database: RemoraDatabase, conversationId: string): ConversationReview {
  return conversationReviews(database, [conversationId]).get(conversationId) ?? { labels: [], note: null };
}

/** Labels and notes of many conversations at once (a list page, an export batch). */
export function conversationReviews(
  database: RemoraDatabase,
  conversationIds: string[],
): Map<string, ConversationReview> {
  const reviews = new Map<string, ConversationReview>();
  if (conversationIds.length === 0) return reviews;
  const entry = (id: string) => {
    let review = reviews.get(id);
    if (!review) reviews.set(id, (review = { labels: [], note: null }));
    return review;
  };
  const labels = database
    .select({ conversationId: conversationLabels.conversationId, label: conversationLabels.label })
    .from(conversationLabels)
    .where(inArray(conversationLabels.conversationId, conversationIds))
    // In the order they were added: two labels added in the same millisecond keep their insertion order
    // (the rowid), not the alphabet's.
    .orderBy(asc(conversationLabels.conversationId), asc(conversationLabels.createdAt), sql`rowid`)
    .all();
  for (const row of labels) entry(row.conversationId).labels.push(row.label);
  const notes = database
    .select({ conversationId: conversationNotes.conversationId, note: conversationNotes.note })
    .from(conversationNotes)
    .where(inArray(conversationNotes.conversationId, conversationIds))
    .all();
  for (const row of notes) entry(row.conversationId).note = row.note;
  return reviews;
}

export function addConversationLabel(
  database: RemoraDatabase,
  conversationId: string,
  label: string,
  now = Date.now(),
): ConversationReview {
  const clean = normalizeLabel(label);
  const experimentId = experimentOf(database, conversationId);
  database
    .insert(conversationLabels)
    .values({ conversationId, experimentId, label: clean, createdAt: now })
    .onConflictDoNothing()
    .run();
  return getConversationReview(database, conversationId);
}

export function removeConversationLabel(
  database: RemoraDatabase,
  conversationId: string,
  label: string,
): ConversationReview {
  experimentOf(database, conversationId);
  database
    .delete(conversationLabels)
    .where(
      and(eq(conversationLabels.conversationId, conversationId), eq(conversationLabels.label, normalizeLabel(label))),
    )
    .run();
  return getConversationReview(database, conversationId);
}

/** Sets the note; an empty one removes it. */
export function setConversationNote(
  database: RemoraDatabase,
  conversationId: string,
  note: string,
  now = Date.now(),
): ConversationReview {
  const experimentId = experimentOf(database, conversationId);
  if (note.trim() === '') {
    database.delete(conversationNotes).where(eq(conversationNotes.conversationId, conversationId)).run();
  } else {
    database
      .insert(conversationNotes)
      .values({ conversationId, experimentId, note, updatedAt: now })
      .onConflictDoUpdate({ target: conversationNotes.conversationId, set: { note, updatedAt: now } })
      .run();
  }
  return getConversationReview(database, conversationId);
}

export type LabelCount = { label: string; conversations: number };

/** The labels used, most used first: in one experiment, or in all. */
export function labelsInUse(database: RemoraDatabase, experimentId?: string): LabelCount[] {
  return database
    .select({ label: conversationLabels.label, conversations: count() })
    .from(conversationLabels)
    .where(experimentId !== undefined ? eq(conversationLabels.experimentId, experimentId) : undefined)
    .groupBy(conversationLabels.label)
    .orderBy(sql`count(*) desc`, asc(conversationLabels.label))
    .all();
}

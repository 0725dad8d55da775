// A reviewer's labels and note on a conversation, as the API takes them: one request can add and
// remove labels and set the note, applied in that order in one transaction.
import { immediateTransaction } from '../../db/transaction';
import { z } from 'zod';
import {
  addConversationLabel,
  getConversationReview,
  MAX_LABEL_LENGTH,
  MAX_NOTE_LENGTH,
  removeConversationLabel,
  setConversationNote,
  type ConversationReview,
} from '../../db/queries/conversation-review';
import type { PanelContext } from '../context';

const Label = z.string().trim().min(1).max(MAX_LABEL_LENGTH);

export const ReviewRequest = z
  .object({
    add: z.array(Label).max(20).optional(),
    remove: z.array(Label).max(20).optional(),
    /** The whole note; an empty one removes it. */
    note: z.string().max(MAX_NOTE_LENGTH).optional(),
  })
  .strict();
export type ReviewRequest = z.infer<typeof ReviewRequest>;

/** Labels offered with one click; any other short text can be typed. */
export const SUGGESTED_LABELS = ['reviewed', 'bad input', 'model wrong', 'interesting'] as const;

export function readReview(context: PanelContext, conversationId: string): ConversationReview {
  return getConversationReview(context.database, conversationId);
}

export function changeReview(
  context: PanelContext,
  conversationId: string,
  request: ReviewRequest,
): ConversationReview {
  const database = context.database;
  return immediateTransaction(database, () => {
    for (const label of request.add ?? []) addConversationLabel(database, conversationId, label);
    for (const label of request.remove ?? []) removeConversationLabel(database, conversationId, label);
    if (request.note !== undefined) setConversationNote(database, conversationId, request.note);
    return getConversationReview(database, conversationId);
  });
}

// Which conversations of an experiment become training data (lib/export): by default those that
// submitted and whose every call was valid (no failed request, no response with an invalid call).
import { and, asc, eq, inArray, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { Outcome } from '../../runner/types';
import type { RemoraDatabase } from '../client';
import { conversations, modelCalls } from '../schema';

export type TrainingSelection = {
  experimentId: string;
  variant?: string;
  /** Default ['submitted']. */
  outcomes?: Outcome[];
  /**
   * Default true: leave out a conversation with a failed request or a response whose calls were not all valid (a text
   * answer has no call to be invalid).
   */
  allCallsValid?: boolean;
  /** When set, only conversations whose task-success check said this. */
  taskSuccess?: boolean;
  limit?: number;
};

export function selectTrainingConversations(database: RemoraDatabase, selection: TrainingSelection): string[] {
  const conditions: SQL[] = [
    eq(conversations.experimentId, selection.experimentId),
    inArray(conversations.outcome, selection.outcomes ?? ['submitted']),
  ];
  if (selection.variant !== undefined) conditions.push(eq(conversations.variantName, selection.variant));
  if (selection.taskSuccess !== undefined) conditions.push(eq(conversations.taskSuccess, selection.taskSuccess));
  if (selection.allCallsValid ?? true) {
    const bad = database
      .select({ one: sql`1` })
      .from(modelCalls)
      .where(
        and(
          eq(modelCalls.conversationId, conversations.id),
          or(eq(modelCalls.status, 'error'), and(sql`${modelCalls.callCount} > 0`, eq(modelCalls.allValid, false))),
        ),
      );
    conditions.push(notExists(bad));
  }
  return database
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(...conditions))
    .orderBy(asc(conversations.variantIndex), asc(conversations.slot))
    .limit(selection.limit ?? -1)
    .all()
    .map((row) => row.id);
}

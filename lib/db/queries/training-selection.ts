// Which conversations of an experiment become training data (lib/export): by default its task
// successes whatever their outcome (when its conversations were judged; else those that submitted),
// with no failed request, no invalid call, and at least one call (a text answer after no call is
// never "every call valid"; only a task check that asked for no call makes one a success).
import { and, asc, eq, exists, inArray, isNotNull, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { Outcome } from '../../runner/types';
import type { RemoraDatabase } from '../client';
import { conversations, modelCalls } from '../schema';

export type TrainingSelection = {
  experimentId: string;
  variant?: string;
  /** Default: any outcome when selecting task successes, else ['submitted']. */
  outcomes?: Outcome[];
  /**
   * Default true: leave out a conversation with a failed request or a response whose calls were not all valid (a text
   * answer has no call to be invalid).
   */
  allCallsValid?: boolean;
  /**
   * Only conversations whose task-success check said this; 'any' for all. Default true when any conversation of the
   * experiment was judged, else 'any'.
   */
  taskSuccess?: boolean | 'any';
  limit?: number;
};

/** The task-success filter a selection applies: its own, or true when the experiment's conversations were judged. */
export function taskSuccessFilter(database: RemoraDatabase, selection: TrainingSelection): boolean | 'any' {
  if (selection.taskSuccess !== undefined) return selection.taskSuccess;
  const judged = database
    .select({ one: sql`1` })
    .from(conversations)
    .where(and(eq(conversations.experimentId, selection.experimentId), isNotNull(conversations.taskSuccess)))
    .limit(1)
    .all();
  return judged.length > 0 ? true : 'any';
}

export function selectTrainingConversations(database: RemoraDatabase, selection: TrainingSelection): string[] {
  const taskSuccess = taskSuccessFilter(database, selection);
  const conditions: SQL[] = [eq(conversations.experimentId, selection.experimentId)];
  const outcomes = selection.outcomes ?? (taskSuccess === true ? undefined : ['submitted']);
  if (outcomes) conditions.push(inArray(conversations.outcome, outcomes));
  if (selection.variant !== undefined) conditions.push(eq(conversations.variantName, selection.variant));
  if (taskSuccess !== 'any') conditions.push(eq(conversations.taskSuccess, taskSuccess));
  if (selection.allCallsValid ?? true) {
    const called = database
      .select({ one: sql`1` })
      .from(modelCalls)
      .where(and(eq(modelCalls.conversationId, conversations.id), sql`${modelCalls.callCount} > 0`));
    conditions.push(or(exists(called), eq(conversations.taskSuccess, true)) as SQL);
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

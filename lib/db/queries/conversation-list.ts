// The columns of a conversation list row and the parse paths added to each: shared by the plain
// list and the search (conversation-search.ts), so neither imports the other.
import { asc, inArray } from 'drizzle-orm';
import type { ParsePath } from '../../parsing/types';
import type { RemoraDatabase } from '../client';
import { conversations, modelCalls, type ConversationRow } from '../schema';

export type ConversationListItem = Omit<
  ConversationRow,
  'knowledge' | 'workspaceDiff' | 'result' | 'verdict' | 'taskCheck' | 'customCheck' | 'customCheckSuccess'
> & {
  /** The parse path of each model call in order (null for a failed request). */
  parsePaths: (ParsePath | null)[];
};

/** The columns of a list row: everything but the wide JSON of the outcome. */
export const CONVERSATION_LIST_FIELDS = {
  id: conversations.id,
  experimentId: conversations.experimentId,
  variantIndex: conversations.variantIndex,
  variantName: conversations.variantName,
  slot: conversations.slot,
  inputIndex: conversations.inputIndex,
  input: conversations.input,
  outcome: conversations.outcome,
  finalText: conversations.finalText,
  error: conversations.error,
  modelCallCount: conversations.modelCallCount,
  modelResponseCount: conversations.modelResponseCount,
  toolCallCount: conversations.toolCallCount,
  startedAt: conversations.startedAt,
  durationMs: conversations.durationMs,
  changedFiles: conversations.changedFiles,
  caseId: conversations.caseId,
  expectationKind: conversations.expectationKind,
  verdictScored: conversations.verdictScored,
  callCorrect: conversations.callCorrect,
  nameCorrect: conversations.nameCorrect,
  argumentsCorrect: conversations.argumentsCorrect,
  taskSuccess: conversations.taskSuccess,
};

/** Adds the parse path of each model call, in order, to list rows (one query for the page). */
export function withParsePaths<Row extends { id: string }>(
  database: RemoraDatabase,
  rows: Row[],
): (Row & { parsePaths: (ParsePath | null)[] })[] {
  const paths = new Map<string, (ParsePath | null)[]>(rows.map((row) => [row.id, []]));
  if (rows.length > 0) {
    const callRows = database
      .select({ conversationId: modelCalls.conversationId, parsePath: modelCalls.parsePath })
      .from(modelCalls)
      .where(
        inArray(
          modelCalls.conversationId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(modelCalls.conversationId), asc(modelCalls.id))
      .all();
    for (const call of callRows) paths.get(call.conversationId)?.push(call.parsePath);
  }
  return rows.map((row) => ({ ...row, parsePaths: paths.get(row.id) ?? [] }));
}

// The model judge's rows (lib/db/tables/judge.ts): its prompts, saved as new versions only when the
// text changed, and its verdicts, written per run over an experiment; the summary reads the latest
// run's verdicts as sums per variant and input.
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { RemoraDatabase } from '../client';
import { conversations, judgePrompts, judgeVerdicts, messages, type JudgeOutcome } from '../schema';

export type JudgePromptRow = typeof judgePrompts.$inferSelect;

/** The prompt of that name with this text: its latest version when the text is the same, else a new version. */
export function saveJudgePrompt(
  database: RemoraDatabase,
  name: string,
  text: string,
  now = Date.now(),
): JudgePromptRow {
  return database.transaction((tx) => {
    const latest = tx
      .select()
      .from(judgePrompts)
      .where(eq(judgePrompts.name, name))
      .orderBy(desc(judgePrompts.version))
      .limit(1)
      .get();
    if (latest && latest.text === text) return latest;
    const row = { id: randomUUID(), name, version: (latest?.version ?? 0) + 1, text, createdAt: now };
    tx.insert(judgePrompts).values(row).run();
    return row;
  });
}

/** What the judge reads of a conversation: where it belongs, its outcome and its messages in order. */
export type JudgeTarget = { id: string; variantIndex: number; inputIndex: number; outcome: string };

/** The conversations a judge run looks at: all but the cancelled ones (they say nothing about the model). */
export function listJudgeTargets(database: RemoraDatabase, experimentId: string): JudgeTarget[] {
  return database
    .select({
      id: conversations.id,
      variantIndex: conversations.variantIndex,
      inputIndex: conversations.inputIndex,
      outcome: conversations.outcome,
    })
    .from(conversations)
    .where(and(eq(conversations.experimentId, experimentId), ne(conversations.outcome, 'cancelled')))
    .orderBy(asc(conversations.variantIndex), asc(conversations.slot))
    .all();
}

export function conversationMessages(database: RemoraDatabase, conversationId: string) {
  return database
    .select({ role: messages.role, content: messages.content, toolCalls: messages.toolCalls, name: messages.name })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.position))
    .all();
}

export type NewJudgeVerdict = {
  target: JudgeTarget;
  outcome: JudgeOutcome;
  reason: string;
};

/** Stores one verdict of a run. */
export function insertJudgeVerdict(
  database: RemoraDatabase,
  run: { experimentId: string; runId: string; promptId: string; model: string },
  verdict: NewJudgeVerdict,
  now = Date.now(),
): void {
  database
    .insert(judgeVerdicts)
    .values({
      conversationId: verdict.target.id,
      experimentId: run.experimentId,
      variantIndex: verdict.target.variantIndex,
      inputIndex: verdict.target.inputIndex,
      promptId: run.promptId,
      model: run.model,
      outcome: verdict.outcome,
      reason: verdict.reason,
      runId: run.runId,
      createdAt: now,
    })
    .run();
}

/** The experiment's latest judge run, or null when no judge looked at it. */
export function latestJudgeRun(database: RemoraDatabase, experimentId: string): string | null {
  const row = database
    .select({ runId: judgeVerdicts.runId })
    .from(judgeVerdicts)
    .where(eq(judgeVerdicts.experimentId, experimentId))
    .orderBy(desc(judgeVerdicts.createdAt), desc(sql`rowid`))
    .limit(1)
    .get();
  return row?.runId ?? null;
}

export type JudgeCounts = { variantIndex: number; inputIndex: number; judged: number; passed: number };

/** The latest run's verdicts per variant and input: judged (pass or fail; errors left out) and passed. */
export function judgeCounts(database: RemoraDatabase, experimentId: string): JudgeCounts[] {
  const runId = latestJudgeRun(database, experimentId);
  if (runId === null) return [];
  return database
    .select({
      variantIndex: judgeVerdicts.variantIndex,
      inputIndex: judgeVerdicts.inputIndex,
      judged: sql<number>`sum(${judgeVerdicts.outcome} != 'error')`.mapWith(Number),
      passed: sql<number>`sum(${judgeVerdicts.outcome} = 'pass')`.mapWith(Number),
    })
    .from(judgeVerdicts)
    .where(and(eq(judgeVerdicts.experimentId, experimentId), eq(judgeVerdicts.runId, runId)))
    .groupBy(judgeVerdicts.variantIndex, judgeVerdicts.inputIndex)
    .all();
}

export type ConversationJudgeVerdict = {
  outcome: JudgeOutcome;
  reason: string;
  model: string;
  promptName: string;
  promptVersion: number;
  createdAt: number;
};

/** Every judge verdict on a conversation, newest first, with the prompt version it was made with. */
export function conversationJudgeVerdicts(
  database: RemoraDatabase,
  conversationId: string,
): ConversationJudgeVerdict[] {
  return database
    .select({
      outcome: judgeVerdicts.outcome,
      reason: judgeVerdicts.reason,
      model: judgeVerdicts.model,
      promptName: judgePrompts.name,
      promptVersion: judgePrompts.version,
      createdAt: judgeVerdicts.createdAt,
    })
    .from(judgeVerdicts)
    .innerJoin(judgePrompts, eq(judgePrompts.id, judgeVerdicts.promptId))
    .where(eq(judgeVerdicts.conversationId, conversationId))
    .orderBy(desc(judgeVerdicts.createdAt), desc(sql`${judgeVerdicts}.rowid`))
    .all();
}

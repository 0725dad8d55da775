// Accuracy of dataset experiments, aggregated in SQL: verdict flags per variant for the metrics,
// the confusion table of expected against called tool names, and the verdict of each case.
import { and, asc, count, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { NO_CALL, type Verdict } from '../../datasets/verdict';
import type { Expectation } from '../../protocol/expectation';
import type { AccuracyFacts } from '../../metrics/types';
import { confusionOf, type Confusion } from '../../metrics/confusion';

export type { Confusion } from '../../metrics/confusion';
import type { RemoraDatabase } from '../client';
import { datasetOf, storedDatasetRun, variantNamesOf, storedConfigOf } from '../experiment-config';
import { callScores, conversations, experimentCases, experiments } from '../schema';
import { experimentCaseAt } from './experiment-cases';

/** Verdicts grouped by variant and flags (over conversations_accuracy_index). */
export function getAccuracyFacts(
  database: RemoraDatabase,
  experimentId: string,
  variantName: (index: number) => string,
): AccuracyFacts[] {
  const groups = database
    .select({
      variantIndex: conversations.variantIndex,
      kind: conversations.expectationKind,
      scored: conversations.verdictScored,
      correct: conversations.callCorrect,
      nameCorrect: conversations.nameCorrect,
      argumentsCorrect: conversations.argumentsCorrect,
      count: count(),
    })
    .from(conversations)
    .where(and(eq(conversations.experimentId, experimentId), isNotNull(conversations.expectationKind)))
    .groupBy(
      conversations.variantIndex,
      conversations.expectationKind,
      conversations.verdictScored,
      conversations.callCorrect,
      conversations.nameCorrect,
      conversations.argumentsCorrect,
    )
    .all();
  return groups.map((group) => ({
    variant: variantName(group.variantIndex),
    kind: group.kind as 'call' | 'no_call',
    scored: group.scored === true,
    correct: group.correct === true,
    nameCorrect: group.nameCorrect,
    argumentsCorrect: group.argumentsCorrect,
    count: group.count,
  }));
}

function resolveVariant(
  database: RemoraDatabase,
  experimentId: string,
  variant: string | number,
): { index: number; name: string } | null {
  const config = storedConfigOf(database, experimentId);
  if (!config) return null;
  const names = variantNamesOf(config) ?? [];
  if (typeof variant === 'number') return { index: variant, name: names[variant] ?? `variant ${variant}` };
  const index = names.indexOf(variant);
  if (index >= 0) return { index, name: variant };
  const stored = database
    .select({ index: conversations.variantIndex })
    .from(conversations)
    .where(and(eq(conversations.experimentId, experimentId), eq(conversations.variantName, variant)))
    .limit(1)
    .get();
  return stored ? { index: stored.index, name: variant } : null;
}

/** The confusion table of one variant (by name or index); null for an unknown experiment or variant. */
export function getConfusion(
  database: RemoraDatabase,
  experimentId: string,
  variant: string | number,
): Confusion | null {
  const resolved = resolveVariant(database, experimentId, variant);
  if (!resolved) return null;
  const groups = database
    .select({ expected: callScores.expectedName, called: callScores.calledName, count: count() })
    .from(callScores)
    .where(and(eq(callScores.experimentId, experimentId), eq(callScores.variantIndex, resolved.index)))
    .groupBy(callScores.expectedName, callScores.calledName)
    .all();
  const cells = groups.map((group) => ({
    expected: group.expected ?? NO_CALL,
    called: group.called ?? NO_CALL,
    count: group.count,
  }));
  return confusionOf(resolved.name, cells);
}

export type CaseVerdict = {
  conversationId: string;
  variantIndex: number;
  variantName: string;
  slot: number;
  inputIndex: number;
  /** dataset_cases.id */
  caseId: string | null;
  /** The case's own id in its set. */
  caseKey: string | null;
  verdict: Verdict | null;
};

export type CaseVerdictFilter = {
  variant?: string;
  /** Only verdicts that were scored and are not right. */
  onlyWrong?: boolean;
  limit?: number;
  offset?: number;
};

/** The verdict of each conversation of a dataset experiment, in variant and slot order. */
export function listCaseVerdicts(
  database: RemoraDatabase,
  experimentId: string,
  filter: CaseVerdictFilter = {},
): CaseVerdict[] {
  const config = storedConfigOf(database, experimentId);
  if (!config) return [];
  const dataset = datasetOf(config);
  const conditions: SQL[] = [eq(conversations.experimentId, experimentId)];
  if (filter.variant !== undefined) conditions.push(eq(conversations.variantName, filter.variant));
  // Wrong: scored and not right (a case whose request failed was not answered at all).
  if (filter.onlyWrong) conditions.push(eq(conversations.callCorrect, false), eq(conversations.verdictScored, true));
  const rows = database
    .select({
      conversationId: conversations.id,
      variantIndex: conversations.variantIndex,
      variantName: conversations.variantName,
      slot: conversations.slot,
      inputIndex: conversations.inputIndex,
      caseId: conversations.caseId,
      verdict: conversations.verdict,
      storedKey: experimentCases.caseKey,
    })
    .from(conversations)
    // The case keys of an experiment whose cases are in experiment_cases rather than in its config.
    .leftJoin(
      experimentCases,
      and(
        eq(experimentCases.experimentId, conversations.experimentId),
        eq(experimentCases.position, conversations.inputIndex),
      ),
    )
    .where(and(...conditions))
    .orderBy(asc(conversations.variantIndex), asc(conversations.slot))
    .limit(filter.limit ?? -1)
    .offset(filter.offset ?? 0)
    .all();
  return rows.map(({ storedKey, ...row }) => ({
    ...row,
    caseKey: dataset?.cases[row.inputIndex]?.key ?? storedKey ?? null,
  }));
}

export type ConversationCase = {
  /** dataset_cases.id and the case's own id in its set. */
  caseId: string | null;
  caseKey: string | null;
  /** What the case expected, as the experiment ran it (its own copy: later edits of the set do not change it). */
  expectation: Expectation | null;
  verdict: Verdict | null;
};

/**
 * The case a conversation ran, its expected call and the verdict on its first response (for a
 * transcript that shows the expected call beside the actual one); null when the conversation is
 * not part of a dataset experiment.
 */
export function getConversationCase(database: RemoraDatabase, conversationId: string): ConversationCase | null {
  const row = database
    .select({
      experimentId: conversations.experimentId,
      inputIndex: conversations.inputIndex,
      caseId: conversations.caseId,
      verdict: conversations.verdict,
      config: experiments.config,
    })
    .from(conversations)
    .innerJoin(experiments, eq(experiments.id, conversations.experimentId))
    .where(eq(conversations.id, conversationId))
    .get();
  if (!row) return null;
  const dataset = storedDatasetRun(row.config);
  const runCase = dataset?.cases[row.inputIndex] ?? experimentCaseAt(database, row.experimentId, row.inputIndex);
  if (!runCase) return null;
  return {
    caseId: row.caseId ?? runCase.caseId,
    caseKey: runCase.key,
    expectation: runCase.expect,
    verdict: row.verdict,
  };
}

/** One case's verdicts for one variant: what a comparison paired by case needs. */
export type CaseFacts = { variant: string; inputIndex: number; caseId: string | null; scored: number; correct: number };

/**
 * Per variant and case (input): how many conversations were scored and how many were right. Both
 * variants of a dataset experiment run the same cases, so accuracy can be compared pair by pair.
 */
export function getCaseFacts(
  database: RemoraDatabase,
  experimentId: string,
  variantName: (index: number) => string,
): CaseFacts[] {
  const rows = database
    .select({
      variantIndex: conversations.variantIndex,
      inputIndex: conversations.inputIndex,
      caseId: conversations.caseId,
      scored: count(conversations.id),
      correct: sql<number>`sum(case when ${conversations.callCorrect} = 1 then 1 else 0 end)`,
    })
    .from(conversations)
    .where(
      and(
        eq(conversations.experimentId, experimentId),
        eq(conversations.verdictScored, true),
        eq(conversations.expectationKind, 'call'),
      ),
    )
    .groupBy(conversations.variantIndex, conversations.inputIndex, conversations.caseId)
    .orderBy(asc(conversations.variantIndex), asc(conversations.inputIndex))
    .all();
  return rows.map((row) => ({
    variant: variantName(row.variantIndex),
    inputIndex: row.inputIndex,
    caseId: row.caseId,
    scored: row.scored,
    correct: Number(row.correct),
  }));
}

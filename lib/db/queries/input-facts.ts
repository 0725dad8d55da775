// The per-input facts of an experiment (lib/metrics/types.ts InputFacts) recomputed from the
// rows: conversations grouped by variant, input and what the metrics read of them; model calls
// and tool errors joined to their conversation's input. The live counters must agree with this.
import { and, count, eq, isNotNull, lt, sql, sum, type SQL } from 'drizzle-orm';
import { blankInputFacts } from '../../metrics/input-facts';
import type { InputFacts } from '../../metrics/types';
import type { ParsePath } from '../../parsing/types';
import type { RemoraDatabase } from '../client';
import { conversations, modelCalls, toolExecutions } from '../schema';

/** The error kind of a model request that failed after its last attempt (as metrics-facts.ts names it). */
const MODEL_REQUEST_FAILED = 'model_request_failed';

export type InputFactsOptions = {
  /**
   * Only the first repeat of each input (the conversation whose slot is its input index, as the
   * experiment's slots cycle over its inputs); `inputCount` bounds the slots read when known.
   */
  firstRepeatOnly?: { inputCount: number | null };
};

/** No conversation yet: every count 0 (the live counters start here too). */
export const emptyInputFacts = blankInputFacts;

function addTo<Key extends string | number>(record: Partial<Record<Key, number>>, key: Key, amount: number): void {
  record[key] = (record[key] ?? 0) + amount;
}

/** Conversations of one experiment, optionally only first repeats. */
function conversationFilter(experimentId: string, options: InputFactsOptions): SQL | undefined {
  if (!options.firstRepeatOnly) return eq(conversations.experimentId, experimentId);
  const { inputCount } = options.firstRepeatOnly;
  return and(
    eq(conversations.experimentId, experimentId),
    sql`${conversations.slot} = ${conversations.inputIndex}`,
    inputCount === null ? undefined : lt(conversations.slot, inputCount),
  );
}

type FactsOf = (variantIndex: number, input: number) => InputFacts;

/** Outcomes, turns, checks and verdicts, grouped in SQL. */
function addConversationGroups(
  database: RemoraDatabase,
  experimentId: string,
  filter: SQL | undefined,
  factsOf: FactsOf,
): void {
  const conversationGroups = database
    .select({
      variantIndex: conversations.variantIndex,
      input: conversations.inputIndex,
      outcome: conversations.outcome,
      responses: conversations.modelResponseCount,
      kind: conversations.expectationKind,
      scored: conversations.verdictScored,
      correct: conversations.callCorrect,
      nameCorrect: conversations.nameCorrect,
      argumentsCorrect: conversations.argumentsCorrect,
      taskSuccess: conversations.taskSuccess,
      customCheckSuccess: conversations.customCheckSuccess,
      count: count(),
    })
    .from(conversations)
    .where(filter)
    .groupBy(
      conversations.variantIndex,
      conversations.inputIndex,
      conversations.outcome,
      conversations.modelResponseCount,
      conversations.expectationKind,
      conversations.verdictScored,
      conversations.callCorrect,
      conversations.nameCorrect,
      conversations.argumentsCorrect,
      conversations.taskSuccess,
      conversations.customCheckSuccess,
    )
    .all();
  for (const group of conversationGroups) {
    const fact = factsOf(group.variantIndex, group.input);
    fact.conversations += group.count;
    addTo(fact.outcomes, group.outcome, group.count);
    if (group.outcome === 'submitted') addTo(fact.completedTurns, group.responses, group.count);
    if (group.taskSuccess !== null) {
      fact.taskJudged += group.count;
      if (group.taskSuccess) fact.taskSuccesses += group.count;
    }
    if (group.customCheckSuccess !== null) {
      fact.customJudged += group.count;
      if (group.customCheckSuccess) fact.customSuccesses += group.count;
    }
    if (group.scored !== true) continue;
    if (group.kind === 'call') {
      fact.expectedCalls += group.count;
      if (group.correct === true) fact.correctCalls += group.count;
      if (group.nameCorrect === true) fact.correctNames += group.count;
      if (group.nameCorrect === true && group.argumentsCorrect === true) fact.correctArguments += group.count;
    } else if (group.kind === 'no_call') {
      fact.expectedNoCalls += group.count;
      if (group.correct === true) fact.correctNoCalls += group.count;
    }
  }
}

/** Model requests, their calls and parse paths. */
function addCallGroups(
  database: RemoraDatabase,
  experimentId: string,
  filter: SQL | undefined,
  factsOf: FactsOf,
): void {
  const callGroups = database
    .select({
      variantIndex: conversations.variantIndex,
      input: conversations.inputIndex,
      status: modelCalls.status,
      parsePath: modelCalls.parsePath,
      withCall: sql<number>`${modelCalls.callCount} > 0`.mapWith(Number),
      allValid: modelCalls.allValid,
      retries: sum(sql`${modelCalls.attempts} - 1`).mapWith(Number),
      retryWaitMs: sum(modelCalls.retryWaitMs).mapWith(Number),
      count: count(),
    })
    .from(modelCalls)
    .innerJoin(conversations, eq(conversations.id, modelCalls.conversationId))
    .where(and(eq(modelCalls.experimentId, experimentId), filter))
    .groupBy(
      conversations.variantIndex,
      conversations.inputIndex,
      modelCalls.status,
      modelCalls.parsePath,
      sql`${modelCalls.callCount} > 0`,
      modelCalls.allValid,
    )
    .all();
  for (const group of callGroups) {
    // A request a cancel cut short is neither a response nor a failure.
    if (group.status === 'cancelled') continue;
    const fact = factsOf(group.variantIndex, group.input);
    fact.modelRequests += group.count;
    fact.retries += group.retries;
    fact.retryWaitMs += group.retryWaitMs;
    if (group.status !== 'ok') {
      addTo(fact.errors, MODEL_REQUEST_FAILED, group.count);
      continue;
    }
    fact.modelResponses += group.count;
    if (group.withCall === 1) fact.toolCallResponses += group.count;
    if (group.allValid) fact.validCallResponses += group.count;
    if (group.parsePath !== null) addTo(fact.parsePaths, group.parsePath as ParsePath, group.count);
  }
}

/** Tool errors by kind. */
function addErrorGroups(
  database: RemoraDatabase,
  experimentId: string,
  filter: SQL | undefined,
  factsOf: FactsOf,
): void {
  const errorGroups = database
    .select({
      variantIndex: conversations.variantIndex,
      input: conversations.inputIndex,
      kind: sql<string>`${toolExecutions.errorKind}`,
      count: count(),
    })
    .from(toolExecutions)
    .innerJoin(conversations, eq(conversations.id, toolExecutions.conversationId))
    .where(and(eq(toolExecutions.experimentId, experimentId), isNotNull(toolExecutions.errorKind), filter))
    .groupBy(conversations.variantIndex, conversations.inputIndex, toolExecutions.errorKind)
    .all();
  for (const group of errorGroups) addTo(factsOf(group.variantIndex, group.input).errors, group.kind, group.count);
}

/** InputFacts per variant (by index) and input, in variant then input order. */
export function getInputFacts(
  database: RemoraDatabase,
  experimentId: string,
  variantName: (index: number) => string,
  options: InputFactsOptions = {},
): InputFacts[] {
  const facts = new Map<string, InputFacts>();
  const factsOf = (variantIndex: number, input: number) => {
    const key = `${variantIndex}:${input}`;
    let found = facts.get(key);
    if (!found) {
      found = emptyInputFacts(variantName(variantIndex), input);
      facts.set(key, found);
    }
    return found;
  };
  const filter = conversationFilter(experimentId, options);
  addConversationGroups(database, experimentId, filter, factsOf);
  addCallGroups(database, experimentId, filter, factsOf);
  addErrorGroups(database, experimentId, filter, factsOf);

  return [...facts.entries()]
    .sort(([first], [second]) => {
      const [variantA, inputA] = first.split(':').map(Number);
      const [variantB, inputB] = second.split(':').map(Number);
      return variantA - variantB || inputA - inputB;
    })
    .map(([, fact]) => fact);
}

// The facts the metrics need for one experiment, aggregated in SQL over covering indexes (see
// schema.ts). Identical facts come back as one group with a count and are expanded into repeated
// references to one frozen object, so 100,000 conversations never become 100,000 queried rows.
import { and, count, eq, isNotNull, sql, sum } from 'drizzle-orm';
import type { ConversationFacts, ErrorFacts, MetricsInput, ModelCallFacts } from '../../metrics/types';
import type { RemoraDatabase } from '../client';
import { expectationKindsOf, inputCountOf, variantNamesOf, storedConfigOf } from '../experiment-config';
import { getInputFacts } from './input-facts';
import { getAccuracyFacts } from './accuracy';
import { CALL_GROUP_COLUMNS, addCallGroup, aggregateModelCalls, repeat } from './response-stats';
import { conversations, modelCalls, toolExecutions } from '../schema';

const MODEL_REQUEST_FAILED = 'model_request_failed';

export type MetricsInputOptions = {
  /**
   * 'facts' (the default): one fact per model call with its latency and tokens. 'aggregate': calls
   * grouped without them, and latency quantiles and token sums per variant from SQLite
   * (MetricsInput.responses; see response-stats.ts): what summaries of large experiments use.
   */
  responses?: 'facts' | 'aggregate';
};

/** Facts of one experiment for lib/metrics, or null when there is no such experiment. */
export function getMetricsInput(
  database: RemoraDatabase,
  experimentId: string,
  options: MetricsInputOptions = {},
): MetricsInput | null {
  const config = storedConfigOf(database, experimentId);
  if (!config) return null;

  // Grouped in the order of conversations_variant_outcome_index, which covers the query.
  const conversationGroups = database
    .select({
      variantIndex: conversations.variantIndex,
      outcome: conversations.outcome,
      modelResponses: conversations.modelResponseCount,
      taskSuccess: conversations.taskSuccess,
      count: count(),
    })
    .from(conversations)
    .where(eq(conversations.experimentId, experimentId))
    .groupBy(
      conversations.variantIndex,
      conversations.outcome,
      conversations.modelResponseCount,
      conversations.taskSuccess,
    )
    .all();

  // Display order: the config's variants, then any index only the conversations know.
  const names = variantNamesOf(config) ?? [];
  const nameOf = new Map<number, string>(names.map((name, index) => [index, name]));
  for (const group of conversationGroups) {
    if (nameOf.has(group.variantIndex)) continue;
    const stored = database
      .select({ name: conversations.variantName })
      .from(conversations)
      .where(and(eq(conversations.experimentId, experimentId), eq(conversations.variantIndex, group.variantIndex)))
      .limit(1)
      .get();
    nameOf.set(group.variantIndex, stored?.name ?? `variant ${group.variantIndex}`);
  }
  const variantName = (index: number) => nameOf.get(index) ?? `variant ${index}`;

  const conversationFacts: ConversationFacts[] = [];
  for (const group of conversationGroups) {
    repeat(
      {
        variant: variantName(group.variantIndex),
        outcome: group.outcome,
        modelResponses: group.modelResponses,
        taskSuccess: group.taskSuccess,
      },
      group.count,
      conversationFacts,
    );
  }

  const aggregated =
    options.responses === 'aggregate' ? aggregateModelCalls(database, experimentId, variantName) : null;
  const callGroups = aggregated
    ? []
    : database
        .select({
          variantIndex: modelCalls.variantIndex,
          status: modelCalls.status,
          parsePath: modelCalls.parsePath,
          callCount: modelCalls.callCount,
          allValid: modelCalls.allValid,
          latencyMs: modelCalls.latencyMs,
          promptTokens: modelCalls.promptTokens,
          completionTokens: modelCalls.completionTokens,
          count: count(),
        })
        .from(modelCalls)
        .where(eq(modelCalls.experimentId, experimentId))
        // In the order of model_calls_metrics_index, which covers the query: no sort, no row reads.
        .groupBy(...CALL_GROUP_COLUMNS, modelCalls.latencyMs, modelCalls.promptTokens, modelCalls.completionTokens)
        .all();
  const callFacts: ModelCallFacts[] = aggregated?.facts ?? [];
  const failedRequests = aggregated?.failedRequests ?? new Map<number, number>();
  for (const group of callGroups) {
    // A request a cancel cut short is neither a response nor a failure.
    if (group.status === 'cancelled') continue;
    const { latencyMs, promptTokens, completionTokens } = group;
    addCallGroup(group, { latencyMs, promptTokens, completionTokens }, variantName, callFacts, failedRequests);
  }

  const errorGroups = database
    .select({
      variantIndex: toolExecutions.variantIndex,
      kind: sql<string>`${toolExecutions.errorKind}`,
      count: count(),
    })
    .from(toolExecutions)
    .where(and(eq(toolExecutions.experimentId, experimentId), isNotNull(toolExecutions.errorKind)))
    .groupBy(toolExecutions.variantIndex, toolExecutions.errorKind)
    .all();
  const errors: ErrorFacts[] = errorGroups.map((group) => ({
    variant: variantName(group.variantIndex),
    kind: group.kind,
    count: group.count,
  }));
  for (const [variantIndex, failed] of failedRequests) {
    errors.push({ variant: variantName(variantIndex), kind: MODEL_REQUEST_FAILED, count: failed });
  }

  // Over model_calls_confidence_index; only responses that carried logprobs have a value.
  const confidenceGroups = database
    .select({
      variantIndex: modelCalls.variantIndex,
      total: sum(modelCalls.toolNameConfidence).mapWith(Number),
      count: count(modelCalls.toolNameConfidence),
    })
    .from(modelCalls)
    .where(and(eq(modelCalls.experimentId, experimentId), isNotNull(modelCalls.toolNameConfidence)))
    .groupBy(modelCalls.variantIndex)
    .all();

  const indexes = [...nameOf.keys()].sort((first, second) => first - second);
  const facts: MetricsInput = {
    variants: indexes.map(variantName),
    conversations: conversationFacts,
    modelCalls: callFacts,
    errors,
  };
  if (aggregated) facts.responses = aggregated.responses;
  facts.inputs = getInputFacts(database, experimentId, variantName);
  facts.firstRepeats = getInputFacts(database, experimentId, variantName, {
    firstRepeatOnly: { inputCount: inputCountOf(config) },
  });
  if (confidenceGroups.length > 0) {
    facts.toolNameConfidence = confidenceGroups.map((group) => ({
      variant: variantName(group.variantIndex),
      total: group.total,
      count: group.count,
    }));
  }
  // Accuracy exists only for a dataset whose cases say what they expect.
  const kinds = expectationKindsOf(config);
  if (kinds.length > 0) facts.accuracy = { kinds, facts: getAccuracyFacts(database, experimentId, variantName) };
  return facts;
}

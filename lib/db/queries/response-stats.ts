// The model-call side of the metrics, aggregated by SQLite (getMetricsInput with responses
// 'aggregate'): calls grouped without their latency and tokens, token sums per variant, and the
// latency p50 and p95 per variant read from model_calls_latency_index as two order statistics
// each. The result equals what lib/metrics computes from one fact per call (tested side by side),
// but its cost does not grow with the number of distinct latencies.
import { and, asc, count, desc, eq, sum } from 'drizzle-orm';
import type { ModelCallFacts, ResponseFacts } from '../../metrics/types';
import type { RemoraDatabase } from '../client';
import { modelCalls } from '../schema';
import { quantileAt, quantilePosition } from '../../metrics/quantile-position';

export { quantileAt, quantilePosition } from '../../metrics/quantile-position';

/**
 * The latencies at two neighbouring positions of a variant's responses in latency order, read from
 * model_calls_latency_index (experiment, variant, status, latency). SQLite walks the index to an
 * offset, so a position in the upper half is read from the slow end instead.
 */
function latenciesAt(
  database: RemoraDatabase,
  experimentId: string,
  variantIndex: number,
  responses: number,
  lower: number,
  upper: number,
): [number, number] {
  const fromSlowEnd = lower >= responses / 2;
  const rows = database
    .select({ latencyMs: modelCalls.latencyMs })
    .from(modelCalls)
    .where(
      and(
        eq(modelCalls.experimentId, experimentId),
        eq(modelCalls.variantIndex, variantIndex),
        eq(modelCalls.status, 'ok'),
      ),
    )
    .orderBy(fromSlowEnd ? desc(modelCalls.latencyMs) : asc(modelCalls.latencyMs))
    .limit(upper - lower + 1)
    .offset(fromSlowEnd ? responses - 1 - upper : lower)
    .all()
    .map((row) => row.latencyMs);
  if (rows.length !== upper - lower + 1)
    throw new Error(
      `the responses of variant ${variantIndex} of experiment ${experimentId} changed while the metrics were read`,
    );
  return fromSlowEnd ? [rows[rows.length - 1], rows[0]] : [rows[0], rows[rows.length - 1]];
}

export function latencyQuantile(
  database: RemoraDatabase,
  experimentId: string,
  variantIndex: number,
  responses: number,
  q: number,
): number | null {
  const position = quantilePosition(responses, q);
  if (!position) return null;
  const [lower, upper] = latenciesAt(database, experimentId, variantIndex, responses, position.lower, position.upper);
  return quantileAt(position, (index) => (index === position.lower ? lower : upper));
}

export type AggregatedModelCalls = {
  /** One fact per call, repeated per group; latencyMs is NaN and tokens null (see ResponseFacts). */
  facts: ModelCallFacts[];
  /** Failed requests per variant index. */
  failedRequests: Map<number, number>;
  responses: ResponseFacts[];
};

/** Pushes the fact `times` times (one frozen object: groups of identical facts stay cheap). */
export function repeat<T extends object>(fact: T, times: number, into: T[]): void {
  const frozen = Object.freeze(fact);
  for (let index = 0; index < times; index += 1) into.push(frozen);
}

/** The leading columns of model_calls_metrics_index, in its order: grouping by them needs no sort. */
export const CALL_GROUP_COLUMNS = [
  modelCalls.variantIndex,
  modelCalls.parsePath,
  modelCalls.status,
  modelCalls.callCount,
  modelCalls.allValid,
] as const;

type CallGroup = Pick<ModelCallFacts, 'parsePath' | 'callCount' | 'allValid'> & {
  variantIndex: number;
  status: string;
  count: number;
};

/**
 * Adds a group of identical model calls (not cancelled ones) to the facts, with the latency and
 * tokens given, and counts a failed group in `failedRequests` by variant index.
 */
export function addCallGroup(
  group: CallGroup,
  measured: Pick<ModelCallFacts, 'latencyMs' | 'promptTokens' | 'completionTokens'>,
  variantName: (index: number) => string,
  facts: ModelCallFacts[],
  failedRequests: Map<number, number>,
): void {
  const ok = group.status === 'ok';
  if (!ok) failedRequests.set(group.variantIndex, (failedRequests.get(group.variantIndex) ?? 0) + group.count);
  repeat(
    {
      variant: variantName(group.variantIndex),
      ok,
      parsePath: ok ? group.parsePath : null,
      callCount: group.callCount,
      allValid: group.allValid,
      ...measured,
    },
    group.count,
    facts,
  );
}

/** What a fact of an aggregated group carries instead of a call's own latency and tokens (see ResponseFacts). */
const UNMEASURED = { latencyMs: Number.NaN, promptTokens: null, completionTokens: null };

export function aggregateModelCalls(
  database: RemoraDatabase,
  experimentId: string,
  variantName: (index: number) => string,
): AggregatedModelCalls {
  const groups = database
    .select({
      variantIndex: modelCalls.variantIndex,
      parsePath: modelCalls.parsePath,
      status: modelCalls.status,
      callCount: modelCalls.callCount,
      allValid: modelCalls.allValid,
      count: count(),
      promptTokens: sum(modelCalls.promptTokens).mapWith(Number),
      promptReported: count(modelCalls.promptTokens),
      completionTokens: sum(modelCalls.completionTokens).mapWith(Number),
      completionReported: count(modelCalls.completionTokens),
    })
    .from(modelCalls)
    .where(eq(modelCalls.experimentId, experimentId))
    // A prefix of model_calls_metrics_index, which covers the query: no sort, no row reads.
    .groupBy(...CALL_GROUP_COLUMNS)
    .all();

  const facts: ModelCallFacts[] = [];
  const failedRequests = new Map<number, number>();
  const perVariant = new Map<
    number,
    { responses: number; prompt: number; promptReported: number; completion: number; completionReported: number }
  >();
  for (const group of groups) {
    // A request a cancel cut short is neither a response nor a failure.
    if (group.status === 'cancelled') continue;
    addCallGroup(group, UNMEASURED, variantName, facts, failedRequests);
    if (group.status !== 'ok') continue;
    const totals = perVariant.get(group.variantIndex) ?? {
      responses: 0,
      prompt: 0,
      promptReported: 0,
      completion: 0,
      completionReported: 0,
    };
    totals.responses += group.count;
    totals.prompt += group.promptReported > 0 ? group.promptTokens : 0;
    totals.promptReported += group.promptReported;
    totals.completion += group.completionReported > 0 ? group.completionTokens : 0;
    totals.completionReported += group.completionReported;
    perVariant.set(group.variantIndex, totals);
  }

  const responses: ResponseFacts[] = [...perVariant.entries()].map(([variantIndex, totals]) => ({
    variant: variantName(variantIndex),
    latencyMs: {
      p50: latencyQuantile(database, experimentId, variantIndex, totals.responses, 0.5),
      p95: latencyQuantile(database, experimentId, variantIndex, totals.responses, 0.95),
    },
    // Unknown is not zero: no reported usage at all is null, as lib/metrics' sums have it.
    tokens: {
      prompt: totals.promptReported > 0 ? totals.prompt : null,
      completion: totals.completionReported > 0 ? totals.completion : null,
    },
  }));
  return { facts, failedRequests, responses };
}

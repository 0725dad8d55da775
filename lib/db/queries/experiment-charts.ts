// What the experiment page's charts need beyond the summary, aggregated in SQL over covering
// indexes so that 100,000 conversations come back as a few hundred groups.
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { RemoraDatabase } from '../client';
import { conversations, modelCalls } from '../schema';

/** Submitted conversations per variant and number of model responses (turns to completion). */
export function getTurnsGroups(
  database: RemoraDatabase,
  experimentId: string,
): { variantIndex: number; turns: number; count: number }[] {
  // Over conversations_variant_outcome_index (experiment, variant, outcome, responses): no row reads.
  return database
    .select({ variantIndex: conversations.variantIndex, turns: conversations.modelResponseCount, count: count() })
    .from(conversations)
    .where(and(eq(conversations.experimentId, experimentId), eq(conversations.outcome, 'submitted')))
    .groupBy(conversations.variantIndex, conversations.modelResponseCount)
    .all();
}

/**
 * The fastest and slowest model response of the experiment (failed requests left out, as in the
 * summary): two ends of model_calls_latency_index per variant, so no scan of every call.
 */
export function getLatencyRange(
  database: RemoraDatabase,
  experimentId: string,
  variantIndexes: number[],
): { minimumMs: number | null; maximumMs: number | null } {
  let minimumMs: number | null = null;
  let maximumMs: number | null = null;
  for (const variantIndex of variantIndexes) {
    const where = and(
      eq(modelCalls.experimentId, experimentId),
      eq(modelCalls.variantIndex, variantIndex),
      eq(modelCalls.status, 'ok'),
    );
    const fastest = database
      .select({ latencyMs: modelCalls.latencyMs })
      .from(modelCalls)
      .where(where)
      .orderBy(asc(modelCalls.latencyMs))
      .limit(1)
      .get();
    const slowest = database
      .select({ latencyMs: modelCalls.latencyMs })
      .from(modelCalls)
      .where(where)
      .orderBy(desc(modelCalls.latencyMs))
      .limit(1)
      .get();
    if (fastest) minimumMs = minimumMs === null ? fastest.latencyMs : Math.min(minimumMs, fastest.latencyMs);
    if (slowest) maximumMs = maximumMs === null ? slowest.latencyMs : Math.max(maximumMs, slowest.latencyMs);
  }
  return { minimumMs, maximumMs };
}

/**
 * Model responses per variant and latency bucket: bucket i holds [i*width, (i+1)*width), and
 * `lastIndex` also everything slower.
 */
export function getLatencyGroups(
  database: RemoraDatabase,
  experimentId: string,
  width: number,
  lastIndex: number,
): { variantIndex: number; bucket: number; count: number }[] {
  const bucket = sql<number>`min(cast(${modelCalls.latencyMs} / ${width} as integer), ${lastIndex})`;
  return database
    .select({ variantIndex: modelCalls.variantIndex, bucket, count: count() })
    .from(modelCalls)
    .where(and(eq(modelCalls.experimentId, experimentId), eq(modelCalls.status, 'ok')))
    .groupBy(modelCalls.variantIndex, bucket)
    .all();
}

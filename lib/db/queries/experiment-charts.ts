// What the experiment page's charts need beyond the summary, aggregated in SQL over covering
// indexes so that 100,000 conversations come back as a few hundred groups.
import { and, count, eq, max, min, sql } from 'drizzle-orm';
import type { RemoraDatabase } from '../client';
import { conversations, modelCalls } from '../schema';

/** Submitted conversations per variant and number of model responses (turns to completion). */
export function getTurnsGroups(database: RemoraDatabase, experimentId: string): { variantIndex: number; turns: number; count: number }[] {
  // Over conversations_variant_outcome_index (experiment, variant, outcome, responses): no row reads.
  return database
    .select({ variantIndex: conversations.variantIndex, turns: conversations.modelResponseCount, count: count() })
    .from(conversations)
    .where(and(eq(conversations.experimentId, experimentId), eq(conversations.outcome, 'submitted')))
    .groupBy(conversations.variantIndex, conversations.modelResponseCount)
    .all();
}

/** The fastest and slowest model response of the experiment (failed requests left out, as in the summary). */
export function getLatencyRange(database: RemoraDatabase, experimentId: string): { minimumMs: number | null; maximumMs: number | null } {
  const range = database
    .select({ minimumMs: min(modelCalls.latencyMs), maximumMs: max(modelCalls.latencyMs) })
    .from(modelCalls)
    .where(and(eq(modelCalls.experimentId, experimentId), eq(modelCalls.status, 'ok')))
    .get();
  return { minimumMs: range?.minimumMs ?? null, maximumMs: range?.maximumMs ?? null };
}

/**
 * Model responses per variant and latency bucket: bucket i holds [i*width, (i+1)*width), and
 * `lastIndex` also everything slower.
 */
export function getLatencyGroups(database: RemoraDatabase, experimentId: string, width: number, lastIndex: number): { variantIndex: number; bucket: number; count: number }[] {
  const bucket = sql<number>`min(cast(${modelCalls.latencyMs} / ${width} as integer), ${lastIndex})`;
  return database
    .select({ variantIndex: modelCalls.variantIndex, bucket, count: count() })
    .from(modelCalls)
    .where(and(eq(modelCalls.experimentId, experimentId), eq(modelCalls.status, 'ok')))
    .groupBy(modelCalls.variantIndex, bucket)
    .all();
}

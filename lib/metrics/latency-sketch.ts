// A latency sketch: counts of latencies in logarithmic buckets, each 2% wide, so that any
// quantile read from it is within 1% of a latency that was really measured (the DDSketch idea).
// It is a plain record of counts: two sketches add key by key, a conversation written later adds
// its own, and a recount from the rows gives exactly the same counts.
import { quantilePosition } from './quantile-position';

/** Bucket i holds latencies in (GAMMA^(i-1), GAMMA^i]; its representative is within 1% of both ends. */
const GAMMA = 1.02;
const LOG_GAMMA = Math.log(GAMMA);
/** Latencies at or below a microsecond share one bucket, shown as 0. */
const SMALLEST_MS = 0.001;
const ZERO_BUCKET = 'z';

export type LatencySketch = Record<string, number>;

/** The bucket a latency in milliseconds falls in (its key in a LatencySketch). */
function latencyBucket(latencyMs: number): string {
  if (!(latencyMs > SMALLEST_MS)) return ZERO_BUCKET;
  return String(Math.ceil(Math.log(latencyMs) / LOG_GAMMA));
}

export function addLatency(sketch: LatencySketch, latencyMs: number, count = 1): void {
  const bucket = latencyBucket(latencyMs);
  sketch[bucket] = (sketch[bucket] ?? 0) + count;
}

/** The value a bucket stands for: within 1% of every latency it holds. */
export function representative(bucket: string): number {
  if (bucket === ZERO_BUCKET) return 0;
  const index = Number(bucket);
  return (2 * GAMMA ** index) / (GAMMA + 1);
}

/**
 * The q-quantile of the sketched latencies by the rule lib/metrics uses for exact ones (type 7:
 * linear between the two neighbouring order statistics), each order statistic read as its
 * bucket's representative; null when the sketch is empty.
 */
export function sketchQuantile(sketch: LatencySketch, q: number): number | null {
  const buckets = Object.entries(sketch)
    .filter(([, count]) => count > 0)
    .map(([bucket, count]) => ({ value: representative(bucket), count }))
    .sort((first, second) => first.value - second.value);
  const total = buckets.reduce((sum, bucket) => sum + bucket.count, 0);
  const position = quantilePosition(total, q);
  if (!position) return null;
  const valueAt = (rank: number) => {
    let seen = 0;
    for (const bucket of buckets) {
      seen += bucket.count;
      if (rank < seen) return bucket.value;
    }
    return buckets[buckets.length - 1].value;
  };
  const lower = valueAt(position.lower);
  return position.exact ? lower : lower + position.fraction * (valueAt(position.upper) - lower);
}

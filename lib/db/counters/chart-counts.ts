// What the experiment page's charts need, read from the live summary counters instead of the
// rows: the turns histogram and the confusion tables exactly (the counters hold the same counts
// the GROUP BY queries in experiment-charts.ts and accuracy.ts return), and, while the experiment
// runs, the latency histogram from the variants' latency sketches.
import { NO_CALL } from '../../datasets/verdict';
import { confusionOf, type Confusion } from '../../metrics/confusion';
import { representative } from '../../metrics/latency-sketch';
import type { CounterSet } from './recount';

/** Submitted conversations per variant and number of model responses (as getTurnsGroups counts them). */
export function countedTurnsGroups(counters: CounterSet): { variantIndex: number; turns: number; count: number }[] {
  const counts = new Map<string, { variantIndex: number; turns: number; count: number }>();
  for (const [key, input] of counters.input) {
    const variantIndex = Number(key.split(':')[0]);
    for (const [turns, count] of Object.entries(input.completedTurns)) {
      if (count === 0) continue;
      const groupKey = `${variantIndex}:${turns}`;
      const group = counts.get(groupKey);
      if (group) group.count += count;
      else counts.set(groupKey, { variantIndex, turns: Number(turns), count });
    }
  }
  return [...counts.values()].sort(
    (first, second) => first.variantIndex - second.variantIndex || first.turns - second.turns,
  );
}

/** One variant's confusion table (as getConfusion gives it for that variant's index and name). */
export function countedConfusion(counters: CounterSet, variantIndex: number, variant: string): Confusion {
  const cells = Object.entries(counters.variant.get(variantIndex)?.confusion ?? {})
    .filter(([, count]) => count > 0)
    .map(([key, count]) => {
      const [expected, called] = JSON.parse(key) as [string | null, string | null];
      return { expected: expected ?? NO_CALL, called: called ?? NO_CALL, count };
    });
  return confusionOf(variant, cells);
}

/**
 * Model responses per variant and latency bucket (as getLatencyGroups cuts them: bucket i holds
 * [i*width, (i+1)*width), `lastIndex` everything slower), each sketch bucket counted in the bar
 * that holds its representative. A bar's edges are therefore within 1% (the sketch's accuracy):
 * a response near an edge may be shown in its neighbour. Only while the experiment runs; once it
 * ended the page counts the rows exactly.
 */
export function sketchedLatencyGroups(
  counters: CounterSet,
  width: number,
  lastIndex: number,
): { variantIndex: number; bucket: number; count: number }[] {
  const groups: { variantIndex: number; bucket: number; count: number }[] = [];
  for (const [variantIndex, counts] of [...counters.variant].sort(([first], [second]) => first - second)) {
    const byBucket = new Map<number, number>();
    for (const [key, count] of Object.entries(counts.latency)) {
      if (count === 0) continue;
      const bucket = Math.min(Math.floor(representative(key) / width), lastIndex);
      byBucket.set(bucket, (byBucket.get(bucket) ?? 0) + count);
    }
    for (const [bucket, count] of [...byBucket].sort(([first], [second]) => first - second))
      groups.push({ variantIndex, bucket, count });
  }
  return groups;
}

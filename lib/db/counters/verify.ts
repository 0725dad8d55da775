// `remora verify EXPERIMENT_ID`: the live summary counters against a recount from the rows. Every
// count must agree exactly; the sums of fractions (tool-name confidence, retry waits in
// milliseconds) may differ in the last bits, as floating-point addition depends on its order.
import { canonicalJson } from '../../canonical-json';
import type { RemoraDatabase } from '../client';
import { blankInputCounts, blankVariantCounts, type InputCounts, type VariantCounts } from './counts';
import { countersKept, readCounters } from './read-counters';
import { recountCounters } from './recount';

export type CounterCheck = {
  experimentId: string;
  /** Conversations the recount found. */
  conversations: number;
  /** Counter rows compared (variant and input rows). */
  rows: number;
  /** False for an experiment stored before the counters existed and not summarized since. */
  countersKept: boolean;
  /** One line per disagreement; empty when the counters agree. */
  differences: string[];
};

/** Sums of fractions, compared apart with a relative tolerance of 1e-9. */
const FRACTION_SUMS = ['confidenceTotal', 'retryWaitMs'] as const;

/**
 * Counts without the zero entries of their records (a key added with 0 says nothing), and with
 * the fields a row written before they existed lacks read as blank.
 */
function normalized(counts: InputCounts | VariantCounts | undefined, scope: 'input' | 'variant'): string {
  if (!counts) return 'none';
  const blank = scope === 'variant' ? blankVariantCounts() : blankInputCounts();
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries({ ...blank, ...counts })) {
    if ((FRACTION_SUMS as readonly string[]).includes(key)) continue;
    copy[key] =
      typeof value === 'object' && value !== null
        ? Object.fromEntries(Object.entries(value).filter(([, count]) => count !== 0))
        : value;
  }
  return canonicalJson(copy);
}

function closeEnough(first: number, second: number): boolean {
  return Math.abs(first - second) <= 1e-9 * Math.max(1, Math.abs(first), Math.abs(second));
}

function fraction(counts: InputCounts | VariantCounts | undefined, key: string): number {
  const value = (counts as Record<string, unknown> | undefined)?.[key];
  return typeof value === 'number' ? value : 0;
}

/** The sums of fractions of two rows whose counts agree, where they differ by more than rounding. */
function fractionDifferences(
  kept: InputCounts | VariantCounts | undefined,
  counted: InputCounts | VariantCounts | undefined,
): string[] {
  return FRACTION_SUMS.filter((key) => !closeEnough(fraction(kept, key), fraction(counted, key))).map(
    (key) => `${key}: kept ${fraction(kept, key)}, recounted ${fraction(counted, key)}`,
  );
}

export function verifyCounters(database: RemoraDatabase, experimentId: string): CounterCheck | null {
  const countersReady = countersKept(database, experimentId);
  if (countersReady === null) return null;
  // One read transaction: a runner storing conversations meanwhile cannot come between the two.
  return database.$client.transaction((): CounterCheck => {
    const kept = readCounters(database, experimentId);
    const counted = recountCounters(database, experimentId);
    const differences: string[] = [];
    let rows = 0;
    for (const scope of ['input', 'first'] as const) {
      for (const key of new Set([...kept[scope].keys(), ...counted[scope].keys()])) {
        rows += 1;
        const [keptText, countedText] = [
          normalized(kept[scope].get(key), 'input'),
          normalized(counted[scope].get(key), 'input'),
        ];
        const [keptCounts, countedCounts] = [kept[scope].get(key), counted[scope].get(key)];
        if (keptText !== countedText)
          differences.push(`${scope} counters of variant:input ${key}: kept ${keptText}, recounted ${countedText}`);
        else
          for (const line of fractionDifferences(keptCounts, countedCounts))
            differences.push(`${scope} counters of variant:input ${key}: ${line}`);
      }
    }
    for (const variantIndex of new Set([...kept.variant.keys(), ...counted.variant.keys()])) {
      rows += 1;
      const [keptCounts, countedCounts] = [kept.variant.get(variantIndex), counted.variant.get(variantIndex)];
      const [keptText, countedText] = [normalized(keptCounts, 'variant'), normalized(countedCounts, 'variant')];
      if (keptText !== countedText)
        differences.push(`variant ${variantIndex} counters: kept ${keptText}, recounted ${countedText}`);
      else
        for (const line of fractionDifferences(keptCounts, countedCounts))
          differences.push(`variant ${variantIndex} counters: ${line}`);
    }
    let conversations = 0;
    for (const counts of counted.input.values()) conversations += counts.conversations;
    if (!countersReady)
      differences.unshift(
        'the counters are not kept for this experiment yet (stored before they existed); its next summary counts them',
      );
    return { experimentId, conversations, rows, countersKept: countersReady, differences };
  })();
}

import type { Comparison } from './types';

type Metric = Comparison['metric'];

export const METRIC_LABELS: Record<Metric, string> = {
  toolCallRate: 'Tool-call rate',
  validCallRate: 'Valid-call rate',
  completionRate: 'Completion rate',
  turnsToCompletion: 'Turns to completion',
  callAccuracy: 'Call accuracy',
  nameAccuracy: 'Tool-name accuracy',
  argumentAccuracy: 'Argument accuracy',
  irrelevanceAccuracy: 'Irrelevance accuracy',
};

/** What variant b does, for rates: "<b> calls tools 12 points more often than <a>". */
const RATE_VERBS: Record<Exclude<Metric, 'turnsToCompletion'>, string> = {
  toolCallRate: 'calls tools',
  validCallRate: 'makes valid calls',
  completionRate: 'completes',
  callAccuracy: 'makes the whole call right',
  nameAccuracy: 'names the right tool',
  argumentAccuracy: 'gets the arguments right',
  irrelevanceAccuracy: 'declines irrelevant requests',
};

const MINUS = '\u2212';

/** A number with a typographic minus sign and no "-0". */
export function formatSigned(value: number, decimals: number): string {
  const text = value.toFixed(decimals);
  if (Number(text) === 0) return (0).toFixed(decimals);
  return text.startsWith('-') ? MINUS + text.slice(1) : text;
}

/**
 * Enough decimals to resolve the interval, no more: whole numbers when it spans 2 units or
 * more (or nothing: a point interval is exact), one decimal down to 0.2, else two. `minimum`
 * keeps e.g. turns at one decimal at least.
 */
export function decimalsFor(low: number, high: number, minimum = 0): number {
  const width = Math.abs(high - low);
  const needed = width >= 2 || width === 0 ? 0 : width >= 0.2 ? 1 : 2;
  return Math.max(minimum, needed);
}

/**
 * "p = 0.03", "p = 0.002", "p < 0.001": two decimals (three below 0.01), and never rounded up
 * across 0.05, where readers draw a line.
 */
export function formatPValue(pValue: number): string {
  if (pValue < 0.001) return 'p < 0.001';
  const rounded = (decimals: number) => Number(pValue.toFixed(decimals));
  let shown = rounded(pValue < 0.01 ? 3 : 2);
  if (pValue < 0.05 && shown >= 0.05) shown = rounded(3);
  if (pValue < 0.05 && shown >= 0.05) return 'p < 0.05';
  return `p = ${String(shown)}`;
}

function pValueSuffix(pValue: number | null): string {
  return pValue === null ? '' : `, ${formatPValue(pValue)}`;
}

/**
 * One comparison in plain words for people, e.g. "directive calls tools 12 points more often
 * than baseline (95% CI 5 to 19), p = 0.002". The interval is always of b − a. A difference
 * whose interval contains 0 is "no detectable difference", never a win.
 */
export function describeComparison(comparison: Comparison): string {
  const { a, b, metric, difference, low, high, pValue } = comparison;
  const label = METRIC_LABELS[metric];
  if (difference === null || low === null || high === null) {
    return `${label}: not enough data to compare ${a} and ${b}`;
  }
  const isTurns = metric === 'turnsToCompletion';
  // Rates are shown in percentage points.
  const scale = isTurns ? 1 : 100;
  const decimals = decimalsFor(low * scale, high * scale, isTurns ? 1 : 0);
  const interval = `(95% CI ${formatSigned(low * scale, decimals)} to ${formatSigned(high * scale, decimals)})`;
  if (!comparison.detectable || difference === 0) {
    return `${label}: no detectable difference between ${a} and ${b} ${interval}${pValueSuffix(pValue)}`;
  }
  const size = formatSigned(Math.abs(difference) * scale, decimals);
  const singular = Number(size) === 1;
  if (isTurns) {
    const direction = difference > 0 ? 'more' : 'fewer';
    return `${b} needs ${size} ${direction} ${singular ? 'turn' : 'turns'} on average than ${a} ${interval}${pValueSuffix(pValue)}`;
  }
  const direction = difference > 0 ? 'more' : 'less';
  const points = singular ? 'point' : 'points';
  return `${b} ${RATE_VERBS[metric]} ${size} ${points} ${direction} often than ${a} ${interval}${pValueSuffix(pValue)}`;
}

import type { Comparison } from './types';

type Metric = Comparison['metric'];

export const METRIC_LABELS: Record<Metric, string> = {
  toolCallRate: 'Tool-call rate',
  validCallRate: 'Valid-call rate',
  completionRate: 'Completion rate',
  taskSuccessRate: 'Task success rate',
  customCheckRate: 'Custom check pass rate',
  judgePassRate: 'Model judge pass rate',
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
  taskSuccessRate: 'does its task',
  customCheckRate: 'passes the custom check',
  judgePassRate: 'passes the model judge',
  callAccuracy: 'makes the whole call right',
  nameAccuracy: 'names the right tool',
  argumentAccuracy: 'gets the arguments right',
  irrelevanceAccuracy: 'declines irrelevant requests',
};

const MINUS = '\u2212';

/** What every difference measures (one definition for the CLI, both pages and the JSON's `effect`). */
export const EFFECT_NOTE =
  'each difference is the second variant minus the first: of the pooled rates in the table, in percentage ' +
  'points, and of the mean turns per completed conversation';

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

/** What the sentence builder reads of a comparison: the summary's own, or its JSON. */
export type ComparisonWords = Pick<Comparison, 'a' | 'b' | 'metric' | 'difference' | 'low' | 'high' | 'pValue'> &
  Partial<
    Pick<
      Comparison,
      | 'p'
      | 'pAdjusted'
      | 'detectable'
      | 'anytime'
      | 'reason'
      | 'paired'
      | 'method'
      | 'inference'
      | 'inputs'
      | 'moreInputs'
      | 'noWorse'
      | 'uninformative'
    >
  >;

/** "12.5" points or turns, without trailing zeros. */
const amount = (value: number) => String(Number(value.toFixed(1)));

/** What more inputs would tell: the clause after an undecided sentence. */
function moreInputsClause(comparison: ComparisonWords, isTurns: boolean): string | null {
  const more = comparison.moreInputs;
  if (!more) return null;
  const size = isTurns ? `${amount(more.difference)}-turn` : `${amount(more.difference * 100)}-point`;
  return more.inputs > 0
    ? `about ${more.inputs} more distinct inputs would tell a ${size} difference`
    : `a ${size} difference would likely have shown with these inputs`;
}

/** "B is no worse than A within 5 points" or that it is not shown, when a margin was set. */
function noWorseClause(comparison: ComparisonWords): string | null {
  const noWorse = comparison.noWorse;
  if (!noWorse) return null;
  const margin = `${amount(noWorse.margin * 100)} points`;
  const { a, b } = comparison;
  return noWorse.holds
    ? `${b} is no worse than ${a} within ${margin} (the interval's low end is above ${MINUS}${margin})`
    : `${b} is not shown to be no worse than ${a} within ${margin}`;
}

/** "p = 0.01" and, when Holm changed it, "adjusted p = 0.04": the words follow the adjusted one. */
function pValueSuffix(p: number | null, adjusted: number | null | undefined): string {
  if (p === null) return '';
  const raw = formatPValue(p);
  if (adjusted === null || adjusted === undefined || adjusted === p) return `, ${raw}`;
  return `, ${raw}, adjusted ${formatPValue(adjusted)}`;
}

/**
 * Decimals that keep an interval that excludes 0 from showing a bound of 0 (or of the wrong sign)
 * once rounded, and one that includes 0 from looking as if it did not.
 */
function decimalsThatAgree(low: number, high: number, minimum: number, excludesZero: boolean): number {
  let decimals = decimalsFor(low, high, minimum);
  const agrees = (places: number) => {
    const shownLow = Number(low.toFixed(places));
    const shownHigh = Number(high.toFixed(places));
    return excludesZero ? shownLow > 0 || shownHigh < 0 : shownLow <= 0 && shownHigh >= 0;
  };
  while (!agrees(decimals) && decimals < 4) decimals++;
  return decimals;
}

/**
 * One comparison in plain words for people, e.g. "directive calls tools 12 points more often
 * than baseline (95% CI 5 to 19), p = 0.002"; the one builder of these sentences for the command
 * line and the panel. The interval is always of b − a. While the experiment runs it is the live,
 * anytime-valid interval (valid however often it is read). A difference is called one only when
 * the (Holm-adjusted) p-value is below 0.05 and the interval excludes 0; otherwise "no detectable
 * difference", never a win. Turns count completed conversations only, and the sentence says so.
 */
export function describeComparison(comparison: ComparisonWords): string {
  const { a, b, metric } = comparison;
  const label = METRIC_LABELS[metric];
  const live = comparison.anytime;
  const difference = live ? live.difference : comparison.difference;
  const low = live ? live.low : comparison.low;
  const high = live ? live.high : comparison.high;
  const p = live ? live.p : (comparison.p ?? comparison.pValue);
  const adjusted = live ? live.pAdjusted : comparison.pAdjusted;
  const isTurns = metric === 'turnsToCompletion';
  if (difference === null || low === null || high === null) {
    if (comparison.reason) return `${label}: no verdict between ${a} and ${b} yet: ${comparison.reason}`;
    return `${label}: not enough data to compare ${a} and ${b}`;
  }
  const excludesZero = low > 0 || high < 0;
  const detectable = comparison.detectable ?? (excludesZero && (adjusted ?? p ?? 0) < 0.05);
  // Rates are shown in percentage points.
  const scale = isTurns ? 1 : 100;
  const decimals = decimalsThatAgree(low * scale, high * scale, isTurns ? 1 : 0, excludesZero);
  // After an early stop the numbers are the confidence sequence's, without the live object.
  const sequence = !live && comparison.inference === 'anytime-valid';
  const kind = live
    ? 'live 95% CI, valid at any look'
    : sequence
      ? '95% confidence sequence, valid at any look'
      : '95% CI';
  const interval = `(${kind} ${formatSigned(low * scale, decimals)} to ${formatSigned(high * scale, decimals)})`;
  const among = isTurns ? ' among completed conversations' : '';
  const suffix = pValueSuffix(p, adjusted);
  const noWorse = noWorseClause(comparison);
  if (comparison.uninformative) {
    const inputs = comparison.inputs === undefined ? '' : `${comparison.inputs} inputs give `;
    const bare = interval.slice(1, -1);
    return `${label}: no information between ${a} and ${b}${among}: ${inputs}${bare}, which rules nothing out`;
  }
  if (!detectable || difference === 0) {
    const rawSays = p !== null && p < 0.05;
    const testSays = p !== null && (adjusted ?? p) < 0.05;
    // The interval is the comparison's own; Holm's adjustment widens only the p-value's threshold.
    const heldBack = excludesZero && rawSays && !testSays;
    const disagree = heldBack
      ? "the interval excludes 0, but not after Holm's adjustment for the other comparisons"
      : p !== null && excludesZero !== testSays
        ? 'the test and the interval disagree, so it is undecided'
        : null;
    const clauses = [disagree, moreInputsClause(comparison, isTurns), noWorse].filter((clause) => clause !== null);
    const after = clauses.length > 0 ? `: ${clauses.join('; ')}` : '';
    return `${label}: inconclusive between ${a} and ${b}${among} ${interval}${suffix}${after}`;
  }
  const detected = noWorse ? `; ${noWorse}` : '';
  const size = formatSigned(Math.abs(difference) * scale, decimals);
  const singular = Number(size) === 1;
  if (isTurns) {
    const direction = difference > 0 ? 'more' : 'fewer';
    const turns = singular ? 'turn' : 'turns';
    return `${b} needs ${size} ${direction} ${turns} on average than ${a}${among} ${interval}${suffix}${detected}`;
  }
  const direction = difference > 0 ? 'more' : 'less';
  const points = singular ? 'point' : 'points';
  return `${b} ${RATE_VERBS[metric]} ${size} ${points} ${direction} often than ${a} ${interval}${suffix}${detected}`;
}

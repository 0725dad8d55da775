import Table from 'cli-table3';
import { PARSE_PATHS } from '../parsing/types';
import { OUTCOMES } from '../runner/types';
import { describeComparison, EFFECT_NOTE } from '../metrics/describe';
import type { ExperimentSummary, Rate, VariantSummary } from '../metrics/types';

const MISSING = '—';

// No colours: the table may go to a file or a pipe, and it must read the same there.
const plainStyle = { head: [] as string[], border: [] as string[] };

function trimmed(value: number, decimals: number): string {
  return String(Number(value.toFixed(decimals)));
}

export function formatRate(rate: Rate): string {
  if (rate.value === null || rate.low === null || rate.high === null) return MISSING;
  const percent = (value: number) => (value * 100).toFixed(1);
  return `${percent(rate.value)}% (${percent(rate.low)}–${percent(rate.high)})`;
}

function formatOptional(value: number | null, decimals: number): string {
  return value === null ? MISSING : trimmed(value, decimals);
}

function formatTurns(variant: VariantSummary): string {
  const { mean, p50, p90 } = variant.turnsToCompletion;
  if (mean === null) return MISSING;
  return `${mean.toFixed(1)} / ${formatOptional(p50, 1)} / ${formatOptional(p90, 1)}`;
}

function formatLatency(variant: VariantSummary): string {
  const { p50, p95 } = variant.latencyMs;
  if (p50 === null) return MISSING;
  return `${formatOptional(p50, 0)} / ${formatOptional(p95, 0)}`;
}

function mainTable(variants: VariantSummary[]): string {
  // Task success stands beside the tool-call rate whenever a check judged the conversations.
  const judged = variants.some((variant) => variant.taskSuccessRate);
  const table = new Table({
    // Two-line headings keep the table near 120 columns.
    head: [
      'Variant',
      'Conver-\nsations',
      'Model\ncalls',
      'Tool-call rate\n(95% CI)',
      ...(judged ? ['Task success\n(95% CI)'] : []),
      'Valid-call rate\n(95% CI)',
      'Completion rate\n(95% CI)',
      'Turns\nmean / p50 / p90',
      'Latency ms\np50 / p95',
    ],
    style: { ...plainStyle, compact: true },
  });
  for (const variant of variants) {
    table.push([
      variant.name,
      variant.conversations,
      variant.modelCalls,
      formatRate(variant.toolCallRate),
      ...(judged ? [variant.taskSuccessRate ? formatRate(variant.taskSuccessRate) : MISSING] : []),
      formatRate(variant.validCallRate),
      formatRate(variant.completionRate),
      formatTurns(variant),
      formatLatency(variant),
    ]);
  }
  return table.toString();
}

/** A rate with its counts ("75.0% [..] 3/4"), or the missing mark. */
const shownRate = (rate: Rate | undefined) => (rate ? `${formatRate(rate)} ${rate.successes}/${rate.trials}` : MISSING);

/** Dataset experiments with expectations: the accuracy of each variant (missing when nothing was expected). */
function accuracyTable(variants: VariantSummary[]): string | null {
  if (!variants.some((variant) => variant.callAccuracy)) return null;
  const withIrrelevance = variants.some((variant) => variant.irrelevanceAccuracy);
  const head = ['Variant', 'Call accuracy\n(95% CI)', 'Tool-name accuracy\n(95% CI)', 'Argument accuracy\n(95% CI)'];
  if (withIrrelevance) head.push('Irrelevance accuracy\n(95% CI)');
  const table = new Table({ head, style: { ...plainStyle, compact: true } });
  const shown = shownRate;
  for (const variant of variants) {
    const row = [
      variant.name,
      shown(variant.callAccuracy),
      shown(variant.nameAccuracy),
      shown(variant.argumentAccuracy),
    ];
    if (withIrrelevance) row.push(shown(variant.irrelevanceAccuracy));
    table.push(row);
  }
  return `Accuracy of the first response against the dataset's expected calls\n${table.toString()}`;
}

/** The experiment's own check of each result (config.customCheck) and the model judge's, when either judged any. */
function checksTable(variants: VariantSummary[]): string | null {
  const rates = (['customCheckRate', 'judgePassRate'] as const).filter((rate) =>
    variants.some((variant) => variant[rate]),
  );
  if (rates.length === 0) return null;
  const heads = { customCheckRate: 'Custom check pass rate', judgePassRate: 'Model judge pass rate' };
  const table = new Table({
    head: ['Variant', ...rates.map((rate) => `${heads[rate]}\n(95% CI)`)],
    style: { ...plainStyle, compact: true },
  });
  for (const variant of variants) table.push([variant.name, ...rates.map((rate) => shownRate(variant[rate]))]);
  return table.toString();
}

/** Only for experiments run with logprobs: the mean probability the model gave the tool name it chose. */
function confidenceLine(variants: VariantSummary[]): string | null {
  if (variants.every((variant) => variant.meanToolNameConfidence === null)) return null;
  const shown = variants.map(({ name, meanToolNameConfidence: mean }) =>
    mean === null ? `${name} ${MISSING}` : `${name} ${(mean * 100).toFixed(1)}%`,
  );
  return `Mean tool-name confidence (from logprobs): ${shown.join(', ')}`;
}

/** A table of counts per variant, one column per key that any variant has, in canonical order. */
function countsTable(
  title: string,
  variants: VariantSummary[],
  countsOf: (variant: VariantSummary) => Record<string, number | undefined>,
  order: readonly string[],
): string | null {
  const present = new Set(variants.flatMap((variant) => Object.keys(countsOf(variant))));
  const keys = [...order.filter((key) => present.has(key)), ...[...present].filter((key) => !order.includes(key))];
  if (keys.length === 0) return null;
  const table = new Table({ head: ['Variant', ...keys], style: { ...plainStyle, compact: true } });
  for (const variant of variants) {
    const counts = countsOf(variant);
    table.push([variant.name, ...keys.map((key) => counts[key] ?? 0)]);
  }
  return `${title}\n${table.toString()}`;
}

/**
 * The summary as a readable plain-text report for the command line: one row per variant, then
 * parse paths, outcomes and errors per variant, then each comparison in plain words.
 */
const STOPPED_EARLY =
  'STOPPED EARLY (the comparisons give the anytime-valid confidence sequence: the stop biases a fixed-sample interval)';

export function formatSummaryTable(summary: ExperimentSummary): string {
  const sections: string[] = [];
  if (summary.simulated) {
    sections.push('SIMULATED endpoint: these numbers come from the simulator, not from a model.');
  }
  sections.push(`Experiment ${summary.experimentId} (${summary.status})`);
  if (summary.stoppedEarly) sections.push(`${STOPPED_EARLY}: ${summary.stoppedEarly}`);
  sections.push(mainTable(summary.variants));
  const accuracy = accuracyTable(summary.variants);
  if (accuracy !== null) sections.push(accuracy);
  const checks = checksTable(summary.variants);
  if (checks !== null) sections.push(checks);
  const confidence = confidenceLine(summary.variants);
  if (confidence !== null) sections.push(confidence);
  const parsePaths = countsTable('Parse paths (model responses)', summary.variants, (v) => v.parsePaths, PARSE_PATHS);
  const outcomes = countsTable('Outcomes (conversations)', summary.variants, (v) => v.outcomes, OUTCOMES);
  const errors = countsTable('Errors', summary.variants, (v) => v.errors, []);
  for (const section of [parsePaths, outcomes, errors]) if (section !== null) sections.push(section);
  // Read before the comparisons: a difference between variants that did not run alike may not be the prompt's.
  const warnings = summary.balance?.warnings ?? [];
  if (warnings.length > 0) sections.push(['Balance warnings', ...warnings.map((warning) => `! ${warning}`)].join('\n'));
  if (summary.comparisons.length > 0) {
    // As on the panel: the primary metric's comparisons decide, the others are exploratory.
    const which = summary.primaryMetric
      ? `primary metric ${summary.primaryMetric}, the others exploratory`
      : 'no primary metric chosen, so all are exploratory';
    const heading = `Comparisons (${EFFECT_NOTE}; ${which})`;
    const line = (c: ExperimentSummary['comparisons'][number]) =>
      `- ${summary.primaryMetric && c.exploratory ? 'exploratory: ' : ''}${describeComparison(c)}`;
    sections.push([heading, ...summary.comparisons.map(line)].join('\n'));
  }
  return sections.join('\n\n') + '\n';
}

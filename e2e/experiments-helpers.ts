// Steps shared by the experiment, chart and export specs: what the page shows, checked against
// what the API says for the same experiment.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ExperimentView } from '../lib/api/experiments';
import { screenshotOf } from './helpers';

// The API's own response schema (lib/api), not a copy of its shape.
export type ApiExperiment = ExperimentView;
export type ApiVariant = ExperimentView['summary']['variants'][number];
type Rate = ApiVariant['toolCallRate'];

const PARSE_PATHS = [
  'tool_calls',
  'json_name_arguments',
  'json_name_parameters',
  'json_tool_calls',
  'json_array',
  'functiongemma_tags',
  'text',
  'empty',
  'malformed',
];
const OUTCOMES = ['submitted', 'no_tool_call', 'turn_limit', 'error', 'cancelled'];

export async function getExperiment(request: APIRequestContext, id: string): Promise<ApiExperiment> {
  const response = await request.get(`/api/experiments/${id}`);
  expect(response.status()).toBe(200);
  return ExperimentView.parse(await response.json());
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

/** Every rate drawn on the chart (the bar's label and the table beside it) equals the API's. */
export async function expectRatesMatch(
  page: Page,
  chartId: string,
  variants: ApiVariant[],
  metrics: (keyof ApiVariant)[],
): Promise<void> {
  const chart = page.getByTestId(chartId);
  await expect(chart).toBeVisible();
  // Bar labels appear once the bars' animation ends: read them the way Playwright's assertions retry.
  const labels = () => chart.locator('.recharts-label-list text').allTextContents();
  for (const variant of variants) {
    for (const metric of metrics) {
      const rate = variant[metric] as Rate | undefined;
      const cell = chart.locator(
        `[data-testid="rate-cell"][data-variant="${variant.name}"][data-metric="${String(metric)}"]`,
      );
      if (rate === undefined && !variants.some((other) => other[metric] !== undefined)) {
        // A metric no variant reports (irrelevance accuracy without irrelevant cases) is not drawn.
        await expect(cell).toHaveCount(0);
        continue;
      }
      if (!rate || rate.value === null) {
        await expect(cell).toHaveAttribute('data-value', '');
        continue;
      }
      await expect(cell).toHaveAttribute('data-value', String(rate.value));
      await expect(cell).toContainText(percent(rate.value));
      await expect
        .poll(labels, { message: `${variant.name} ${String(metric)} is written on its bar` })
        .toContain(percent(rate.value));
    }
  }
}

/** The stacked charts' counts (parse paths, outcomes) equal the API's, a missing key counting 0. */
async function expectStackMatches(
  page: Page,
  chartId: string,
  variants: ApiVariant[],
  keys: string[],
  pick: (variant: ApiVariant) => Record<string, number>,
): Promise<void> {
  const chart = page.getByTestId(chartId);
  await expect(chart).toBeVisible();
  // Every key is in the legend (the panel's own, with each key's colour and texture), in order,
  // whether or not it occurs.
  await expect(chart.getByTestId('swatch-legend').locator('li')).toHaveText(keys);
  for (const variant of variants) {
    for (const key of keys) {
      await expect(
        chart.locator(`[data-testid="stack-cell"][data-variant="${variant.name}"][data-key="${key}"]`),
      ).toHaveAttribute('data-count', String(pick(variant)[key] ?? 0));
    }
  }
}

/** Every chart of the page drawn with the API's numbers, and marked simulated when it is. */
export async function expectChartsMatchApi(page: Page, experiment: ApiExperiment): Promise<void> {
  const variants = experiment.summary.variants;
  await expectRatesMatch(page, 'chart-rates', variants, ['toolCallRate', 'validCallRate', 'completionRate']);
  await expectStackMatches(page, 'chart-parse-paths', variants, PARSE_PATHS, (variant) => variant.parsePaths);
  await expectStackMatches(page, 'chart-outcomes', variants, OUTCOMES, (variant) => variant.outcomes);
  for (const variant of variants) {
    await expect(page.locator(`[data-testid="turns-total"][data-variant="${variant.name}"]`)).toHaveText(
      String(variant.outcomes.submitted ?? 0),
    );
    for (const statistic of ['p50', 'p95'] as const) {
      await expect(
        page.locator(`[data-testid="latency-cell"][data-variant="${variant.name}"][data-statistic="${statistic}"]`),
      ).toHaveAttribute('data-value', String(variant.latencyMs[statistic] ?? ''));
    }
    for (const [kind, count] of Object.entries(variant.errors)) {
      await expect(
        page.locator(`[data-testid="error-cell"][data-variant="${variant.name}"][data-kind="${kind}"]`),
      ).toHaveText(String(count));
    }
  }
  // Mean tool-name confidence: drawn when some variant has it (logprobs were asked for), else absent.
  const confident = variants.filter((variant) => typeof variant.meanToolNameConfidence === 'number');
  if (confident.length === 0) await expect(page.getByTestId('chart-confidence')).toHaveCount(0);
  for (const variant of variants) {
    if (confident.length === 0) break;
    const cell = page.locator(`[data-testid="confidence-cell"][data-variant="${variant.name}"]`);
    await expect(cell).toHaveAttribute(
      'data-value',
      typeof variant.meanToolNameConfidence === 'number' ? String(variant.meanToolNameConfidence) : '',
    );
  }
  if (experiment.simulated) {
    for (const chartId of ['chart-rates', 'chart-turns', 'chart-parse-paths', 'chart-outcomes', 'chart-latency']) {
      await expect(page.getByTestId(chartId).getByTestId('simulated-badge')).toBeVisible();
    }
  }
}

/** A picture of one part of the page (a chart), to look at closely. */
export async function screenshotPart(page: Page, testId: string, name: string): Promise<void> {
  await screenshotOf(page.getByTestId(testId).first(), name);
}

// The experiment page's charts against the API: every number drawn equals GET /api/experiments/:id
// (and GET /api/experiments/:id/charts for the distributions and the confusion tables).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createExperiment, screenshot, waitForEnd } from './helpers';
import { expect, test } from './fixtures';
import { expectChartsMatchApi, expectRatesMatch, getExperiment, screenshotPart } from './experiments-helpers';

type ChartData = {
  charts: {
    turns: { variantIndex: number; turns: number; count: number }[];
    latency: { groups: { variantIndex: number; count: number }[] };
    confusions:
      { variant: string; total: number; matrix: { rows: string[]; columns: string[]; counts: number[][] } }[] | null;
  };
};

test('three variants: rates, turns, parse paths, outcomes, errors and latency as the API says', async ({
  page,
  request,
}) => {
  const id = await createExperiment(request, {
    agent: 'harness',
    variants: [
      { name: 'baseline' },
      { name: 'required', settings: { toolChoice: 'required' } },
      { name: 'content-first', settings: { responsePreference: 'content-first', historyMode: 'initial-only' } },
    ],
    endpoint: { kind: 'simulated' },
    requestsPerVariant: 40,
    concurrency: 8,
  });
  await waitForEnd(request, id);
  await page.goto(`/experiments/${id}`);
  const experiment = await getExperiment(request, id);
  expect(experiment.summary.variants).toHaveLength(3);
  await expectChartsMatchApi(page, experiment);

  // The distributions: each turns count and each variant's responses in the latency buckets.
  const data = (await (await request.get(`/api/experiments/${id}/charts`)).json()) as ChartData;
  for (const [index, variant] of experiment.summary.variants.entries()) {
    for (const group of data.charts.turns.filter((entry) => entry.variantIndex === index)) {
      await expect(
        page.locator(`[data-testid="turns-cell"][data-variant="${variant.name}"][data-turns="${group.turns}"]`),
      ).toContainText(String(group.count));
    }
    const responses = data.charts.latency.groups
      .filter((group) => group.variantIndex === index)
      .reduce((sum, group) => sum + group.count, 0);
    expect(responses).toBe(variant.modelCalls);
  }
  // Colours stay with the variant from chart to chart.
  const fills = async (chartId: string) =>
    page
      .getByTestId(chartId)
      .locator('.recharts-legend-item path, .recharts-legend-item .recharts-surface *[fill]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('fill')).filter(Boolean));
  const rateFills = await fills('chart-rates');
  expect(rateFills.length).toBeGreaterThan(0);
  await expect.poll(() => fills('chart-turns')).toEqual(rateFills);
  await expect.poll(() => fills('chart-latency')).toEqual(rateFills);
  await screenshot(page, 'b-charts-three-variants');
  for (const part of ['chart-rates', 'chart-parse-paths', 'chart-errors', 'chart-latency-histogram'])
    await screenshotPart(page, part, `b-part-${part}`);
});

test('a dataset run from the form shows accuracy with intervals and the confusion heat map', async ({
  page,
  request,
  experimentForm: form,
}) => {
  const text = readFileSync(path.join(process.cwd(), 'agents', 'smart_home', 'dataset.jsonl'), 'utf8');
  const imported = await request.post('/api/datasets', {
    data: { name: 'smart home (charts e2e)', format: 'remora', text },
  });
  expect([200, 201]).toContain(imported.status());
  // The same cases stored before (by another spec) are reused under their first name: go by id.
  const { dataset } = (await imported.json()) as { dataset: { id: string; name: string } };

  await form.open({ agent: 'smart_home', dataset: dataset.id });
  await expect(page.getByTestId('agent-select')).toHaveValue('smart_home');
  await expect(page.getByTestId('inputs-select').locator('option:checked')).toContainText(dataset.name);
  const cases = text.trim().split('\n').length;
  await expect(page.getByTestId('requests-per-variant')).toHaveValue(String(cases));
  await form.variant(1).getByTestId('variant-tool-choice').selectOption('required');
  const id = await form.start();
  await form.waitForStatus('completed');

  const experiment = await getExperiment(request, id);
  expect(experiment.summary.variants[0].callAccuracy).toBeDefined();
  await expectRatesMatch(page, 'chart-accuracy', experiment.summary.variants, [
    'callAccuracy',
    'nameAccuracy',
    'argumentAccuracy',
    'irrelevanceAccuracy',
  ]);
  await expect(page.getByTestId('chart-accuracy').getByTestId('simulated-badge')).toBeVisible();

  const data = (await (await request.get(`/api/experiments/${id}/charts`)).json()) as ChartData;
  expect(data.charts.confusions?.map((confusion) => confusion.variant)).toEqual(['baseline', 'variant-b']);
  for (const confusion of data.charts.confusions ?? []) {
    const map = page.locator(`[data-testid="confusion-variant"][data-variant="${confusion.variant}"]`);
    await expect(map).toContainText(`${confusion.total} pairings`);
    for (const [row, expected] of confusion.matrix.rows.entries()) {
      for (const [column, called] of confusion.matrix.columns.entries()) {
        const count = confusion.matrix.counts[row][column];
        await expect(
          map.locator(`[data-testid="confusion-cell"][data-expected="${expected}"][data-called="${called}"]`),
        ).toHaveText(count === 0 ? '·' : String(count));
      }
    }
  }
  await page.getByTestId('chart-confusion').scrollIntoViewIfNeeded();
  await screenshot(page, 'b-charts-dataset-accuracy');
  await screenshotPart(page, 'chart-accuracy', 'b-part-chart-accuracy');
  await screenshotPart(page, 'chart-confusion', 'b-part-chart-confusion');
});

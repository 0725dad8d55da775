// The experiment page's verdicts: the live, anytime-valid one while the run goes on, the final
// fixed-sample one after it, raw and Holm-adjusted p-values with three variants, and pass^k.
import { expect, test } from './fixtures';
import { createExperiment, screenshot, waitForEnd } from './helpers';

type Comparison = {
  metric: string;
  p: number | null;
  pAdjusted: number | null;
  method: string;
  paired: boolean;
  anytime?: { p: number | null };
};
type Body = {
  status: string;
  summary: {
    verdict: string;
    inference?: string;
    comparisons: Comparison[];
    variants: { name: string; passHatK: Record<string, number> }[];
  };
};

test('shows the live anytime-valid verdict while running and the final verdict after', async ({ page, request }) => {
  test.setTimeout(180_000);
  const id = await createExperiment(request, {
    agent: 'harness',
    variants: [{ name: 'baseline' }, { name: 'required', settings: { toolChoice: 'required' } }],
    endpoint: { kind: 'simulated' },
    // Long enough to be watched while it runs; cancelled below.
    requestsPerVariant: 2_000,
    concurrency: 1,
    primaryMetric: 'toolCallRate',
  });
  await page.goto(`/experiments/${id}`);
  // The verdicts appear with the first finished conversations (the page polls every second); how
  // soon depends on the machine's load, so only the test's own timeout bounds it.
  await expect(page.getByTestId('verdict-kind')).toContainText('Live verdicts, anytime-valid', { timeout: 0 });
  await expect(page.getByTestId('comparison-tests')).toContainText('Live p (anytime)');
  await expect(page.getByTestId('comparisons')).toContainText('live 95% CI, valid at any look');
  const live = (await (await request.get(`/api/experiments/${id}`)).json()) as Body;
  if (live.status === 'running') {
    expect(live.summary.verdict).toBe('live');
    // The top-level numbers are the anytime-valid ones (or none), never fixed-sample values on partial data.
    expect(live.summary.inference).toBe('anytime-valid');
    for (const comparison of live.summary.comparisons) expect(comparison.p).toBe(comparison.anytime?.p ?? null);
  }
  await screenshot(page, 'verdict-live');

  expect((await request.post(`/api/experiments/${id}/cancel`)).status()).toBeLessThan(300);
  const ended = (await waitForEnd(request, id)) as unknown as Body;
  expect(ended.summary.verdict).toBe('final');
  await page.reload();
  await expect(page.getByTestId('verdict-kind')).toContainText('Final verdicts');
  await expect(page.getByTestId('comparisons')).not.toContainText('valid at any look');
  await expect(page.getByTestId('comparisons').locator('li').first()).toContainText('Tool-call rate');
});

test('three variants: raw and Holm-adjusted p-values, paired by input, and the pass^k chart', async ({
  page,
  request,
}) => {
  const id = await createExperiment(request, {
    agent: 'harness',
    variants: [
      { name: 'baseline' },
      { name: 'required', settings: { toolChoice: 'required' } },
      { name: 'content-first', settings: { responsePreference: 'content-first' } },
    ],
    endpoint: { kind: 'simulated' },
    // Two repeats of each of the 26 inputs.
    requestsPerVariant: 52,
    concurrency: 8,
  });
  const body = (await waitForEnd(request, id)) as unknown as Body;
  expect(body.summary.verdict).toBe('final');
  await page.goto(`/experiments/${id}`);
  const table = page.getByTestId('comparison-tests');
  await expect(table).toContainText('Adjusted p (Holm)');
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(body.summary.comparisons.length);
  const format = (value: number | null) => (value === null ? '—' : value < 0.001 ? '< 0.001' : value.toFixed(3));
  for (const [index, comparison] of body.summary.comparisons.entries()) {
    expect(comparison.paired).toBe(comparison.method !== 'none');
    await expect(rows.nth(index).getByTestId('p-raw')).toHaveText(format(comparison.p));
    await expect(rows.nth(index).getByTestId('p-adjusted')).toHaveText(format(comparison.pAdjusted));
    if (comparison.p !== null) expect(comparison.pAdjusted as number).toBeGreaterThanOrEqual(comparison.p);
  }
  await expect(page.getByTestId('verdict-kind')).toContainText('Paired by input');
  const chart = page.getByTestId('chart-pass-k');
  await expect(chart).toBeVisible();
  for (const variant of body.summary.variants) {
    expect(Object.keys(variant.passHatK)).toEqual(['1', '2']);
    await expect(page.getByTestId('chart-pass-k-table')).toContainText(variant.name);
  }
  // Per input: the share of each input's repeats that succeeded, disagreements first.
  const reliability = page.getByTestId('input-reliability-table');
  await expect(reliability).toBeVisible();
  await expect(reliability.locator('thead')).toContainText('content-first');
  expect(await page.getByTestId('input-reliability-row').count()).toBeGreaterThan(0);
  await screenshot(page, 'verdicts-three-variants');
});

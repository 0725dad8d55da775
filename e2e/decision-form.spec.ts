// The experiment form's decision part and what a dataset run's page shows (issue 14, item 0 and 8):
// warnings about designs that cannot show a real difference, the scoring mode chosen in the form
// and named on the page, and a dataset run's page without the charts and comparisons that mean
// nothing at one turn.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screenshot } from './helpers';
import { expect, test } from './fixtures';

test('warns that identical variants, or prompts on the simulator, make an A/A test', async ({ page }) => {
  await page.goto('/experiments/new?agent=harness');
  const warnings = page.getByTestId('plan-warnings');
  // The form starts with two copies of the agent's prompt on the built-in simulator.
  await expect(warnings).toContainText('is identical to "baseline": this is an A/A test');
  await expect(warnings).toContainText('a prompt A/B test on it is an A/A test');
  // Another wording of the prompt is still A/A on the simulator, which does not read it.
  await page
    .getByTestId('variant-editor')
    .nth(1)
    .getByTestId('variant-prompt')
    .fill('Echo the request with simple_tool, then submit. Always respond with a tool call.');
  await expect(warnings).not.toContainText('is identical to');
  await expect(warnings).toContainText('a prompt A/B test on it is an A/A test');
  // A setting that differs is simulated: no longer A/A.
  await page.getByTestId('variant-editor').nth(1).getByTestId('variant-tool-choice').selectOption('required');
  await expect(warnings).toContainText(
    'only the settings that differ between the variants can make a real difference there',
  );
  await expect(page.getByTestId('primary-metric')).toHaveValue('');
  // 5 points near the usual rate need far more distinct inputs than the harness agent's 26.
  await expect(page.getByTestId('power-hint')).toContainText('with 80% power');
  await expect(page.getByTestId('power-hint')).toContainText(
    'These inputs are only 26: more conversations will not get there',
  );
  await screenshot(page, 'decision-form-warnings');
});

test('a no-worse margin set in the form answers "no worse" for each rate; undecided ones say what would tell', async ({
  page,
  request,
  experimentForm: form,
}) => {
  await form.open({ agent: 'harness' });
  await page.getByTestId('power-points').fill('10');
  await page.getByTestId('no-worse-margin').fill('50');
  await page.getByTestId('stop-early').check();
  await expect(page.getByTestId('power-hint')).toContainText(
    /The early stop \(anytime-valid, [a-z ]+\) needs about \d+ distinct inputs.*this run's 26 cannot reach/,
  );
  const id = await form.start();
  await form.waitForStatus('completed');
  const api = (await (await request.get(`/api/experiments/${id}`)).json()) as {
    summary: {
      comparisons: {
        metric: string;
        detectable: boolean;
        noWorse?: { margin: number };
        moreInputs?: object;
        uninformative?: boolean;
      }[];
    };
  };
  // An interval without information (zero width: both variants alike on every input) gives no verdict at all.
  const rates = api.summary.comparisons.filter(
    (comparison) => comparison.metric !== 'turnsToCompletion' && !comparison.uninformative,
  );
  expect(rates.length).toBeGreaterThan(0);
  for (const comparison of rates) expect(comparison.noWorse?.margin).toBe(0.5);
  await expect(page.getByTestId('comparisons')).toContainText('within 50 points');
  if (rates.some((comparison) => !comparison.detectable && comparison.moreInputs))
    await expect(page.getByTestId('comparisons')).toContainText('would tell a 10-point difference');
  await screenshot(page, 'decision-no-worse');
});

const BFCL_TITLE =
  "a dataset run scored by BFCL's rules from the form: the page names the scoring, not turns or outcomes";
test(BFCL_TITLE, async ({ page, request, experimentForm: form }) => {
  const text = readFileSync(path.join(process.cwd(), 'agents', 'smart_home', 'dataset.jsonl'), 'utf8');
  const imported = await request.post('/api/datasets', {
    data: { name: 'smart home (scoring e2e)', format: 'remora', text },
  });
  expect([200, 201]).toContain(imported.status());
  // The same cases stored before (by another spec) are reused under their first name: go by id.
  const { dataset } = (await imported.json()) as { dataset: { id: string } };

  await form.open({ agent: 'smart_home', dataset: dataset.id });
  const scoring = page.getByTestId('scoring-select');
  await expect(scoring).toHaveValue('lenient');
  await scoring.selectOption('bfcl');
  await form.variant(1).getByTestId('variant-tool-choice').selectOption('required');
  await page.getByTestId('primary-metric').selectOption('taskSuccessRate');
  const id = await form.start();
  await form.waitForStatus('completed');

  await expect(page.getByTestId('scoring-mode')).toHaveText('BFCL (AST checker, exact)');
  const api = (await (await request.get(`/api/experiments/${id}`)).json()) as {
    summary: { comparisons: { metric: string; exploratory: boolean }[] };
  };
  const metrics = api.summary.comparisons.map((comparison) => comparison.metric);
  expect(metrics).toContain('taskSuccessRate');
  expect(metrics).toContain('callAccuracy');
  expect(metrics).not.toContain('completionRate');
  expect(metrics).not.toContain('turnsToCompletion');
  expect(
    api.summary.comparisons.filter((comparison) => !comparison.exploratory).map((comparison) => comparison.metric),
  ).toEqual(['taskSuccessRate']);
  // One turn, scored on the first response: no turns or outcomes chart, no completion bar.
  await expect(page.getByTestId('chart-rates')).toBeVisible();
  await expect(page.getByTestId('chart-turns')).toHaveCount(0);
  await expect(page.getByTestId('chart-outcomes')).toHaveCount(0);
  await expect(page.locator('[data-testid="rate-cell"][data-metric="completionRate"]')).toHaveCount(0);
  // Task success is drawn beside the tool-call rate, one bar per variant.
  await expect(
    page.getByTestId('chart-rates').locator('[data-testid="rate-cell"][data-metric="taskSuccessRate"]'),
  ).toHaveCount(2);
  await expect(page.getByTestId('primary-metric-note')).toContainText(
    'Task success rate was chosen as the primary metric',
  );
  await expect(page.getByTestId('comparisons')).toContainText('Exploratory: ');
  await screenshot(page, 'decision-dataset-bfcl');
});

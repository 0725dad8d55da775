// Each page leads with what matters for its kind of run (issue 28 item 5): a dataset run's results
// table leads with accuracy, the experiments list headlines it and filters by name, tag and status,
// and the compare page names experiments (not ids) and opens on results.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { createExperiment, screenshot, waitForEnd } from './helpers';

async function datasetRun(request: APIRequestContext): Promise<string> {
  const text = readFileSync(path.join(process.cwd(), 'agents', 'smart_home', 'dataset.jsonl'), 'utf8');
  const imported = await request.post('/api/datasets', { data: { name: 'lead metric (e2e)', format: 'remora', text } });
  expect([200, 201]).toContain(imported.status());
  // Identical cases are reused under the name they were first stored with: go by id.
  const { dataset } = (await imported.json()) as { dataset: { id: string } };
  const id = await createExperiment(request, {
    agent: 'smart_home',
    variants: [{ name: 'baseline' }, { name: 'required', settings: { toolChoice: 'required' } }],
    endpoint: { kind: 'simulated' },
    dataset: dataset.id,
    requestsPerVariant: 10,
    concurrency: 4,
  });
  await waitForEnd(request, id);
  return id;
}

async function harnessRun(request: APIRequestContext, details: { name: string; tags: string[] }): Promise<string> {
  const id = await createExperiment(request, {
    agent: 'harness',
    variants: [
      { name: 'baseline' },
      { name: 'directive', systemPrompt: 'Always call a tool.' },
      { name: 'required', settings: { toolChoice: 'required' } },
    ],
    endpoint: { kind: 'simulated' },
    requestsPerVariant: 4,
    concurrency: 4,
  });
  await waitForEnd(request, id);
  const named = await request.patch(`/api/experiments/${id}`, { data: details });
  expect(named.status(), await named.text()).toBe(200);
  return id;
}

test.use({ viewport: { width: 1440, height: 900 } });

test("a dataset run's results table leads with accuracy at 1440 px; the list headlines it", async ({
  page,
  request,
}) => {
  const id = await datasetRun(request);
  await page.goto(`/experiments/${id}`);
  const table = page.getByTestId('summary-table');
  await expect(table.getByTestId('accuracy-head').first()).toHaveText('Call accuracy');
  // On screen without scrolling the table sideways (the page is scrolled down to the table only),
  // and before completion and turns.
  await table.evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 80));
  await expect(table.getByTestId('accuracy-head').first()).toBeInViewport({ ratio: 1 });
  const headings = await table.locator('th').allTextContents();
  expect(headings.indexOf('Call accuracy')).toBe(headings.indexOf('Model calls') + 1);
  expect(headings.indexOf('Call accuracy')).toBeLessThan(headings.indexOf('Turns to completion'));
  await screenshot(page, 'lead-dataset-table', { fullPage: false });

  await page.goto('/experiments');
  const headline = page.locator(`[data-testid="experiment-row"][data-experiment="${id}"]`).getByTestId('row-headline');
  await expect(headline.locator('[data-metric="callAccuracy"]')).toHaveCount(2);
  await expect(headline).toContainText(/baseline: call accuracy \d+\.\d%/);
});

test('the experiments list filters by name, tag and status', async ({ page, request }) => {
  const unique = `lead-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
  const first = await harnessRun(request, { name: `${unique} prompt tweak`, tags: [`${unique}-tag`, 'tuning'] });
  const second = await harnessRun(request, { name: `${unique} other try`, tags: ['tuning'] });
  const row = (id: string) => page.locator(`[data-testid="experiment-row"][data-experiment="${id}"]`);

  await page.goto('/experiments');
  await page.getByTestId('experiment-text-filter').fill(`${unique} prompt`);
  await page.getByTestId('experiment-filter-submit').click();
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(row(first)).toBeVisible();
  await expect(row(second)).toHaveCount(0);
  await expect(page.getByTestId('experiment-row')).toHaveCount(1);

  await page.goto(`/experiments?tag=${encodeURIComponent(`${unique}-tag`)}`);
  await expect(page.getByTestId('experiment-tag-filter')).toHaveValue(`${unique}-tag`);
  await expect(row(first)).toBeVisible();
  await expect(page.getByTestId('experiment-row')).toHaveCount(1);

  await page.goto(`/experiments?q=${unique}`);
  await expect(page.getByTestId('experiment-row')).toHaveCount(2);
  await page.getByTestId('experiment-status-filter').selectOption('failed');
  await page.getByTestId('experiment-filter-submit').click();
  await expect(page).toHaveURL(/[?&]status=failed/);
  await expect(page.getByTestId('experiments-empty')).toContainText('No experiment matches these filters');
  await page.getByTestId('experiment-status-filter').selectOption('completed');
  await page.getByTestId('experiment-filter-submit').click();
  await expect(page.getByTestId('experiment-row')).toHaveCount(2);
  await screenshot(page, 'lead-experiments-filtered');
});

test('the compare pickers name experiments, not ids, and show results without an extra click', async ({
  page,
  request,
}) => {
  const unique = `pick-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
  const id = await harnessRun(request, { name: `${unique} named run`, tags: [] });
  await page.goto(`/compare?experiment=${id}`);
  // The results of the preselected pair, with no click on Compare.
  await expect(page.getByTestId('compare-summary')).toBeVisible();
  const option = page.getByTestId('pick-a').locator(`option[value="${id}:baseline"]`);
  await expect(option).toHaveText(`baseline — ${unique} named run`);
  const group = page.getByTestId('pick-a').locator(`optgroup:has(option[value="${id}:baseline"])`);
  await expect(group).toHaveAttribute('label', new RegExp(`^${unique} named run · harness · `));
  await expect(group).not.toHaveAttribute('label', new RegExp(id.slice(0, 8)));

  // Choosing another variant shows its comparison at once.
  await expect(page.getByTestId('pick-b')).toHaveValue(`${id}:directive`);
  await page.getByTestId('pick-b').selectOption(`${id}:required`);
  await expect(page).toHaveURL(new RegExp(`[?&]b=${encodeURIComponent(`${id}:required`)}`));
  await expect(page.getByTestId('compare-summary')).toContainText('required');
  await screenshot(page, 'lead-compare-named', { fullPage: false });
});

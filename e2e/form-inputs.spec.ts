// The new-experiment form's inputs picker (issue 12, item 6): it offers the dataset an agent ships
// with (picked, it is stored and run as a dataset, with no import by hand), and lists only the
// stored datasets whose expected calls name the chosen agent's tools. Repeatable: the bundled set
// is stored once and found again on later runs (identical cases are reused).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { screenshot } from './helpers';

const cases = readFileSync(path.join(process.cwd(), 'agents', 'smart_home', 'dataset.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '').length;

test("the agent's bundled dataset runs from the form, and other agents' datasets are not offered", async ({
  page,
  request,
  experimentForm,
}) => {
  await experimentForm.open({ agent: 'smart_home' });
  const inputs = page.getByTestId('inputs-select');
  await inputs.selectOption('bundled');
  await expect(inputs.locator('option:checked')).toHaveText(`the agent's dataset: dataset.jsonl (${cases} cases)`);
  // A dataset run: one pass over the cases, scored.
  await expect(page.getByTestId('requests-per-variant')).toHaveValue(String(cases));
  await expect(page.getByTestId('scoring-select')).toBeVisible();
  await screenshot(page, 'form-bundled-dataset');
  const id = await experimentForm.start();
  await experimentForm.waitForStatus();
  await expect(page.getByTestId('chart-confusion')).toBeVisible();

  // It was stored as a dataset, and once: under its file's name, unless a spec before this one on
  // this worker's panel imported the same cases (charts, decision-form, manage do), whose set is
  // then reused, since identical cases are never stored twice.
  const { datasets } = (await (await request.get('/api/datasets')).json()) as {
    datasets: { id: string; sourceFile: string | null; caseCount: number }[];
  };
  const sameSize = datasets.filter((dataset) => dataset.caseCount === cases);
  expect(sameSize.length).toBeGreaterThanOrEqual(1);
  expect(sameSize.filter((dataset) => dataset.sourceFile === 'dataset.jsonl').length).toBeLessThanOrEqual(1);
  const conversations = (await (await request.get(`/api/experiments/${id}/conversations?limit=1`)).json()) as {
    total: number;
  };
  expect(conversations.total).toBe(cases * 2);

  // The harness agent has none of smart_home's tools: its sets are not offered, and the hint says so.
  await experimentForm.open({ agent: 'harness' });
  await expect(page.getByTestId('inputs-select').locator('option[value="bundled"]')).toHaveCount(0);
  const offered = await page.getByTestId('inputs-select').locator('option').allTextContents();
  expect(offered.some((text) => text.includes('dataset.jsonl') || text.includes('smart_home'))).toBe(false);
  await expect(page.getByTestId('inputs-hint')).toContainText('not listed');
});

// Issue 28 item 5: the agent's history chart draws one line per prompt version by default, names
// each point's version, and keeps its choices in the address (a reload shows the same chart).
import { expect, test } from './fixtures';

test('one line per prompt version, each point named by its version, the choices kept in the address', async ({
  page,
  api,
}) => {
  const run = Date.now().toString(36);
  const { id } = await api.runExperiment({
    agent: 'harness',
    variants: [
      { name: 'same-name', systemPrompt: `Version one ${run}. Always respond with a tool call.` },
      { name: 'other', systemPrompt: `Version two ${run}. Always respond with a tool call.` },
    ],
    endpoint: { kind: 'simulated' },
    requestsPerVariant: 2,
  });
  await page.goto('/agents/harness/history');
  await expect(page.getByTestId('history-grouping')).toHaveValue('prompt');
  const rows = page.locator(`[data-testid="history-row"][data-experiment="${id}"]`);
  await expect(rows).toHaveCount(2);
  // Each of this experiment's prompts is a line of its own, named after its text, and its dot says so.
  const chart = page.getByTestId('history-chart');
  await expect(chart.locator('circle[data-version]').first()).toBeVisible();
  const versions = await chart
    .locator('circle[data-version]')
    .evaluateAll((dots) => dots.map((dot) => dot.getAttribute('data-version')));
  const ours = await rows.locator('td:nth-child(3)').allTextContents();
  for (const version of ours) expect(versions).toContain(version.trim());

  await page.getByTestId('history-metric').selectOption('completionRate');
  await page.getByTestId('history-grouping').selectOption('variant');
  await expect(page).toHaveURL(/metric=completionRate/);
  await expect(page).toHaveURL(/by=variant/);
  await page.reload();
  await expect(page.getByTestId('history-chart')).toHaveAttribute('data-metric', 'completionRate');
  await expect(page.getByTestId('history-grouping')).toHaveValue('variant');
});

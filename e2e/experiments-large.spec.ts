// A run with thousands of conversations, as people look at it: the finished experiment page, its
// charts in a narrow window, the experiment list, and the agent's results over time. Run it with
// REMORA_SIM_LATENCY_MS=0 for the server to keep it short; with the default latency it only takes longer.
import { expect, test } from './fixtures';
import { createExperiment, screenshot } from './helpers';
import { expectChartsMatchApi, getExperiment, screenshotPart } from './experiments-helpers';

// Thousands of conversations take their time on a 2-core machine: this test waits for the run
// itself, not for something flaky.
test.setTimeout(300_000);

test('a finished experiment with thousands of conversations, wide and narrow, and its history', async ({
  page,
  request,
}) => {
  const earlier = await createExperiment(request, {
    agent: 'harness',
    variants: [
      { name: 'baseline' },
      {
        name: 'directive',
        systemPrompt:
          'You call tools. Call simple_tool with the request, then submit_result.\nAlways respond with a tool call.',
      },
    ],
    endpoint: { kind: 'simulated' },
    requestsPerVariant: 200,
    concurrency: 32,
  });
  await expect
    .poll(async () => (await getExperiment(request, earlier)).status, { timeout: 120_000, intervals: [500, 1000] })
    .toBe('completed');

  const id = await createExperiment(request, {
    agent: 'harness',
    variants: [
      { name: 'baseline' },
      {
        name: 'directive',
        systemPrompt:
          'You call tools. Call simple_tool with the request, then submit_result.\nAlways respond with a tool call.',
      },
      { name: 'required', settings: { toolChoice: 'required' } },
    ],
    endpoint: { kind: 'simulated' },
    requestsPerVariant: 1500,
    concurrency: 32,
  });
  await page.goto(`/experiments/${id}`);
  await expect(page.getByTestId('status')).toHaveText(/running|completed/);
  await expect
    .poll(async () => (await getExperiment(request, id)).status, { timeout: 240_000, intervals: [1000, 2000] })
    .toBe('completed');
  // The page follows by itself.
  await expect(page.getByTestId('status')).toHaveText('completed', { timeout: 10_000 });
  await expect(page.getByTestId('progress-text')).toContainText('4500 / 4500');
  const experiment = await getExperiment(request, id);
  await expectChartsMatchApi(page, experiment);
  await screenshot(page, 'b-experiment-finished-thousands');

  await page.setViewportSize({ width: 420, height: 900 });
  await page.reload();
  await expect(page.getByTestId('chart-rates').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await screenshot(page, 'b-experiment-finished-thousands-narrow');
  for (const part of ['chart-rates', 'chart-parse-paths', 'chart-latency'])
    await screenshotPart(page, part, `b-part-narrow-${part}`);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/experiments');
  await expect(page.locator(`[data-testid="experiment-row"][data-experiment="${id}"]`)).toContainText('4500 / 4500');
  await screenshot(page, 'b-experiments-list');

  await page.goto('/agents/harness/history');
  const rows = page.locator(`[data-testid="history-row"][data-experiment="${id}"]`);
  await expect(rows).toHaveCount(3);
  const directive = experiment.summary.variants.find((variant) => variant.name === 'directive');
  await expect(
    page.locator(
      `[data-testid="history-row"][data-experiment="${id}"][data-variant="directive"] [data-testid="history-value"]`,
    ),
  ).toHaveAttribute('data-value', String(directive?.toolCallRate.value));
  await expect(page.getByTestId('history-chart').locator('.recharts-line').first()).toBeVisible();
  await screenshot(page, 'b-agent-history');
  await page.getByTestId('history-grouping').selectOption('prompt');
  await page.getByTestId('history-metric').selectOption('completionRate');
  await expect(page.getByTestId('history-chart')).toHaveAttribute('data-metric', 'completionRate');
  const completion = page.locator(
    `[data-testid="history-row"][data-experiment="${id}"][data-variant="directive"] [data-testid="history-value"]`,
  );
  await expect(completion).toHaveAttribute('data-value', String(directive?.completionRate.value));
  await screenshot(page, 'b-agent-history-by-prompt');
  await page.setViewportSize({ width: 420, height: 900 });
  await screenshot(page, 'b-agent-history-narrow');
});

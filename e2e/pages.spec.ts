// The pages as a person uses them, in Chromium.
import { createExperiment, screenshot, waitForEnd } from './helpers';
import { expect, test } from './fixtures';

test('the overview lists the agents from SQLite, and experiments with their marks', async ({ page, request }) => {
  const id = await createExperiment(request, {
    agent: 'harness',
    variants: [{ name: 'solo' }],
    endpoint: { kind: 'simulated' },
    requestsPerVariant: 3,
  });
  await waitForEnd(request, id);
  await page.goto('/');
  const agent = page.getByTestId('agent-row').filter({ hasText: 'harness' });
  await expect(agent).toBeVisible();
  await expect(agent).toContainText('simple_tool');
  await expect(agent).toContainText('submit_result');
  await expect(agent).toContainText('valid');
  const row = page.locator(`[data-testid="experiment-row"][data-experiment="${id}"]`);
  await expect(row.getByTestId('experiment-status')).toHaveText('completed');
  await expect(row.getByTestId('simulated-badge')).toBeVisible();
  await expect(row).toContainText('3 / 3');
  await screenshot(page, 'overview');
});

test('starting an experiment from the form, it runs to completion with its summary', async ({
  page,
  experimentForm: form,
}) => {
  await form.open();
  await form.chooseAgent('harness');
  await form.variant(1).getByTestId('variant-name').fill('directive');
  await form
    .variant(1)
    .getByTestId('variant-prompt')
    .fill('You call tools. Call simple_tool with the request, then submit_result.\nAlways respond with a tool call.');
  await page.getByTestId('requests-per-variant').fill('8');
  await screenshot(page, 'new-experiment');
  const id = await form.start();
  await form.waitForStatus('completed');
  await expect(page.getByTestId('progress-text')).toContainText('16 / 16');
  await expect(page.getByTestId('simulated-badge').first()).toBeVisible();
  const rows = page.getByTestId('summary-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute('data-variant', 'baseline');
  await expect(rows.nth(1)).toHaveAttribute('data-variant', 'directive');
  await expect(rows.nth(1).getByTestId('variant-conversations')).toHaveText('8');
  await expect(rows.nth(0).getByTestId('rate-toolCallRate')).toContainText('%');
  await expect(page.getByTestId('parse-paths')).toBeVisible();
  await expect(page.getByTestId('outcomes')).toBeVisible();
  await expect(page.getByTestId('comparisons')).toBeVisible();
  await expect(page.getByTestId('cancel-experiment')).toHaveCount(0);
  await screenshot(page, 'experiment');

  // The page shows what the API says.
  const api = await (await page.request.get(`/api/experiments/${id}`)).json();
  const directive = api.summary.variants.find((variant: { name: string }) => variant.name === 'directive');
  await expect(rows.nth(1).getByTestId('rate-toolCallRate')).toContainText(
    `${(directive.toolCallRate.value * 100).toFixed(1)}%`,
  );

  await page.getByTestId('conversations-link').click();
  await expect(page.getByTestId('conversation-total')).toHaveText('16 conversations');
  await expect(page.getByTestId('conversation-row')).toHaveCount(16);
  await screenshot(page, 'conversations');
  await page.locator('#variant').selectOption('directive');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByTestId('conversation-total')).toHaveText('8 conversations');

  await page.getByTestId('conversation-link').first().click();
  await expect(page.getByTestId('message').first()).toHaveAttribute('data-role', 'system');
  await expect(page.getByTestId('message').nth(1)).toHaveAttribute('data-role', 'user');
  await expect(page.getByTestId('model-call').first()).toBeVisible();
  await screenshot(page, 'transcript');
});

test('a bad form input is shown as a clear error', async ({ page }) => {
  await page.goto('/experiments/new');
  await page.getByTestId('requests-per-variant').fill('0');
  await page.getByTestId('variant-name').nth(1).fill('baseline');
  await page.getByTestId('start-experiment').click();
  const error = page.getByTestId('form-error');
  await expect(error).toContainText('invalid request');
  await expect(error).toContainText('Conversations per variant: must be a whole number from 1 to 1000000');
  await expect(error).not.toContainText('Too small');
  await expect(error).toContainText('"baseline" is used twice');
  await expect(page).toHaveURL(/\/experiments\/new$/);
  await screenshot(page, 'new-experiment-error');
});

test('a long run can be cancelled from its page', async ({ page, request }) => {
  const id = await createExperiment(request, {
    agent: 'harness',
    variants: [{ name: 'a' }, { name: 'b' }],
    endpoint: { kind: 'simulated' },
    requestsPerVariant: 20_000,
    concurrency: 2,
  });
  await page.goto(`/experiments/${id}`);
  await expect(page.getByTestId('status')).toHaveText('running');
  await expect
    .poll(async () => Number(await page.getByTestId('progress').getAttribute('data-done')))
    .toBeGreaterThan(0);
  await page.getByTestId('cancel-experiment').click();
  await page.getByTestId('cancel-confirm-yes').click();
  await expect(page.getByTestId('status')).toHaveText('cancelled');
  await expect(page.getByTestId('cancel-experiment')).toHaveCount(0);
  await screenshot(page, 'experiment-cancelled');

  const after = await waitForEnd(request, id);
  expect(after.status).toBe('cancelled');
  // The conversations in flight end as cancelled and are stored; then the run stops for good.
  await expect.poll(async () => (await (await request.get(`/api/experiments/${id}`)).json()).active).toBe(false);
  const stopped = await (await request.get(`/api/experiments/${id}`)).json();
  expect(stopped.status).toBe('cancelled');
  expect(stopped.progress.done).toBeGreaterThanOrEqual(after.progress.done);
  expect(stopped.progress.done).toBeLessThanOrEqual(after.progress.done + 2);
  expect(stopped.progress.done).toBeLessThan(stopped.progress.total);
  const later = await (await request.get(`/api/experiments/${id}`)).json();
  expect(later.progress.done).toBe(stopped.progress.done);
  const again = await request.post(`/api/experiments/${id}/cancel`);
  expect(again.status()).toBe(200);
  expect(await again.json()).toEqual({ id, status: 'cancelled' });
});

test('pages for unknown ids say so', async ({ page }) => {
  const response = await page.goto('/experiments/no-such-experiment');
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toBeVisible();
  expect((await page.goto('/conversations/no-such-conversation'))?.status()).toBe(404);
});

test('in a narrow window nothing spills sideways', async ({ page, request }) => {
  const id = await createExperiment(request, {
    agent: 'harness',
    variants: [{ name: 'a' }, { name: 'b' }],
    endpoint: { kind: 'simulated' },
    requestsPerVariant: 4,
  });
  await waitForEnd(request, id);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [name, path] of [
    ['narrow-overview', '/'],
    ['narrow-experiment', `/experiments/${id}`],
    ['narrow-new-experiment', '/experiments/new'],
  ]) {
    await page.goto(path);
    // Wide tables scroll inside their own box; the page itself keeps the window's width.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
    await screenshot(page, name);
  }
});

// The experiment list and the new-experiment form, as a person uses them in Chromium.
import { createExperiment, screenshot, waitForEnd } from './helpers';
import { expect, test } from './fixtures';
import { expectChartsMatchApi, getExperiment } from './experiments-helpers';

test('the experiment list says how to begin when it is empty', async ({ page, request }) => {
  const listed = (await (await request.get('/api/experiments')).json()) as { experiments: unknown[] };
  // On a fresh database the whole list is empty; after other specs, an agent nobody ran is.
  const url = listed.experiments.length === 0 ? '/experiments' : '/experiments?agent=sample_data';
  await page.goto(url);
  await expect(page.getByTestId('experiments-empty')).toContainText(/No experiments (yet|for sample_data yet)/);
  await expect(page.getByTestId('experiments-empty').getByRole('link')).toHaveAttribute('href', /\/experiments\/new/);
  await screenshot(page, 'b-experiments-empty');
  await page.setViewportSize({ width: 420, height: 800 });
  await screenshot(page, 'b-experiments-empty-narrow');
});

test('an A/B experiment started from the form runs to completion, its charts drawn with the API’s numbers', async ({
  page,
  experimentForm: form,
}) => {
  await form.open();
  await form.chooseAgent('harness');
  const second = form.variant(1);
  await second.getByTestId('variant-name').fill('required');
  await second
    .getByTestId('variant-prompt')
    .fill('You call tools. Call simple_tool with the request, then submit_result.\nAlways respond with a tool call.');
  await second.getByTestId('variant-tool-choice').selectOption('required');
  await second.getByTestId('variant-temperature').fill('0.2');
  await second.getByTestId('variant-max-tokens').fill('256');
  await second.getByTestId('variant-force-submit').check();
  await second.getByTestId('variant-logprobs').check();
  await page.getByTestId('requests-per-variant').fill('30');
  await page.getByTestId('concurrency').fill('6');
  await screenshot(page, 'b-experiment-form-ab');
  const id = await form.start();
  await form.waitForStatus('completed');
  await expect(page.getByTestId('progress-text')).toContainText('60 / 60');
  await expect(page.getByTestId('cancel-experiment')).toHaveCount(0);

  // The settings went through as asked.
  const variants = page.getByTestId('variants');
  await expect(variants.locator('tr', { hasText: 'required' }).first()).toContainText('0.2');
  await expect(variants.locator('tr', { hasText: 'required' }).first()).toContainText('256');
  // The harness agent's tools run inside Remora: no tool process, so no sandbox is needed (not a warning).
  await expect(page.getByTestId('experiment-sandbox')).toHaveText(
    'not needed: every tool runs inside Remora, none as a process',
  );

  const experiment = await getExperiment(page.request, id);
  expect(experiment.status).toBe('completed');
  expect(experiment.summary.variants.map((variant) => variant.name)).toEqual(['baseline', 'required']);
  // Logprobs were asked for the second variant only: its confidence is drawn, the first one's is a gap.
  expect(experiment.summary.variants[1].meanToolNameConfidence).toBeGreaterThan(0);
  expect(experiment.summary.variants[0].meanToolNameConfidence).toBeNull();
  await expect(page.getByTestId('chart-confidence')).toBeVisible();
  await expect(page.getByTestId('chart-confidence').getByTestId('simulated-badge')).toBeVisible();
  await expectChartsMatchApi(page, experiment);
  await screenshot(page, 'b-experiment-finished-ab');

  await page.getByTestId('history-link').click();
  await expect(page).toHaveURL(/\/agents\/harness\/history$/);
  await expect(page.locator(`[data-testid="history-row"][data-experiment="${id}"]`)).toHaveCount(2);
});

test('a running experiment shows live progress and can be cancelled', async ({ page, request }) => {
  const id = await createExperiment(request, {
    agent: 'harness',
    variants: [{ name: 'baseline' }, { name: 'again' }],
    endpoint: { kind: 'simulated' },
    requestsPerVariant: 5000,
    concurrency: 2,
  });
  await page.goto(`/experiments/${id}`);
  await expect(page.getByTestId('status')).toHaveText('running');
  // Live: the count grows while the page is open, without a reload.
  const progress = page.getByTestId('progress');
  const first = Number(await progress.getAttribute('data-done'));
  await expect
    .poll(async () => Number(await progress.getAttribute('data-done')), { timeout: 0 })
    .toBeGreaterThan(first + 5);
  await expect(page.getByTestId('chart-rates').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await screenshot(page, 'b-experiment-running');

  await page.getByTestId('cancel-experiment').click();
  await page.getByTestId('cancel-confirm-yes').click();
  await expect(page.getByTestId('status')).toHaveText('cancelled', { timeout: 0 });
  await expect(page.getByTestId('cancel-experiment')).toHaveCount(0);
  const ended = await waitForEnd(request, id);
  expect(ended.status).toBe('cancelled');
  expect(ended.progress.done).toBeLessThan(ended.progress.total);
  // What is shown is what was stored before the cancel.
  await expect(page.getByTestId('progress-text')).toContainText(`${ended.progress.done} / 10000`);
  await screenshot(page, 'b-experiment-cancelled');
});

test('bad form input is shown next to its field, in plain words', async ({ page }) => {
  await page.goto('/experiments/new');
  await page.getByTestId('requests-per-variant').fill('lots');
  await page.getByTestId('start-experiment').click();
  const requestsError = page.locator('[data-testid="field-error"][data-field="requestsPerVariant"]');
  await expect(requestsError).toHaveText(/must be a whole number, not "lots"/);
  await expect(page.getByTestId('requests-per-variant')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/experiments\/new$/);

  // Ranges are the API's to judge; its reasons land beside the fields too.
  await page.getByTestId('requests-per-variant').fill('10');
  await page.getByTestId('concurrency').fill('500');
  await page.getByTestId('variant-editor').nth(1).getByTestId('variant-name').fill('baseline');
  await page.getByTestId('variant-editor').nth(0).getByTestId('variant-temperature').fill('9');
  await page.getByTestId('start-experiment').click();
  await expect(page.locator('[data-testid="field-error"][data-field="concurrency"]')).toContainText(
    'must be a whole number from 1 to 256',
  );
  await expect(page.locator('[data-testid="field-error"][data-field="variants.1.name"]')).toContainText(
    '"baseline" is used twice',
  );
  await expect(page.locator('[data-testid="field-error"][data-field="variants.0.settings.temperature"]')).toContainText(
    'Temperature must be a number from 0 to 2',
  );
  await expect(requestsError).toHaveCount(0);
  const summary = page.getByTestId('form-error');
  await expect(summary).toContainText('invalid request');
  await expect(summary).toContainText('Concurrency: must be a whole number from 1 to 256');
  await expect(summary).not.toContainText('Too big');
  await expect(summary).toContainText('Variant 2 name: variant name "baseline" is used twice');
  await expect(page).toHaveURL(/\/experiments\/new$/);
  await screenshot(page, 'b-experiment-form-errors');
  await page.setViewportSize({ width: 420, height: 900 });
  await screenshot(page, 'b-experiment-form-errors-narrow');
});

test('a link with ?agent= and ?variant= fills the form with the saved prompt variant', async ({ page, request }) => {
  const prompt = 'Saved for the e2e test. Call simple_tool, then submit_result.\nAlways respond with a tool call.';
  const saved = await request.post('/api/agents/harness/variants', {
    data: { name: 'linked-e2e', systemPrompt: prompt, nodeContext: '{{ node_text }}' },
  });
  expect([200, 201]).toContain(saved.status());

  await page.goto('/experiments/new?agent=harness&variant=linked-e2e');
  await expect(page.getByTestId('agent-select')).toHaveValue('harness');
  const second = page.getByTestId('variant-editor').nth(1);
  await expect(second.getByTestId('variant-name')).toHaveValue('linked-e2e');
  await expect(second.getByTestId('variant-prompt')).toHaveValue(prompt);
  await expect(second.getByTestId('variant-source').locator('option:checked')).toHaveText(/saved: linked-e2e v\d+/);
  await expect(page.getByTestId('variant-editor').nth(0).getByTestId('variant-prompt')).toHaveValue(/task_description/);

  await page.goto('/experiments/new?agent=harness&variant=no-such-variant');
  await expect(page.getByTestId('form-notices')).toContainText(
    'Agent "harness" has no saved prompt variant "no-such-variant".',
  );

  // Picking a saved variant for the first variant replaces its prompt.
  const source = page.getByTestId('variant-editor').nth(0).getByTestId('variant-source');
  const value = await source.locator('option', { hasText: 'saved: linked-e2e' }).getAttribute('value');
  await source.selectOption(value as string);
  await expect(page.getByTestId('variant-editor').nth(0).getByTestId('variant-prompt')).toHaveValue(prompt);
});

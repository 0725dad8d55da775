// Experiments you can manage (issue 12, item 4): name, description and tags; clone with the form
// pre-filled; Cancel asks first; resume a cancelled one to its full count; delete one (asked
// first) and its saved prompt and dataset are still there; the list's columns.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, NO_ACCIDENTS, test } from './fixtures';
import { createExperiment, screenshot, waitForEnd } from './helpers';

test.setTimeout(300_000);

// The held model's delay: longer than any test here, so only the test decides when it answers.
const HELD_MS = 600_000;
const COUNT = 20;
const PROMPT_B = 'Managed e2e prompt. Call simple_tool with the request, then submit_result.';

test('rename, tag, clone with the form pre-filled', async ({ page, request }) => {
  const id = await createExperiment(request, {
    agent: 'harness',
    variants: [
      { name: 'baseline' },
      { name: 'strict', systemPrompt: PROMPT_B, settings: { toolChoice: 'required', temperature: 0.5 } },
    ],
    endpoint: { kind: 'simulated' },
    requestsPerVariant: 6,
    concurrency: 3,
  });
  await waitForEnd(request, id);
  await page.goto(`/experiments/${id}`);
  await page.getByTestId('edit-details').click();
  await page.getByTestId('experiment-name-input').fill('Strict prompt trial');
  await page.getByTestId('experiment-tags-input').fill('e2e, strict');
  await page.getByTestId('experiment-description-input').fill('Does "required" help the harness?');
  await page.getByTestId('save-details').click();
  await expect(page.getByTestId('experiment-name')).toHaveText('Strict prompt trial');
  await expect(page.getByTestId('experiment-tag')).toHaveText(['e2e', 'strict']);
  await expect(page).toHaveTitle(/Strict prompt trial/);
  await page.reload();
  await expect(page.getByTestId('experiment-description')).toHaveText('Does "required" help the harness?');

  await page.getByTestId('clone-experiment').click();
  await page.waitForURL(/\/experiments\/new\?from=/);
  await expect(page.getByTestId('form-notices')).toContainText('Filled from experiment Strict prompt trial');
  await expect(page.getByTestId('agent-select')).toHaveValue('harness');
  await expect(page.getByTestId('requests-per-variant')).toHaveValue('6');
  await expect(page.getByTestId('concurrency')).toHaveValue('3');
  const editors = page.getByTestId('variant-editor');
  await expect(editors).toHaveCount(2);
  await expect(editors.nth(1).getByTestId('variant-name')).toHaveValue('strict');
  await expect(editors.nth(1).getByTestId('variant-prompt')).toHaveValue(PROMPT_B);
  await expect(editors.nth(1).getByTestId('variant-tool-choice')).toHaveValue('required');
  await expect(editors.nth(1).getByTestId('variant-temperature')).toHaveValue('0.5');
  await expect(editors.nth(0).getByTestId('variant-prompt')).toHaveValue(/task_description/);
  // On the simulator, the form says a prompt A/B is an A/A test.
  await expect(page.getByTestId('simulator-ab-note')).toContainText('A/A');
  await screenshot(page, 'manage-clone-form');
  await page.getByTestId('start-experiment').click();
  await page.waitForURL(/\/experiments\/[0-9a-f-]+$/);
  const cloned = new URL(page.url()).pathname.split('/').pop() as string;
  expect(cloned).not.toBe(id);
  const body = (await waitForEnd(request, cloned)) as unknown as { progress: { total: number } };
  expect(body.progress.total).toBe(12);
});

test('Cancel asks first; a cancelled experiment resumes to its full count', async ({ page, request, simulator }) => {
  // A model that holds its answers until the cancel: the experiment is still running when Cancel is
  // clicked however slow the machine, without hundreds of conversations to outlast the clicks. Then
  // it answers at once, for the resumed run. (The same server again for a repeat of this test.)
  const { server, endpoint } = await simulator({ ...NO_ACCIDENTS, seed: 12 });
  server.options.latencyMs = HELD_MS;
  const id = await createExperiment(request, {
    agent: 'harness',
    variants: [{ name: 'baseline' }],
    endpoint,
    requestsPerVariant: COUNT,
    concurrency: 1,
  });
  await page.goto(`/experiments/${id}`);
  await page.getByTestId('cancel-experiment').click();
  await expect(page.getByTestId('cancel-confirm')).toBeVisible();
  await page.getByTestId('cancel-confirm-no').click();
  await expect(page.getByTestId('status')).toHaveText(/pending|running/);
  await page.getByTestId('cancel-experiment').click();
  await page.getByTestId('cancel-confirm-yes').click();
  await expect(page.getByTestId('status')).toHaveText('cancelled');
  const stopped = (await (await request.get(`/api/experiments/${id}`)).json()) as {
    progress: { done: number; total: number };
  };
  expect(stopped.progress.done).toBeLessThan(COUNT);

  server.options.latencyMs = 0;
  await page.reload();
  await page.getByTestId('resume-experiment').click();
  await expect(page.getByTestId('status')).toHaveText(/pending|running|completed/);
  const ended = (await waitForEnd(request, id)) as unknown as {
    status: string;
    progress: { done: number; total: number };
  };
  expect(ended.status).toBe('completed');
  expect(ended.progress).toEqual({ done: COUNT, total: COUNT });
  await page.reload();
  await expect(page.getByTestId('progress-text')).toContainText(`${COUNT} / ${COUNT}`);
  await expect(page.getByTestId('resume-experiment')).toHaveCount(0);
});

test('delete asks first and keeps the prompt versions and the dataset it used; the list shows its columns', async ({
  page,
  request,
}) => {
  const saved = await request.post('/api/agents/smart_home/variants', {
    data: {
      name: 'kept-after-delete',
      systemPrompt: 'Kept after delete. Call the right smart home function.',
      nodeContext: '{{ node_text }}',
    },
  });
  expect([200, 201], await saved.text()).toContain(saved.status());
  const text = readFileSync(path.join(process.cwd(), 'agents', 'smart_home', 'dataset.jsonl'), 'utf8');
  const imported = await request.post('/api/datasets', { data: { name: 'kept after delete', format: 'remora', text } });
  expect([200, 201]).toContain(imported.status());
  // Identical cases are reused: another spec may have stored this file first, under its own name.
  const { id: datasetId, name: datasetName } = ((await imported.json()) as { dataset: { id: string; name: string } })
    .dataset;

  const id = await createExperiment(request, {
    agent: 'smart_home',
    variants: [
      { name: 'baseline' },
      { name: 'kept-after-delete', systemPrompt: 'Kept after delete. Call the right smart home function.' },
    ],
    endpoint: { kind: 'simulated' },
    dataset: datasetId,
    requestsPerVariant: 10,
    concurrency: 4,
  });
  await waitForEnd(request, id);

  // The list: agent, variants with the headline rate and its interval, n, status, duration in seconds.
  await page.goto('/experiments');
  const row = page.locator(`[data-testid="experiment-row"][data-experiment="${id}"]`);
  await expect(row).toContainText('smart_home');
  await expect(row.getByTestId('row-headline').locator('[data-variant]')).toHaveCount(2);
  await expect(row.getByTestId('row-headline')).toContainText(/baseline: call accuracy \d+\.\d% \(\d+\.\d–\d+\.\d\)/);
  await expect(row).toContainText('20 / 20');
  await expect(row).toContainText(/\d+\.\d s/);
  await screenshot(page, 'manage-experiments-list');

  await page.goto(`/experiments/${id}`);
  await page.getByTestId('delete-experiment').click();
  await expect(page.getByTestId('delete-confirm')).toContainText('20 conversations');
  await page.getByTestId('delete-confirm-no').click();
  expect((await request.get(`/api/experiments/${id}`)).status()).toBe(200);
  await page.getByTestId('delete-experiment').click();
  await page.getByTestId('delete-confirm-yes').click();
  await page.waitForURL(/\/experiments$/);
  expect((await request.get(`/api/experiments/${id}`)).status()).toBe(404);
  await expect(page.locator(`[data-testid="experiment-row"][data-experiment="${id}"]`)).toHaveCount(0);

  // What it used is still there.
  const variants = JSON.stringify(await (await request.get('/api/agents/smart_home/variants')).json());
  expect(variants).toContain('kept-after-delete');
  expect((await request.get(`/api/datasets/${datasetId}`)).status()).toBe(200);
  await page.goto(`/datasets/${datasetId}`);
  await expect(page.getByTestId('dataset-name')).toHaveText(datasetName);
});

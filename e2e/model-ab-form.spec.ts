// A model A/B from the panel (issue 29, item 4): in the new-experiment form one variant names its own
// saved endpoint, model and family beside its prompt and settings; the run sends that variant's
// requests to that server, and the experiment page, its charts and the compare page name each
// variant's model and family; "Run again" brings each variant's server, model and family back.
import { screenshot, screenshotOf } from './helpers';
import { expect, NO_ACCIDENTS, test } from './fixtures';

test('a variant on its own saved endpoint, model and family; the pages name each variant model', async ({
  page,
  request,
  simulator,
  experimentForm: form,
}, testInfo) => {
  // A second server whose model is another one: what a Qwen on llama.cpp beside FunctionGemma would be.
  const qwen = await simulator({ ...NO_ACCIDENTS, model: 'qwen3-0.6b-sim' });
  const endpointName = `qwen-sim-${testInfo.repeatEachIndex}-${Date.now()}`;
  const saved = await request.post('/api/endpoints', {
    data: { name: endpointName, baseUrl: qwen.endpoint.baseUrl, model: 'qwen3-0.6b-sim' },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const requestsBefore = qwen.server.stats().requests;

  await form.open({ agent: 'harness' });
  await page.getByTestId('requests-per-variant').fill('4');
  const second = form.variant(1);
  await second.getByTestId('variant-server').selectOption(`saved:${endpointName}`);
  // Left empty, the model is the saved endpoint's own.
  await expect(second.getByTestId('variant-model')).toHaveAttribute('placeholder', 'qwen3-0.6b-sim');
  await second.getByTestId('variant-family').selectOption('hermes');
  // Another model is not an A/A twin of the first variant.
  await expect(page.getByTestId('decision-plan')).not.toContainText('is identical to');
  await screenshotOf(second, 'model-ab-form-variant');
  await screenshot(page, 'model-ab-form');

  const id = await form.start();
  await form.waitForStatus('completed');
  // The second variant's requests went to its own server (the first's to the built-in simulator).
  expect(qwen.server.stats().requests - requestsBefore).toBeGreaterThanOrEqual(4);
  const api = (await (await request.get(`/api/experiments/${id}`)).json()) as {
    summary: { variants: { name: string; model?: string; family?: string | null }[] };
  };
  expect(api.summary.variants.map((variant) => [variant.model, variant.family])).toEqual([
    ['functiongemma-270m-it-sim', null],
    ['qwen3-0.6b-sim', 'hermes'],
  ]);

  // The experiment page: the results table, the charts' key and the variants card name them.
  const rows = page.getByTestId('summary-row');
  await expect(rows.nth(0).getByTestId('variant-model')).toHaveText('functiongemma-270m-it-sim');
  await expect(rows.nth(1).getByTestId('variant-model')).toHaveText('qwen3-0.6b-sim · hermes');
  const key = page.getByTestId('chart-model-key');
  await expect(key).toContainText('baseline: functiongemma-270m-it-sim');
  await expect(key).toContainText('qwen3-0.6b-sim · hermes');
  const variants = page.getByTestId('variants');
  await expect(variants.getByTestId('variant-model')).toHaveText(['functiongemma-270m-it-sim', 'qwen3-0.6b-sim']);
  await expect(variants.getByTestId('variant-family')).toHaveText(['not declared', 'hermes']);
  await screenshot(page, 'model-ab-experiment');

  // "Run again with these settings" fills the form with the same model A/B: each variant's server,
  // model and family as it ran.
  await page.getByTestId('clone-experiment').click();
  await expect(page).toHaveURL(/\/experiments\/new\?from=/);
  const again = form.variant(1);
  await expect(again.getByTestId('variant-server')).toHaveValue(`saved:${endpointName}`);
  await expect(again.getByTestId('variant-model')).toHaveValue('');
  await expect(again.getByTestId('variant-model')).toHaveAttribute('placeholder', 'qwen3-0.6b-sim');
  await expect(again.getByTestId('variant-family')).toHaveValue('hermes');
  await expect(form.variant(0).getByTestId('variant-server')).toHaveValue('');
  await expect(form.variant(0).getByTestId('variant-family')).toHaveValue('');
  await expect(page.getByTestId('decision-plan')).not.toContainText('is identical to');

  // The compare page names each side's model and family.
  const [first, other] = api.summary.variants.map((variant) => `${id}:${variant.name}`);
  await page.goto(`/compare?${new URLSearchParams({ a: first, b: other })}`);
  await expect(page.getByTestId('side-a').getByTestId('variant-model')).toHaveText(
    'functiongemma-270m-it-sim · family not declared',
  );
  await expect(page.getByTestId('side-b').getByTestId('variant-model')).toHaveText('qwen3-0.6b-sim · hermes');
  await screenshot(page, 'model-ab-compare');
});

test('a variant on a typed base URL needs a model: said beside the field, nothing sent', async ({
  page,
  experimentForm: form,
}) => {
  await form.open({ agent: 'harness' });
  const second = form.variant(1);
  await second.getByTestId('variant-server').selectOption('url');
  await second.getByTestId('variant-base-url').fill('http://127.0.0.1:9/v1');
  await page.getByTestId('start-experiment').click();
  await expect(second.getByTestId('field-error')).toHaveText('is required with a base URL');
  await expect(second.getByTestId('variant-model')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/experiments\/new/);
});

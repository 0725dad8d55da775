// Editing a saved endpoint: in its row on the endpoints page (the add form's fields, filled with its
// settings) and by PATCH /api/endpoints/:id, refused in plain words when the input is bad. An
// experiment that started on it keeps the settings it copied then.
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { createExperiment, screenshot, simulatorUrl, waitForEnd } from './helpers';

const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

async function saveEndpoint(request: APIRequestContext, data: Record<string, unknown>): Promise<{ id: string }> {
  const created = await request.post('/api/endpoints', { data });
  expect(created.status(), await created.text()).toBe(201);
  return created.json();
}

test('an endpoint edited in its row; the experiment started on it keeps what it copied', async ({ page, request }) => {
  const baseUrl = await simulatorUrl(request);
  const name = unique('editable');
  const taken = unique('taken');
  await saveEndpoint(request, { name: taken, baseUrl, model: 'functiongemma-270m-it-sim' });
  const { id } = await saveEndpoint(request, {
    name,
    baseUrl,
    model: 'functiongemma-270m-it-sim',
    requestTimeouts: { idleMs: 7000 },
    pricePerMillionTokens: { input: 2, output: 8 },
  });
  const experimentId = await createExperiment(request, {
    agent: 'harness',
    variants: [{ name: 'a' }],
    endpoint: { name },
    requestsPerVariant: 1,
  });
  await waitForEnd(request, experimentId);
  const before = await (await request.get(`/api/experiments/${experimentId}`)).json();

  await page.goto('/endpoints');
  const row = page.locator(`[data-testid="endpoint-row"][data-endpoint="${name}"]`);
  await row.getByTestId('endpoint-edit').click();
  const edit = row.getByTestId('endpoint-edit-form');
  // The form shows the endpoint as saved.
  await expect(edit.getByTestId('endpoint-idle')).toHaveValue('7');
  await expect(edit.getByTestId('endpoint-input-price')).toHaveValue('2');
  // A name another endpoint has: said in plain words, nothing changed.
  await edit.getByTestId('endpoint-name').fill(taken);
  await edit.getByTestId('endpoint-save').click();
  await expect(edit.getByTestId('endpoint-edit-error')).toContainText(`An endpoint named ${taken} exists already`);
  // Half a price is refused in the form itself.
  await edit.getByTestId('endpoint-name').fill(name);
  await edit.getByTestId('endpoint-output-price').fill('');
  await expect(edit.getByTestId('endpoint-save')).toBeDisabled();
  await edit.getByTestId('endpoint-input-price').fill('');
  await edit.getByTestId('endpoint-idle').fill('');
  await edit.getByTestId('endpoint-total').fill('120');
  await edit.getByTestId('endpoint-model').fill('qwen3-0.6b');
  await edit.getByTestId('endpoint-key-env').fill('REMORA_E2E_EDITED_KEY');
  await screenshot(page, 'endpoint-edit-form');
  await edit.getByTestId('endpoint-save').click();

  await expect(edit).toHaveCount(0);
  await expect(row.getByTestId('endpoint-prices')).toHaveText('not set (no cost shown)');
  await expect(row.getByTestId('endpoint-timeouts')).toHaveText(
    'first byte 60 s (default) · idle 30 s (default) · total 120 s',
  );
  await expect(row).toContainText('$REMORA_E2E_EDITED_KEY');
  // Tested again as it is now: the simulator does not list the new model.
  await expect(row.getByTestId('endpoint-test-result')).toContainText('does not serve qwen3-0.6b');
  // After a reload too: it was saved.
  await page.reload();
  await expect(row.getByTestId('endpoint-timeouts')).toContainText('total 120 s');
  await screenshot(page, 'endpoint-edited');

  const after = await (await request.get(`/api/experiments/${experimentId}`)).json();
  expect(after.settings).toEqual(before.settings);
  expect(after.settings.endpoint).toMatchObject({ baseUrl, model: 'functiongemma-270m-it-sim' });
  expect(after.summary).toEqual(before.summary);
  const listed = (await (await request.get('/api/endpoints')).json()).endpoints.find(
    (endpoint: { id: string }) => endpoint.id === id,
  );
  expect(listed).toMatchObject({
    model: 'qwen3-0.6b',
    pricePerMillionTokens: null,
    requestTimeouts: { totalMs: 120_000 },
  });
});

test('PATCH /api/endpoints/:id: bad input in plain words, the simulator and unknown ids refused', async ({
  request,
}) => {
  const baseUrl = await simulatorUrl(request);
  const { id } = await saveEndpoint(request, { name: unique('patched'), baseUrl, model: 'm' });
  const patch = (target: string, data: unknown) => request.patch(`/api/endpoints/${target}`, { data });

  const bad = await patch(id, { requestTimeouts: { totalMs: 0 }, baseUrl: 'not a url', colour: 'red' });
  expect(bad.status()).toBe(400);
  const reasons: string[] = (await bad.json()).reasons;
  expect(reasons).toContain('requestTimeouts.totalMs: must be at least 1');
  expect(reasons.some((reason) => reason.startsWith('baseUrl: '))).toBe(true);
  // Plain words, never the validation library's own text.
  expect(reasons.join('\n')).not.toMatch(/Too (big|small)|Invalid|Unrecognized/);
  const nothing = await patch(id, {});
  expect(nothing.status()).toBe(400);
  expect((await nothing.json()).reasons).toEqual([
    'give at least one of name, baseUrl, model, apiKeyEnv, requestTimeouts, pricePerMillionTokens',
  ]);
  const pasted = await patch(id, { apiKeyEnv: 'sk-proj-1234567890abcdef' });
  expect(pasted.status()).toBe(400);
  expect((await pasted.json()).reasons[0]).toMatch(/^apiKeyEnv: must be the NAME/);

  const { endpoints } = await (await request.get('/api/endpoints')).json();
  const simulated = endpoints.find((endpoint: { builtIn: boolean }) => endpoint.builtIn);
  const builtIn = await patch(simulated.id, { model: 'other' });
  expect(builtIn.status()).toBe(400);
  expect((await builtIn.json()).error).toBe('the built-in simulator cannot be edited; add an endpoint of your own');
  expect((await patch('no-such-id', { model: 'other' })).status()).toBe(404);

  const changed = await patch(id, { model: 'other', pricePerMillionTokens: { input: 1, output: 3 } });
  expect(changed.status(), await changed.text()).toBe(200);
  expect(await changed.json()).toMatchObject({ id, model: 'other', pricePerMillionTokens: { input: 1, output: 3 } });
});

// The endpoints page in Chromium: the built-in simulator marked "simulated", adding an endpoint
// and testing it (GET /v1/models) against the simulator, refusing a key typed where its variable's
// name belongs, and removing an endpoint.
import { expect, test } from './fixtures';
import { screenshot, simulatorUrl } from './helpers';

test('the built-in simulator is listed with its mark, and its test lists its model', async ({ page }) => {
  await page.goto('/endpoints');
  const simulated = page.locator('[data-testid="endpoint-row"][data-endpoint="simulated"]');
  await expect(simulated.getByTestId('simulated-badge')).toBeVisible();
  await expect(simulated.getByTestId('endpoint-remove')).toHaveCount(0);
  await simulated.getByTestId('endpoint-test').click();
  const result = simulated.getByTestId('endpoint-test-result');
  await expect(result).toHaveAttribute('data-reachable', 'true');
  await expect(result.getByTestId('endpoint-models')).toHaveText('functiongemma-270m-it-sim');
  await expect(result.getByTestId('simulated-badge')).toBeVisible();
  await screenshot(page, 'endpoints');
});

test('adding an endpoint tests it at once; a key where a variable name belongs is refused', async ({
  page,
  request,
}) => {
  const liveUrl = await simulatorUrl(request);
  // Endpoint names are unique: names of this run's own keep the test passing when repeated on one database.
  const run = Date.now().toString(36);
  const name = `sim-by-url-${run}`;
  const unreachable = `nobody-home-${run}`;
  await page.goto('/endpoints');
  await page.getByTestId('endpoint-name').fill(name);
  await page.getByTestId('endpoint-base-url').fill(liveUrl);
  await page.getByTestId('endpoint-model').fill('functiongemma-270m-it-sim');

  // A key typed into the variable field: the form says why and will not send it.
  await page.getByTestId('endpoint-key-env').fill('sk-proj-abc123def456');
  await expect(page.getByTestId('endpoint-key-hint')).toContainText('looks like a key itself');
  await expect(page.getByTestId('endpoint-add')).toBeDisabled();
  await page.getByTestId('endpoint-key-env').fill('AKIAIOSFODNN7EXAMPLE');
  await expect(page.getByTestId('endpoint-key-hint')).toContainText('cloud access key id');
  await screenshot(page, 'endpoints-key-refused');
  // The server refuses it as well, for clients that skip the form.
  const refused = await request.post('/api/endpoints', {
    data: { name: 'sneaky', baseUrl: liveUrl, model: 'm', apiKeyEnv: 'AKIAIOSFODNN7EXAMPLE' },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).reasons[0]).toMatch(/^apiKeyEnv: /);

  await page.getByTestId('endpoint-key-env').fill('REMORA_E2E_UNSET_KEY');
  await expect(page.getByTestId('endpoint-add')).toBeEnabled();
  await page.getByTestId('endpoint-add').click();
  const added = page.locator(`[data-testid="endpoint-row"][data-endpoint="${name}"]`);
  await expect(added.getByTestId('endpoint-url')).toHaveText(liveUrl);
  const result = added.getByTestId('endpoint-test-result');
  await expect(result).toHaveAttribute('data-reachable', 'true');
  await expect(result.getByTestId('endpoint-models')).toContainText('functiongemma-270m-it-sim');
  await expect(result).toContainText('the key variable is not set');
  await screenshot(page, 'endpoints-added');

  // A second one with the same name is refused with the reason.
  await page.getByTestId('endpoint-name').fill(name);
  await page.getByTestId('endpoint-model').fill('x');
  await page.getByTestId('endpoint-add').click();
  await expect(page.getByTestId('endpoint-add-error')).toContainText('exists already');

  // An unreachable server is reported, not thrown.
  await page.getByTestId('endpoint-name').fill(unreachable);
  await page.getByTestId('endpoint-base-url').fill('http://127.0.0.1:9/v1');
  await page.getByTestId('endpoint-key-env').fill('');
  await page.getByTestId('endpoint-add').click();
  const down = page.locator(`[data-testid="endpoint-row"][data-endpoint="${unreachable}"]`);
  await expect(down.getByTestId('endpoint-test-result')).toHaveAttribute('data-reachable', 'false');
  await screenshot(page, 'endpoints-unreachable');

  page.once('dialog', (dialog) => dialog.accept());
  await down.getByTestId('endpoint-remove').click();
  await expect(down).toHaveCount(0);
  const listed = (await (await request.get('/api/endpoints')).json()).endpoints.map(
    (endpoint: { name: string }) => endpoint.name,
  );
  expect(listed).toContain(name);
  expect(listed).not.toContain(unreachable);
  await page.setViewportSize({ width: 420, height: 900 });
  await screenshot(page, 'endpoints-narrow');
});

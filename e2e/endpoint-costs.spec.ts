// An endpoint's request timeouts and token prices in Chromium: set in the add form (half a price is
// refused there), shown on the endpoint, and an experiment run on it shows each variant's tokens and
// their cost on the experiment page and on the compare page, computed as lib/metrics/cost.ts does.
import { formatCost, tokenCost } from '../lib/metrics/cost';
import { expect, test } from './fixtures';
import { createExperiment, screenshot, simulatorUrl, waitForEnd } from './helpers';

const PRICES = { input: 2, output: 8 };

test('timeouts and prices set on an endpoint; its experiments show tokens and cost per variant', async ({
  page,
  request,
}) => {
  const liveUrl = await simulatorUrl(request);
  // Endpoint names are unique: a name of this run's own keeps the test passing when repeated on one database.
  const name = `priced-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  await page.goto('/endpoints');
  await page.getByTestId('endpoint-name').fill(name);
  await page.getByTestId('endpoint-base-url').fill(liveUrl);
  await page.getByTestId('endpoint-model').fill('functiongemma-270m-it-sim');
  await page.getByTestId('endpoint-first-byte').fill('0');
  await expect(page.getByTestId('endpoint-first-byte-hint')).toContainText('above 0');
  await expect(page.getByTestId('endpoint-add')).toBeDisabled();
  await page.getByTestId('endpoint-first-byte').fill('90');
  await page.getByTestId('endpoint-input-price').fill(String(PRICES.input));
  await expect(page.getByTestId('endpoint-input-price-hint')).toHaveText(
    'Give both prices, input and output, or neither.',
  );
  await expect(page.getByTestId('endpoint-add')).toBeDisabled();
  await page.getByTestId('endpoint-output-price').fill(String(PRICES.output));
  await expect(page.getByTestId('endpoint-add')).toBeEnabled();
  await screenshot(page, 'endpoints-timeouts-prices-form');
  await page.getByTestId('endpoint-add').click();
  const row = page.locator(`[data-testid="endpoint-row"][data-endpoint="${name}"]`);
  await expect(row.getByTestId('endpoint-timeouts')).toHaveText(
    'first byte 90 s · idle 30 s (default) · total 300 s (default)',
  );
  await expect(row.getByTestId('endpoint-prices')).toHaveText('2 in · 8 out');
  await expect(row.getByTestId('endpoint-test-result')).toHaveAttribute('data-reachable', 'true');
  await screenshot(page, 'endpoints-timeouts-prices');

  const id = await createExperiment(request, {
    agent: 'harness',
    variants: [{ name: 'a' }, { name: 'b', systemPrompt: 'Call simple_tool, then submit_result.' }],
    endpoint: { name },
    requestsPerVariant: 2,
  });
  const experiment = await waitForEnd(request, id);
  expect(experiment.status).toBe('completed');
  const expected = (variant: string) => {
    const summary = experiment.summary.variants.find((each) => each.name === variant)!;
    const tokens = summary.tokens!;
    expect(tokens.prompt, 'the simulator reports usage').toBeGreaterThan(0);
    return {
      tokens: `${tokens.prompt!.toLocaleString('en-US')} / ${tokens.completion!.toLocaleString('en-US')}`,
      cost: formatCost(tokenCost(tokens, PRICES)),
    };
  };

  await page.goto(`/experiments/${id}`);
  for (const variant of ['a', 'b']) {
    const summaryRow = page.locator(`[data-testid="summary-row"][data-variant="${variant}"]`);
    await expect(summaryRow.getByTestId('variant-tokens')).toHaveText(expected(variant).tokens);
    await expect(summaryRow.getByTestId('variant-cost')).toContainText(expected(variant).cost);
    await expect(summaryRow.getByTestId('variant-cost')).toContainText('per conversation');
  }
  await screenshot(page, 'experiment-tokens-cost');

  await page.goto(`/compare?a=${id}:a&b=${id}:b`);
  const table = page.getByTestId('compare-token-cost');
  for (const [side, variant] of [
    ['a', 'a'],
    ['b', 'b'],
  ]) {
    const sideRow = table.locator(`tr[data-side="${side}"]`);
    await expect(sideRow.getByTestId('variant-tokens')).toHaveText(expected(variant).tokens);
    await expect(sideRow.getByTestId('variant-cost')).toContainText(expected(variant).cost);
  }
  await screenshot(page, 'compare-tokens-cost');
});

test('an endpoint without prices shows tokens but no cost column', async ({ request, page }) => {
  const id = await createExperiment(request, {
    agent: 'harness',
    variants: [{ name: 'a' }],
    endpoint: { kind: 'simulated' },
    requestsPerVariant: 1,
  });
  await waitForEnd(request, id);
  await page.goto(`/experiments/${id}`);
  const summaryRow = page.locator('[data-testid="summary-row"][data-variant="a"]');
  await expect(summaryRow.getByTestId('variant-tokens')).toHaveText(/^[\d,]+ \/ [\d,]+$/);
  await expect(summaryRow.getByTestId('variant-cost')).toHaveCount(0);
});

// Comparing two variants of two experiments: picked in the page, each metric's difference in plain
// words (the same sentences the API gives), who did better per input, and one pair side by side.
import { expect, test } from './fixtures';
import { createExperiment, screenshot, screenshotOf, waitForEnd } from './helpers';

// The comparison's sentences, for a difference found and for none.
const DETECTED = new RegExp(
  '^directive (calls tools|makes valid calls|completes|does its task|needs) [\\d.]+ ' +
    '(points? (more|less) often|(more|fewer) turns?)',
);
const UNDETECTED = new RegExp(
  '(inconclusive between baseline and directive( among completed conversations)? \\(|' +
    'no information between baseline and directive( among completed conversations)?: \\d+ inputs give )' +
    '95% CI -?[−\\d.]+ to [−\\d.]+',
);

type CompareBody = {
  a: { label: string };
  b: { label: string };
  metrics: { metrics: { metric: string; sentence: string; comparison: { detectable: boolean } }[] };
  perInput: {
    tally: { a: number; b: number; same: number; pairs: number; sharedInputs: number };
    rows: { pairs: { a: { id: string }; b: { id: string } }[] }[];
  };
};

let first: string;
let second: string;

test.beforeAll(async ({ request }) => {
  first = await createExperiment(request, {
    agent: 'harness',
    variants: [{ name: 'baseline' }, { name: 'loud', systemPrompt: 'ALWAYS CALL A TOOL.' }],
    endpoint: { kind: 'simulated' },
    requestsPerVariant: 30,
    concurrency: 8,
  });
  second = await createExperiment(request, {
    agent: 'harness',
    variants: [
      {
        name: 'directive',
        systemPrompt:
          'You call tools. Call simple_tool with the request, then submit_result.\nAlways respond with a tool call.',
      },
    ],
    endpoint: { kind: 'simulated' },
    requestsPerVariant: 30,
    concurrency: 8,
  });
  await waitForEnd(request, first);
  await waitForEnd(request, second);
});

test('two variants of two experiments: the differences in words, per input, and a pair side by side', async ({
  page,
  request,
}) => {
  await page.goto('/compare');
  // A bare /compare fills the pickers and computes nothing until asked (slow on a large database).
  await expect(page.getByTestId('pick-a')).toBeVisible();
  await expect(page.getByTestId('compare-submit')).toBeVisible();
  await expect(page.getByTestId('compare-summary')).toHaveCount(0);
  await screenshot(page, 'compare-pick');
  await page.getByTestId('pick-a').selectOption(`${first}:baseline`);
  await page.getByTestId('pick-b').selectOption(`${second}:directive`);
  await page.getByTestId('compare-submit').click();
  await page.waitForURL(/\/compare\?a=/);

  const api = (await (
    await request.get(`/api/compare?a=${first}:baseline&b=${second}:directive`)
  ).json()) as CompareBody;
  const rows = page.getByTestId('metric-row');
  // The harness agent has a task-success check, so its rate is compared beside the four rates.
  const shown = api.metrics.metrics.map((metric) => metric.metric);
  expect([...shown].sort()).toEqual([
    'completionRate',
    'taskSuccessRate',
    'toolCallRate',
    'turnsToCompletion',
    'validCallRate',
  ]);
  await expect(rows).toHaveCount(shown.length);
  expect(await rows.evaluateAll((items) => items.map((item) => item.getAttribute('data-metric')))).toEqual(shown);
  await expect(page.getByTestId('comparison-sentence')).toHaveText(
    api.metrics.metrics.map((metric) => metric.sentence),
  );
  const sentences = await page.getByTestId('comparison-sentence').allTextContents();
  for (const [index, sentence] of sentences.entries()) {
    if (api.metrics.metrics[index].comparison.detectable) expect(sentence).toMatch(DETECTED);
    else expect(sentence).toMatch(UNDETECTED);
  }
  await expect(page.getByTestId('side-a')).toContainText('baseline');
  await expect(page.getByTestId('side-b')).toContainText('directive');

  // Per input: the harness inputs both ran, and the tally the API reports.
  await expect(page.getByTestId('tally-a').locator('strong')).toHaveText(String(api.perInput.tally.a));
  await expect(page.getByTestId('tally-b').locator('strong')).toHaveText(String(api.perInput.tally.b));
  await expect(page.getByTestId('tally-same').locator('strong')).toHaveText(String(api.perInput.tally.same));
  expect(api.perInput.tally.pairs).toBe(30);
  await expect(page.getByTestId('input-row').first()).toBeVisible();
  await screenshot(page, 'compare');
  await screenshotOf(page.getByTestId('compare-summary'), 'compare-metrics-close');
  if (api.perInput.tally.b > 0) {
    await page.getByTestId('input-filter-b').click();
    const links = page.getByTestId('pair-link');
    await expect(links.first()).toHaveAttribute('data-verdict', 'b');
  }
  await page.setViewportSize({ width: 420, height: 900 });
  await screenshot(page, 'narrow-compare');
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  // One pair, side by side.
  await page.getByTestId('pair-link').first().click();
  await page.waitForURL(/\/compare\/pair\?/);
  await expect(page.getByTestId('pair-verdict')).toHaveText(/^(A did better|B did better|Neither did better)/);
  await expect(page.getByTestId('different-inputs')).toHaveCount(0);
  for (const side of ['pair-a', 'pair-b']) {
    const column = page.getByTestId(side);
    await expect(column.locator('[data-testid="message"][data-role="user"]').first()).toBeVisible();
    await expect(column.getByTestId('model-call').first()).toBeVisible();
  }
  const userA = await page
    .getByTestId('pair-a')
    .locator('[data-testid="message"][data-role="user"]')
    .first()
    .textContent();
  const userB = await page
    .getByTestId('pair-b')
    .locator('[data-testid="message"][data-role="user"]')
    .first()
    .textContent();
  expect(userA?.replace(/#\d+/, '')).toBe(userB?.replace(/#\d+/, ''));
  await screenshot(page, 'compare-pair');
  await page.setViewportSize({ width: 420, height: 900 });
  await screenshot(page, 'narrow-compare-pair');
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
});

test('the experiment page links to its comparison, and a bad address is explained', async ({ page }) => {
  await page.goto(`/experiments/${first}`);
  await page.getByTestId('compare-link').click();
  await expect(page.getByTestId('pick-a')).toHaveValue(`${first}:baseline`);
  await expect(page.getByTestId('pick-b')).toHaveValue(`${first}:loud`);
  await page.getByTestId('compare-submit').click();
  await expect(page.getByTestId('comparison-sentence').first()).toContainText('loud');

  await page.goto(`/compare?a=${first}:nobody&b=${second}:directive`);
  await expect(page.getByTestId('compare-error')).toContainText('has no variant "nobody"');
  await expect(page.getByTestId('compare-error')).toContainText('"baseline", "loud"');
  await page.goto(`/compare?a=${first}:baseline&b=${first}:baseline`);
  await expect(page.getByTestId('compare-error')).toContainText('pick two different variants');
  await screenshot(page, 'compare-error');
  const bad = await page.request.get(`/api/compare?a=${first}:baseline&b=nonsense`);
  expect(bad.status()).toBe(400);
  expect((await bad.json()).reasons).toEqual(['b: must be EXPERIMENT_ID:VARIANT_NAME']);
});

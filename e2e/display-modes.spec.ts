// promptfoo's display modes (issue 28, item 7): the experiment grid and the compare page's per-input
// list show all inputs, only those where the variants differ, or only those where a run failed,
// the mode kept in the address. What each mode keeps is checked against the API's own facts (the
// compare API's outcomes, verdicts and task checks, the transcripts' first calls).
import { expect, test } from './fixtures';
import { screenshot } from './helpers';
import type { Comparison } from '../lib/api/compare';

type Fact = Comparison['perInput']['rows'][number]['pairs'][number]['a'];

const failed = (fact: Fact) =>
  fact.outcome !== 'cancelled' &&
  (fact.correct !== null
    ? !fact.correct
    : fact.taskSuccess !== null
      ? !fact.taskSuccess
      : fact.outcome !== 'submitted');

test('the grid and the compare page show only where variants differ, or only failures', async ({
  page,
  api,
  request,
}) => {
  const experiment = await api.runExperiment({
    agent: 'harness',
    variants: [{ name: 'baseline' }, { name: 'required', settings: { toolChoice: 'required' } }],
    endpoint: { kind: 'simulated' },
    requestsPerVariant: 12,
    concurrency: 4,
  });
  const a = `${experiment.id}:baseline`;
  const b = `${experiment.id}:required`;
  const response = await request.get(`/api/compare?a=${encodeURIComponent(a)}&b=${encodeURIComponent(b)}`);
  expect(response.ok()).toBe(true);
  const comparison = (await response.json()) as Comparison;
  const rows = comparison.perInput.rows;
  expect(rows.length).toBeGreaterThan(0);

  // What each mode should keep, from the API: a failed run; or two sides that ended differently.
  const signature = async (fact: Fact) => {
    const transcript = await api.transcript(fact.id!);
    const calls = transcript.modelCalls.find((call) => call.turn === 1)?.calls ?? [];
    const named = calls.map((call) => JSON.stringify([call.name, (call as { arguments?: unknown }).arguments]));
    return JSON.stringify([fact.outcome, fact.correct, fact.taskSuccess, named]);
  };
  const failing: number[] = [];
  const differing: number[] = [];
  for (const row of rows) {
    const pairs = row.pairs;
    if (pairs.some((pair) => failed(pair.a) || failed(pair.b))) failing.push(row.inputIndexA);
    const sidesA = new Set(await Promise.all(pairs.map((pair) => signature(pair.a))));
    const sidesB = new Set(await Promise.all(pairs.map((pair) => signature(pair.b))));
    if ([...sidesA].sort().join() !== [...sidesB].sort().join()) differing.push(row.inputIndexA);
  }
  const shownInputs = async () =>
    (await page.getByTestId('grid-row').evaluateAll((found) => found.map((row) => row.getAttribute('data-input'))))
      .map(Number)
      .sort((x, y) => x - y);

  // The grid: each mode is a link; the address keeps it.
  await page.goto(`/experiments/${experiment.id}/grid`);
  await expect(page.getByTestId('grid-row')).toHaveCount(rows.length);
  await expect(page.getByTestId('grid-filter-all')).toHaveAttribute('aria-current', 'true');
  for (const [mode, expected] of [
    ['failures', failing],
    ['differ', differing],
  ] as const) {
    await page.getByTestId(`grid-filter-${mode}`).click();
    await expect(page).toHaveURL(new RegExp(`/grid\\?filter=${mode}$`));
    await expect(page.getByTestId(`grid-filter-${mode}`)).toHaveAttribute('aria-current', 'true');
    if (expected.length === 0) await expect(page.getByTestId('grid-empty')).toBeVisible();
    await expect(page.getByTestId('grid-row')).toHaveCount(expected.length);
    expect(await shownInputs()).toEqual([...expected].sort((x, y) => x - y));
    await screenshot(page, `grid-${mode}`);
    // A reload keeps the mode.
    await page.reload();
    await expect(page.getByTestId('grid-row')).toHaveCount(expected.length);
  }

  // The compare page: "Only failures" keeps the inputs with a failed run, in the address too.
  await page.goto(`/compare?a=${encodeURIComponent(a)}&b=${encodeURIComponent(b)}`);
  await expect(page.getByTestId('input-row')).toHaveCount(rows.length);
  await page.getByTestId('input-filter-failures').click();
  await expect(page).toHaveURL(/[?&]filter=failures(&|$)/);
  await expect(page.getByTestId('input-filter-failures')).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('input-row')).toHaveCount(failing.length);
  const viaApi = await request.get(
    `/api/compare?a=${encodeURIComponent(a)}&b=${encodeURIComponent(b)}&filter=failures`,
  );
  const kept = ((await viaApi.json()) as Comparison).perInput.rows.map((row) => row.inputIndexA);
  expect(kept.sort((x, y) => x - y)).toEqual([...failing].sort((x, y) => x - y));
  await screenshot(page, 'compare-failures');
  await page.getByTestId('input-filter-differ').click();
  await expect(page).toHaveURL(/[?&]filter=differ(&|$)/);
  await expect(page.getByTestId('input-filter-differ')).toHaveText('Only where A and B differ');
});

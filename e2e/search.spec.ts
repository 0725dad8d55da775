// Search that scales (issue 12, item 3): a word in 3 of 2,000 conversations spread over two
// experiments is found in exactly those 3, with the total, from the search page and the API.
import { expect, test } from './fixtures';
import { createExperiment, screenshot, waitForEnd } from './helpers';

// 2,000 simulated conversations take their time on a loaded 2-core machine: the bound is the run itself.
test.setTimeout(600_000);

/** `count` distinct requests, the one at `at` holding the word. */
function inputs(count: number, at: number, tag: string, word: string) {
  return Array.from({ length: count }, (_, index) => ({
    node_text: index === at ? `Please echo the ${word} note ${tag}` : `Please echo request ${tag}-${index}`,
  }));
}

test('a word in 3 of 2,000 conversations across two experiments finds exactly those 3', async ({ page, request }) => {
  // A word of this run's own, so that a repeated run (--repeat-each) finds only its own 3.
  const WORD = `quokka${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  // 1,000 inputs once each: the word in 1 conversation; 500 inputs twice each: in 2 more.
  const first = await createExperiment(request, {
    agent: 'harness',
    variants: [{ name: 'baseline' }],
    endpoint: { kind: 'simulated' },
    inputs: inputs(1000, 417, 'a', WORD),
    requestsPerVariant: 1000,
    concurrency: 32,
  });
  const second = await createExperiment(request, {
    agent: 'harness',
    variants: [{ name: 'baseline' }],
    endpoint: { kind: 'simulated' },
    inputs: inputs(500, 123, 'b', WORD),
    requestsPerVariant: 1000,
    concurrency: 32,
  });
  for (const id of [first, second]) expect((await waitForEnd(request, id)).status).toBe('completed');

  // What the database holds, from the API: each experiment's own text filter.
  const inFirst = (await (await request.get(`/api/experiments/${first}/conversations?q=${WORD}&limit=500`)).json()) as {
    total: number;
    conversations: { id: string }[];
  };
  const inSecond = (await (
    await request.get(`/api/experiments/${second}/conversations?q=${WORD}&limit=500`)
  ).json()) as { total: number; conversations: { id: string }[] };
  expect(inFirst.total).toBe(1);
  expect(inSecond.total).toBe(2);
  const expected = [...inFirst.conversations, ...inSecond.conversations].map((row) => row.id).sort();

  const api = (await (await request.get(`/api/search?q=${WORD}`)).json()) as {
    total: { count: number; exact: boolean; experiments: number };
    conversations: { id: string; experimentId: string }[];
  };
  expect(api.total).toEqual({ count: 3, exact: true, experiments: 2 });
  expect(api.conversations.map((row) => row.id).sort()).toEqual(expected);

  await page.goto('/search');
  await page.getByTestId('search-q').fill(WORD);
  await page.getByTestId('search-submit').click();
  await expect(page.getByTestId('search-total')).toHaveAttribute('data-count', '3');
  await expect(page.getByTestId('search-total')).toContainText('3 conversations in 2 experiments');
  await expect(page.getByTestId('search-row')).toHaveCount(3);
  const shown = await page
    .getByTestId('search-row')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-conversation') ?? ''));
  expect(shown.sort()).toEqual(expected);
  await screenshot(page, 'search-three-of-two-thousand');

  // A common word is counted too, and one experiment can be searched alone.
  await page.goto(`/search?q=echo&experiment=${second}`);
  await expect(page.getByTestId('search-total')).toHaveAttribute('data-count', '1000');
  await page.goto(`/search?q=${WORD}&experiment=${first}`);
  await expect(page.getByTestId('search-row')).toHaveCount(1);
});

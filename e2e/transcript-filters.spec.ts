// Finding a transcript: the conversation list filtered by parse path, outcome and text, then the
// transcript opened from it, checked against what the API says.
import type { Page } from '@playwright/test';
import { screenshot } from './helpers';
import { expect, NO_ACCIDENTS, test } from './fixtures';

type ListBody = {
  total: number;
  conversations: {
    id: string;
    variantName: string;
    outcome: string;
    parsePaths: (string | null)[];
    input: { node_text: string };
  }[];
};

let experimentId: string;

// A fixed policy: no accidents, and one answer in ten carries no call. At temperature 0 each
// answer depends only on the seed and the request, so whatever ran before, this experiment has the
// same conversations, some of them ended without a call (no_tool_call) by text or a cut-off call.
const POLICY = {
  ...NO_ACCIDENTS,
  seed: 21,
  shapes: { tool_calls: 16, json_name_arguments: 1, functiongemma_tags: 1, text: 1, malformed: 1 },
};

test.beforeAll(async ({ api, simulator }) => {
  const { endpoint } = await simulator(POLICY);
  ({ id: experimentId } = await api.runExperiment({
    agent: 'harness',
    variants: [{ name: 'baseline' }, { name: 'terse', systemPrompt: 'Call the tools.' }],
    endpoint,
    requestsPerVariant: 40,
    concurrency: 8,
  }));
});

async function filter(page: Page, choices: { parsePath?: string; outcome?: string; text?: string }) {
  await page.goto(`/experiments/${experimentId}/conversations`);
  if (choices.parsePath) await page.locator('#parse-path').selectOption(choices.parsePath);
  if (choices.outcome) await page.locator('#outcome').selectOption(choices.outcome);
  if (choices.text) await page.getByTestId('search-text').fill(choices.text);
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.waitForURL(/conversations\?/);
}

test('filtering by parse path lists exactly the conversations the API finds, and opens one', async ({
  page,
  request,
}) => {
  const summary = (await (await request.get(`/api/experiments/${experimentId}`)).json()).summary as {
    variants: { parsePaths: Record<string, number> }[];
  };
  // The rarest path the simulator produced here, so that the filter really filters.
  const counts = new Map<string, number>();
  for (const variant of summary.variants)
    for (const [path, count] of Object.entries(variant.parsePaths)) counts.set(path, (counts.get(path) ?? 0) + count);
  const [path] = [...counts.entries()]
    .filter(([name]) => name !== 'tool_calls')
    .sort((first, second) => first[1] - second[1])[0] ?? ['tool_calls'];
  const api = (await (
    await request.get(`/api/experiments/${experimentId}/conversations?parsePath=${path}&limit=500`)
  ).json()) as ListBody;
  expect(api.total).toBeGreaterThan(0);
  expect(api.total).toBeLessThan(80);

  await filter(page, { parsePath: path });
  await expect(page.getByTestId('conversation-total')).toHaveText(
    `${api.total} ${api.total === 1 ? 'conversation' : 'conversations'}`,
  );
  const rows = page.getByTestId('conversation-row');
  await expect(rows).toHaveCount(Math.min(api.total, 50));
  for (const chips of await rows.all())
    await expect(
      chips
        .getByTestId('row-parse-path')
        .filter({ hasText: new RegExp(`^${path}$`) })
        .first(),
    ).toBeVisible();
  await screenshot(page, 'conversations-filtered-parse-path');

  await rows.first().getByTestId('conversation-link').click();
  // The link carries the list's filters along (for previous/next within them).
  await page.waitForURL(/\/conversations\/[0-9a-f-]+(\?|$)/);
  const id = new URL(page.url()).pathname.split('/').pop() as string;
  expect(api.conversations.map((conversation) => conversation.id)).toContain(id);
  await expect(
    page
      .getByTestId('model-call')
      .getByTestId('parse-path')
      .filter({ hasText: new RegExp(`^${path}$`) })
      .first(),
  ).toBeVisible();
  await expect(page.getByTestId('message').first()).toHaveAttribute('data-role', 'system');
});

test('filtering by outcome and by text finds the right transcripts', async ({ page, request }) => {
  const outcome = 'no_tool_call';
  const api = (await (
    await request.get(`/api/experiments/${experimentId}/conversations?outcome=${outcome}&limit=500`)
  ).json()) as ListBody;
  expect(api.total, 'the fixed policy ends some conversations without a call').toBeGreaterThan(0);
  await filter(page, { outcome });
  await expect(page.getByTestId('conversation-total')).toHaveText(
    `${api.total} ${api.total === 1 ? 'conversation' : 'conversations'}`,
  );
  await expect(page.getByTestId('conversation-row')).not.toHaveCount(0);
  await expect(page.locator(`[data-testid="conversation-row"]:not([data-outcome="${outcome}"])`)).toHaveCount(0);
  await page.getByTestId('conversation-link').first().click();
  await expect(page.getByTestId('outcome').first()).toHaveText(outcome);

  // Text: words of one input, found in the user message of each conversation that ran it.
  const all = (await (
    await request.get(`/api/experiments/${experimentId}/conversations?limit=500`)
  ).json()) as ListBody;
  const expected = all.conversations.filter((conversation) => conversation.input.node_text.includes('München'));
  expect(expected.length).toBeGreaterThan(0);
  await filter(page, { text: 'münchen' });
  await expect(page.getByTestId('conversation-row')).toHaveCount(expected.length);
  await expect(page.getByTestId('search-scope')).toBeVisible();
  await screenshot(page, 'conversations-text-search');
  await page.getByTestId('conversation-link').first().click();
  await expect(page.locator('[data-testid="message"][data-role="user"]').first()).toContainText('Grüße aus München');

  // Combined with a variant, and a search that finds nothing.
  await filter(page, { text: 'münchen' });
  await page.locator('#variant').selectOption('terse');
  await page.getByRole('button', { name: 'Filter' }).click();
  const terse = expected.filter((conversation) => conversation.variantName === 'terse').length;
  if (terse === 0) await expect(page.getByTestId('conversations-empty')).toBeVisible();
  else await expect(page.getByTestId('conversation-row')).toHaveCount(terse);
  await expect(page).toHaveURL(/variant=terse/);
  await expect(page).toHaveURL(/q=m%C3%BCnchen/);
  await filter(page, { text: 'no such words anywhere' });
  await expect(page.getByTestId('conversations-empty')).toHaveText('No conversation matches these filters.');
});

test('pages forward and back through a long list, keeping the filters', async ({ page }) => {
  await page.goto(`/experiments/${experimentId}/conversations`);
  await expect(page.getByTestId('conversation-total')).toHaveText('80 conversations');
  await expect(page.getByTestId('conversation-row')).toHaveCount(50);
  await page.getByTestId('next-page').click();
  await expect(page.getByTestId('conversation-row')).toHaveCount(30);
  await expect(page.getByTestId('next-page')).toHaveCount(0);
  await page.getByTestId('previous-page').click();
  await expect(page.getByTestId('conversation-row')).toHaveCount(50);
  await expect(page.getByTestId('conversation-link').first()).toHaveText('#0');

  await page.setViewportSize({ width: 420, height: 900 });
  await filter(page, { outcome: 'submitted' });
  await screenshot(page, 'narrow-conversations-filtered');
  await screenshot(page, 'narrow-conversations-top', { fullPage: false });
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter(
        (element) =>
          element.getBoundingClientRect().right > document.documentElement.clientWidth + 1 &&
          !element.closest('.table-scroll'),
      )
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`)
      .slice(0, 10),
  );
  expect(wide).toEqual([]);
});

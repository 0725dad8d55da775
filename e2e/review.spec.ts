// Reviewing transcripts at speed (issue 12, item 2): previous/next within the list's filter with
// j and k, e and r jumps, expand/collapse all, turn anchors, the raw answer shown when nothing
// parsed, knowledge as what changed; then labels: label one, filter the list by it, export it.
import { createExperiment, screenshot, waitForEnd } from './helpers';
import type { Page } from '@playwright/test';
import { expect, scripted, test } from './fixtures';

type Row = { id: string; variantName: string; outcome: string; parsePaths: (string | null)[] };
type ListBody = { total: number; conversations: Row[] };

let experimentId: string;

test.beforeAll(async ({ request }) => {
  experimentId = await createExperiment(request, {
    agent: 'harness',
    variants: [{ name: 'baseline' }, { name: 'terse', systemPrompt: 'Call the tools.' }],
    endpoint: { kind: 'simulated' },
    requestsPerVariant: 30,
    concurrency: 8,
  });
  await waitForEnd(request, experimentId);
});

async function list(request: import('@playwright/test').APIRequestContext, query: string): Promise<ListBody> {
  const response = await request.get(`/api/experiments/${experimentId}/conversations?${query}&limit=500`);
  expect(response.status()).toBe(200);
  return (await response.json()) as ListBody;
}

const idOf = (url: string) => new URL(url).pathname.split('/').pop() as string;

/**
 * j or k toward a conversation, once the page shown is the one whose link leads there and its key
 * handler is bound: the address changes before the new page renders, and a key pressed in between
 * is lost or moves from the page before.
 */
async function press(page: Page, key: 'j' | 'k', toward: string) {
  const link = page.getByTestId(key === 'j' ? 'next-conversation' : 'previous-conversation');
  await expect(link).toHaveAttribute('href', new RegExp(`/conversations/${toward}\\?`));
  await expect(page.getByTestId('review-keys')).toHaveAttribute('data-keys-ready', 'true');
  await page.keyboard.press(key);
}

test('j and k step through the filtered list and land on the right conversations', async ({ page, request }) => {
  // The most common outcome of variant "terse": a filter that keeps some conversations and drops others.
  const all = await list(request, 'variant=terse');
  const counts = new Map<string, number>();
  for (const row of all.conversations) counts.set(row.outcome, (counts.get(row.outcome) ?? 0) + 1);
  const [outcome] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
  const expected = (await list(request, `variant=terse&outcome=${outcome}`)).conversations.map((row) => row.id);
  expect(expected.length).toBeGreaterThanOrEqual(3);

  await page.goto(`/experiments/${experimentId}/conversations?variant=terse&outcome=${outcome}`);
  await expect(page.getByTestId('conversation-row')).toHaveCount(expected.length);
  await page.getByTestId('conversation-link').first().click();
  await expect.poll(() => idOf(page.url())).toBe(expected[0]);
  await expect(page.getByTestId('previous-conversation')).toHaveCount(0);

  await press(page, 'j', expected[1]);
  await expect.poll(() => idOf(page.url())).toBe(expected[1]);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('terse');
  await press(page, 'j', expected[2]);
  await expect.poll(() => idOf(page.url())).toBe(expected[2]);
  await press(page, 'k', expected[1]);
  await expect.poll(() => idOf(page.url())).toBe(expected[1]);
  // The buttons do the same, and the filter travels along.
  await page.getByTestId('next-conversation').click();
  await expect.poll(() => idOf(page.url())).toBe(expected[2]);
  expect(new URL(page.url()).searchParams.get('outcome')).toBe(outcome);

  // The last one has no next.
  await page.goto(`/conversations/${expected.at(-1)}?variant=terse&outcome=${outcome}`);
  await expect(page.getByTestId('last-conversation')).toBeVisible();
  await expect(page.getByTestId('review-keys')).toHaveAttribute('data-keys-ready', 'true');
  await page.keyboard.press('j');
  await expect(page.getByTestId('last-conversation')).toBeVisible();
  expect(idOf(page.url())).toBe(expected.at(-1));
  // Typing in a field does not move.
  await page.getByTestId('review-note').fill('jjj');
  expect(idOf(page.url())).toBe(expected.at(-1));
});

const RAW_TITLE =
  'r jumps to a response not parsed from tool_calls, its raw text shown; expand and collapse all; turn anchors';
test(RAW_TITLE, async ({ page, api, simulator }) => {
  // A model that echoes, then answers in plain text instead of submitting: turn 2 parsed nothing.
  const { endpoint } = await simulator(scripted('simple_tool', { shape: 'text' }));
  const { id } = await api.runExperiment({
    agent: 'harness',
    variants: [{ name: 'solo' }],
    endpoint,
    requestsPerVariant: 1,
  });
  const [odd] = (await api.conversations(id)).conversations;
  expect(odd.parsePaths).toEqual(['tool_calls', 'text']);
  const path = 'text';
  const transcript = await api.transcript(odd.id);
  const call = transcript.modelCalls.find((candidate) => candidate.parsePath === path)!;
  expect(call.calls).toEqual([]);
  const response = call.response as { choices?: { message?: { content?: string | null } }[] };
  const written = response.choices?.[0]?.message?.content ?? '';
  expect(written).not.toBe('');

  await page.goto(`/conversations/${odd.id}`);
  const calls = page.getByTestId('model-call');
  await expect(calls).toHaveCount(2);
  await page.getByTestId('collapse-all').click();
  for (const details of await calls.all()) await expect(details).not.toHaveAttribute('open', '');
  await page.keyboard.press('r');
  const current = page.locator('[data-testid="model-call"][data-current="r"]');
  await expect(current).toHaveAttribute('data-path', path);
  await expect(current).toHaveAttribute('open', '');
  // Nothing parsed: what the model wrote is on the page, not hidden behind a click.
  await expect(current.getByTestId('raw-answer')).toBeVisible();
  await expect(current.getByTestId('raw-answer').locator('pre')).toHaveText(written);
  await page.getByTestId('expand-all').click();
  for (const details of await calls.all()) await expect(details).toHaveAttribute('open', '');
  await screenshot(page, 'review-raw-answer');

  // Each turn has an anchor that can be linked to.
  await expect(page.getByTestId('turn-anchor').first()).toHaveAttribute('href', '#turn-1');
  await page.goto(`/conversations/${odd.id}#turn-1`);
  await expect(page.locator('#turn-1')).toBeInViewport();

  // e: no tool or request failed in most conversations; either a jump or the reason why not.
  await page.keyboard.press('e');
  await expect(page.getByTestId('jump-note')).toHaveText(/Error 1 of \d+|No error in this conversation\./);
});

test('a label is kept, filters the list and goes out with the export', async ({ page, request }) => {
  const rows = (await list(request, 'variant=baseline')).conversations;
  const target = rows[3];
  await page.goto(`/conversations/${target.id}`);
  await page.locator('[data-testid="add-label"][data-label="bad input"]').click();
  await expect(page.locator('[data-testid="review-label"][data-label="bad input"]')).toBeVisible();
  await page.getByTestId('label-text').fill('asks for two things');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.locator('[data-testid="review-label"][data-label="asks for two things"]')).toBeVisible();
  await page.getByTestId('review-note').fill('The request mixes two tasks.');
  await page.getByTestId('save-note').click();
  await expect(page.getByTestId('note-saved')).toBeVisible();

  // Kept: a fresh load shows them.
  await page.reload();
  await expect(page.getByTestId('review-label')).toHaveCount(2);
  await expect(page.getByTestId('review-note')).toHaveValue('The request mixes two tasks.');

  // Filter by the label: exactly that conversation.
  await page.goto(`/experiments/${experimentId}/conversations`);
  await page.locator('#label').selectOption('bad input');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByTestId('conversation-total')).toHaveText('1 conversation');
  await expect(page.getByTestId('conversation-row')).toHaveCount(1);
  await expect(page.getByTestId('row-label').first()).toHaveText('bad input');
  await screenshot(page, 'review-label-filter');
  expect((await list(request, 'label=bad%20input')).conversations.map((row) => row.id)).toEqual([target.id]);

  // Export the filtered list: the one conversation, with its labels and note.
  const href = await page.getByTestId('export-filtered-csv').getAttribute('href');
  const csv = await (await request.get(href!)).text();
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[0].split(',').slice(-2)).toEqual(['labels', 'note']);
  expect(lines[1]).toContain(target.id);
  expect(lines[1]).toContain('bad input; asks for two things');
  expect(lines[1]).toContain('The request mixes two tasks.');
  const jsonl = await (
    await request.get(`/api/experiments/${experimentId}/export?format=jsonl&label=bad%20input`)
  ).text();
  const transcripts = jsonl
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { conversation: { id: string }; labels: string[]; note: string });
  expect(transcripts.map((entry) => entry.conversation.id)).toEqual([target.id]);
  expect(transcripts[0].labels).toEqual(['bad input', 'asks for two things']);

  // Removing a label takes it out of the filter.
  await page.goto(`/conversations/${target.id}`);
  await page.getByRole('button', { name: 'remove the label bad input' }).click();
  await expect(page.locator('[data-testid="review-label"][data-label="bad input"]')).toHaveCount(0);
  expect((await list(request, 'label=bad%20input')).total).toBe(0);
});

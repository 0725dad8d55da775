// The playground (issue 12, item 1): one conversation run now from the agent's page, streamed turn
// by turn: the model's tokens are on the page before the conversation ends. Two prompts side by
// side on the same input, then saved as an experiment of one conversation each.
import { expect, test } from './fixtures';
import { startSimServer, type SimServer } from '../lib/sim/server';
import { screenshot } from './helpers';

let sim: SimServer;
const ENDPOINT = 'slow-stream-e2e';

test.beforeAll(async ({ request }) => {
  // A server that streams its answers a chunk at a time, slowly enough to watch them arrive.
  sim = await startSimServer({
    port: 0,
    seed: 3,
    latencyMs: 0,
    streamChunkDelayMs: 60,
    http500Rate: 0,
    http429Rate: 0,
  });
  // A repeat of this file finds the endpoint of the previous server: replace it.
  const list = (await (await request.get('/api/endpoints')).json()) as { endpoints: { id: string; name: string }[] };
  const old = list.endpoints.find((endpoint) => endpoint.name === ENDPOINT);
  if (old) expect((await request.delete(`/api/endpoints/${old.id}`)).status()).toBe(200);
  const added = await request.post('/api/endpoints', {
    data: { name: ENDPOINT, baseUrl: sim.url, model: 'functiongemma-270m-it' },
  });
  expect(added.status(), await added.text()).toBe(201);
});

test.afterAll(async () => {
  await sim?.close();
});

test('a playground conversation streams: tokens are on the page before it ends', async ({ page }) => {
  await page.goto('/agents/harness');
  const playground = page.getByTestId('playground');
  await playground.getByTestId('pg-input').selectOption('1');
  await playground.getByTestId('pg-endpoint').selectOption(ENDPOINT);
  // Watch every change of the page: was streamed text there while the end was not?
  await page.evaluate(() => {
    const seen: { streamed: number; ended: boolean }[] = [];
    (window as unknown as { seen: typeof seen }).seen = seen;
    new MutationObserver(() => {
      const streaming = document.querySelector('[data-testid="pg-streaming"]');
      const text = streaming && !streaming.querySelector('.muted') ? (streaming.textContent ?? '') : '';
      seen.push({ streamed: text.length, ended: document.querySelector('[data-testid="pg-end"]') !== null });
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await playground.getByTestId('pg-run').click();
  await expect(playground.getByTestId('pg-streaming')).not.toBeEmpty();
  await expect(playground.getByTestId('pg-end')).toBeVisible({ timeout: 0 });
  const seen = await page.evaluate(() => (window as unknown as { seen: { streamed: number; ended: boolean }[] }).seen);
  expect(
    seen.some((entry) => entry.streamed > 0 && !entry.ended),
    'streamed text was shown before the end',
  ).toBe(true);
  // Growing text: more than one size was seen before the first parse.
  expect(
    new Set(seen.filter((entry) => !entry.ended && entry.streamed > 0).map((entry) => entry.streamed)).size,
  ).toBeGreaterThan(1);

  // What happened, turn by turn: the native prompt, each response's parse path, the tool result.
  await expect(playground.getByTestId('pg-native-prompt').first()).toContainText('Turn 1');
  await playground.getByTestId('pg-native-prompt').first().locator('summary').click();
  await expect(playground.getByTestId('pg-native-prompt').first().locator('pre')).toContainText('<start_of_turn>');
  await expect(playground.getByTestId('pg-parse-path').first()).not.toBeEmpty();
  await expect(playground.getByTestId('pg-end')).toHaveAttribute(
    'data-outcome',
    /submitted|no_tool_call|turn_limit|error/,
  );
  await screenshot(page, 'playground-one');
});

test('two prompts side by side on the same input, saved as a one-conversation experiment', async ({
  page,
  request,
}) => {
  await page.goto('/agents/harness');
  const playground = page.getByTestId('playground');
  await playground.getByTestId('pg-input').selectOption('typed');
  await playground.getByTestId('pg-typed').fill('Echo the word playground.');
  await playground.getByTestId('pg-pair').check();
  await playground
    .getByTestId('pg-prompt-1')
    .fill('You call tools. Call simple_tool with the request, then submit_result.');
  await playground.getByTestId('pg-run').click();
  await expect(playground.getByTestId('pg-side')).toHaveCount(2);
  await expect(playground.getByTestId('pg-end')).toHaveCount(2, { timeout: 0 });
  await expect(playground.getByTestId('pg-side').nth(1)).toContainText('Prompt B');
  await screenshot(page, 'playground-pair');

  await playground.getByTestId('pg-save').click();
  const link = playground.getByTestId('pg-saved');
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href')) as string;
  const id = href.split('/').pop() as string;
  const body = (await (await request.get(`/api/experiments/${id}`)).json()) as {
    status: string;
    progress: { done: number; total: number };
    summary: { variants: { name: string; conversations: number }[] };
  };
  expect(body.status).toBe('completed');
  expect(body.progress).toEqual({ done: 2, total: 2 });
  expect(body.summary.variants.map((variant) => [variant.name, variant.conversations])).toEqual([
    ['A', 1],
    ['B', 1],
  ]);
  await link.click();
  await expect(page.getByTestId('experiment-name')).toHaveText('Playground: harness');
  await expect(page.getByTestId('experiment-tag')).toHaveText(['playground']);
});

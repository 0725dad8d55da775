// Issue 14 items 0, 7 and 9 in the panel: task success beside the tool-call rate and on each
// transcript, a replay started from a transcript, the failed inputs re-run with a variant, and
// training data downloaded from the export dialog.
import { screenshot, waitForEnd } from './helpers';
import { expect, scripted, test } from './fixtures';

type Fixtures = Parameters<Parameters<typeof test>[2]>[0];

/** Three conversations of the harness agent with a model that echoes, then submits. */
async function echoThenSubmit(api: Fixtures['api'], simulator: Fixtures['simulator']): Promise<string> {
  const { endpoint } = await simulator(scripted('simple_tool', 'submit_result'));
  const { id } = await api.runExperiment({
    agent: 'harness',
    variants: [{ name: 'solo' }],
    endpoint,
    requestsPerVariant: 3,
  });
  return id;
}

test('task success beside the tool-call rate, and on the transcript with its reason', async ({ page, api }) => {
  const { id, summary } = await api.runExperiment({
    agent: 'harness',
    variants: [{ name: 'solo' }],
    endpoint: { kind: 'simulated' },
    requestsPerVariant: 12,
  });
  const rate = summary.variants[0].taskSuccessRate as { value: number };
  await page.goto(`/experiments/${id}`);
  const row = page.getByTestId('summary-row').first();
  await expect(row.getByTestId('rate-taskSuccessRate')).toContainText(`${(rate.value * 100).toFixed(1)}%`);
  const headings = await page.getByTestId('summary-table').locator('th').allTextContents();
  // Task success is the headline: the first rate, before the tool-call rate; completion says what it is.
  expect(headings.indexOf('Task success (headline)')).toBe(headings.indexOf('Conversations') + 2);
  expect(headings.indexOf('Tool-call rate')).toBe(headings.indexOf('Task success (headline)') + 1);
  expect(headings).toContain('Completion (ended submitted)');

  const [conversation] = (await api.conversations(id)).conversations;
  await page.goto(`/conversations/${conversation.id}`);
  await expect(page.getByTestId('task-success')).toHaveText(conversation.taskSuccess ? 'yes' : 'no');
  await expect(page.getByTestId('task-check')).toContainText('harness check:');
  await screenshot(page, 'transcript-task-success');
});

test('a transcript replayed from turn 2 with a new prompt opens its own linked experiment', async ({
  page,
  request,
  api,
  simulator,
}) => {
  // A model that echoes, then submits, every time: each conversation has two turns.
  const id = await echoThenSubmit(api, simulator);
  const list = await api.conversations(id);
  expect(list.conversations.map((conversation) => conversation.modelCallCount)).toEqual([2, 2, 2]);
  const twoTurns = list.conversations[0];
  await page.goto(`/conversations/${twoTurns.id}`);
  await page.getByTestId('replay-turn').selectOption('2');
  await page.getByTestId('replay-prompt').fill('You echo, then submit. Always respond with a tool call.');
  await screenshot(page, 'replay-form');
  await page.getByTestId('replay-button').click();
  await expect(page).toHaveURL(/\/experiments\/[^/]+$/);
  await expect(page.getByTestId('experiment-origin')).toContainText('replay of a conversation from turn 2');
  const replayId = page.url().split('/').pop() as string;
  await waitForEnd(request, replayId);
  const replayed = await api.conversations(replayId);
  const transcript = await api.transcript(replayed.conversations[0].id);
  expect(transcript.modelCalls[0].request.messages[0].content).toBe(
    'You echo, then submit. Always respond with a tool call.',
  );
});

test('the failed inputs re-run with a variant, and training data downloads from the export dialog', async ({
  page,
  api,
}) => {
  const { id } = await api.runExperiment({
    agent: 'harness',
    variants: [{ name: 'solo' }],
    endpoint: { kind: 'simulated' },
    requestsPerVariant: 26,
  });
  await page.goto(`/experiments/${id}`);
  await page.getByTestId('training-export-open').click();
  await page.getByTestId('training-format').selectOption('openai');
  // The simulator's harness answers rarely pass the task check; the default (task successes) may be empty.
  await page.getByTestId('training-task-success').selectOption('any');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('training-download').click()]);
  const text = await (
    await download.createReadStream()
  )
    .toArray()
    .then((chunks) => Buffer.concat(chunks).toString('utf8'));
  const lines = text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines)
    expect(line.tools.map((tool: { function: { name: string } }) => tool.function.name)).toEqual([
      'simple_tool',
      'submit_result',
    ]);
  await screenshot(page, 'training-export');

  await page.getByTestId('rerun-variant').selectOption('solo');
  await page.getByTestId('rerun-button').click();
  await expect(page).toHaveURL(/\/experiments\/[^/]+$/);
  await expect(page.getByTestId('experiment-origin')).toContainText('failed input(s) of');
  await page.setViewportSize({ width: 420, height: 900 });
  await screenshot(page, 'narrow-rerun-experiment');
});

test('the training export dialog says how many conversations match, and warns when none does', async ({
  page,
  api,
  simulator,
}) => {
  // A model that echoes, then submits: every conversation is submitted with valid calls, and all are
  // judged alike (the same answers), so one task result matches all of them and the other none.
  const id = await echoThenSubmit(api, simulator);
  const { conversations } = await api.conversations(id);
  expect(new Set(conversations.map((conversation) => conversation.taskSuccess)).size).toBe(1);
  const none = conversations[0].taskSuccess ? 'false' : 'true';
  await page.goto(`/experiments/${id}`);
  await page.getByTestId('training-export-open').click();
  await page.getByTestId('training-task-success').selectOption('any');
  await expect(page.getByTestId('training-matches')).toHaveText('3 conversations match.');
  await expect(page.getByTestId('training-no-match')).toHaveCount(0);
  await page.getByTestId('training-task-success').selectOption(none);
  await expect(page.getByTestId('training-no-match')).toContainText(
    `no conversation matches (${none === 'true' ? 'task successes' : 'task failures'}`,
  );
  await expect(page.getByTestId('training-matches')).toHaveCount(0);
  await screenshot(page, 'training-export-no-match');
  await page.getByTestId('training-task-success').selectOption('any');
  await expect(page.getByTestId('training-no-match')).toHaveCount(0);
});

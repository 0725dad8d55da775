// A review queue over a filtered list (issue 28, item 7; Langfuse's annotation queues): "Review
// these" on a filtered conversation list opens the queue, which shows the next unreviewed
// conversation in list order, offers the queue's label set (buttons and keys 1-9), counts
// "N of M reviewed", skips, and ends when every conversation carries one of its labels.
import { expect, test } from './fixtures';
import { screenshot } from './helpers';

type Review = { labels: string[]; note: string | null };

test('a review queue works through a filtered list with a label set and its progress', async ({
  page,
  api,
  request,
}) => {
  const experiment = await api.runExperiment({
    agent: 'harness',
    variants: [{ name: 'baseline' }, { name: 'terse', systemPrompt: 'Call the tools.' }],
    endpoint: { kind: 'simulated' },
    requestsPerVariant: 6,
    concurrency: 4,
  });
  // The queue is the filtered list, in its order.
  const queue = (await api.conversations(experiment.id, 'variant=terse')).conversations.map((row) => row.id);
  expect(queue).toHaveLength(6);
  const reviewOf = async (id: string) =>
    (await (await request.get(`/api/conversations/${id}/review`)).json()) as Review;
  const current = page.getByTestId('queue-current');
  const progress = page.getByTestId('queue-progress');

  await page.goto(`/experiments/${experiment.id}/conversations?variant=terse`);
  await page.getByTestId('review-these').click();
  await expect(page).toHaveURL(new RegExp(`/experiments/${experiment.id}/review\\?variant=terse$`));
  await expect(progress).toHaveText('0 of 6 reviewed');
  await expect(current).toHaveAttribute('data-conversation', queue[0]);

  // The queue's own label set, kept in the address.
  await page.getByTestId('queue-labels').fill('good, bad');
  await page.getByRole('button', { name: 'Use these labels' }).click();
  await expect(page).toHaveURL(/[?&]labels=good%2C\+?bad|[?&]labels=good,\+?bad/);
  await expect(page.getByTestId('queue-label')).toHaveText(['1. good', '2. bad']);

  // A label moves the queue on and counts.
  await page.locator('[data-testid="queue-label"][data-label="good"]').click();
  await expect(progress).toHaveText('1 of 6 reviewed');
  await expect(current).toHaveAttribute('data-conversation', queue[1]);
  expect((await reviewOf(queue[0])).labels).toEqual(['good']);

  // A note goes with the label; key 2 chooses the second label.
  await page.getByTestId('queue-note').fill('asked twice');
  await page.getByTestId('queue-note').blur();
  await expect(page.getByTestId('queue-actions')).toHaveAttribute('data-keys-ready', 'true');
  await page.keyboard.press('2');
  await expect(progress).toHaveText('2 of 6 reviewed');
  await expect(current).toHaveAttribute('data-conversation', queue[2]);
  expect(await reviewOf(queue[1])).toEqual({ labels: ['bad'], note: 'asked twice' });
  await screenshot(page, 'review-queue');

  // Skip leaves one unreviewed; the queue comes back to it after the last.
  await page.getByTestId('queue-skip').click();
  await expect(current).toHaveAttribute('data-conversation', queue[3]);
  await expect(progress).toHaveText('2 of 6 reviewed');
  for (const id of [queue[3], queue[4], queue[5], queue[2]]) {
    await expect(current).toHaveAttribute('data-conversation', id);
    await page.locator('[data-testid="queue-label"][data-label="good"]').click();
  }
  await expect(progress).toHaveText('6 of 6 reviewed');
  await expect(page.getByTestId('queue-done')).toContainText('All 6 reviewed.');
  // The other variant's conversations were never part of it.
  const other = (await api.conversations(experiment.id, 'variant=baseline')).conversations;
  for (const row of other) expect((await reviewOf(row.id)).labels).toEqual([]);
});

// Issue 28 item 9: a replay experiment's page shows the original conversation beside its replays,
// turn by turn from the turn they start at, with a way to read the original and a replay side by side.
import { screenshot, waitForEnd } from './helpers';
import { expect, scripted, test } from './fixtures';

test('the replay page shows the original beside its replays, from the replayed turn', async ({
  page,
  request,
  api,
  simulator,
}) => {
  // A model that echoes, then submits, every time: each conversation has two turns.
  const { endpoint } = await simulator(scripted('simple_tool', 'submit_result'));
  const { id } = await api.runExperiment({
    agent: 'harness',
    variants: [{ name: 'solo' }],
    endpoint,
    requestsPerVariant: 1,
  });
  const [original] = (await api.conversations(id)).conversations;
  const answer = await request.post(`/api/conversations/${original.id}/replay`, {
    data: { fromTurn: 2, variant: { name: 'replay from turn 2' }, requests: 2 },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  const replayId = ((await answer.json()) as { id: string }).id;
  await waitForEnd(request, replayId);

  await page.goto(`/experiments/${replayId}`);
  const beside = page.getByTestId('replay-beside');
  await expect(beside.getByTestId('replay-beside-original')).toContainText('Original');
  await expect(beside.getByTestId('replay-beside-original').getByRole('link', { name: 'Original' })).toHaveAttribute(
    'href',
    `/conversations/${original.id}`,
  );
  await expect(beside.getByTestId('replay-beside-replay')).toHaveCount(2);
  // One row per turn from the replayed one: turn 2, where the original and each replay submit.
  await expect(beside.getByTestId('replay-beside-turn')).toHaveCount(1);
  const row = beside.getByTestId('replay-beside-turn').first();
  await expect(row.locator('td').first()).toHaveText('2');
  await expect(row.locator('td').nth(1)).toContainText('submit_result');
  await expect(row.locator('td').nth(2)).toContainText('submit_result');
  await screenshot(page, 'replay-beside');

  // Original and a replay, read side by side in full.
  await beside.getByTestId('replay-beside-pair').first().click();
  await expect(page.getByTestId('pair-a')).toContainText(`conversation #${original.slot}`);
  await expect(page.getByTestId('pair-b').getByRole('link', { name: /conversation #/ })).toBeVisible();
});

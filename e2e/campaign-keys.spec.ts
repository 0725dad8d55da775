// Issue 28 item 3, the keys: `e` says when there is no further error instead of starting over
// silently, and the campaign page's selected change is exposed to assistive technology.
import { expect, NO_ACCIDENTS, test } from './fixtures';
import { everyPage } from './every-page';

test('e walks the errors and then says there is no further one', async ({ page, api, simulator }) => {
  // A server that fails every call: the model calls are the errors.
  const { endpoint } = await simulator({ ...NO_ACCIDENTS, http500Rate: 1 });
  const { id } = await api.runExperiment({
    agent: 'harness',
    variants: [{ name: 'solo' }],
    endpoint,
    requestsPerVariant: 1,
  });
  const [conversation] = (await api.conversations(id)).conversations;
  await page.goto(`/conversations/${conversation.id}`);
  await expect(page.getByTestId('review-keys')).toHaveAttribute('data-keys-ready', 'true');
  const errors = await page.locator('[data-jump-error="true"]').count();
  expect(errors).toBeGreaterThan(0);
  for (let index = 1; index <= errors; index++) {
    await page.keyboard.press('e');
    await expect(page.getByTestId('jump-note')).toHaveText(`Error ${index} of ${errors}`);
  }
  await page.keyboard.press('e');
  await expect(page.getByTestId('jump-note')).toHaveText(`No further error: ${errors} of ${errors} was the last.`);
  // The next press starts again from the first.
  await page.keyboard.press('e');
  await expect(page.getByTestId('jump-note')).toHaveText(`Error 1 of ${errors}`);
});

test('the campaign page’s selected change is the current one for assistive technology', async ({ page, request }) => {
  test.setTimeout(240_000);
  const { pages, close } = await everyPage(request);
  try {
    await page.goto(pages.find((visit) => visit.name === 'campaign')!.path);
    const changes = page.getByTestId('change');
    await expect(changes.first()).toHaveAttribute('aria-current', 'true');
    await expect(page.locator('[data-testid="change"][aria-current="true"]')).toHaveCount(1);
    await page.locator('body').press('j');
    await expect(changes.nth(1)).toHaveAttribute('aria-current', 'true');
    await expect(changes.first()).not.toHaveAttribute('aria-current', 'true');
    // Each change has a name of its own.
    await expect(changes.nth(1)).toHaveAttribute('aria-label', /^change to \S+ in steps\.py$/);
  } finally {
    await close();
  }
});

// Issue 28 item 6, the small signals a browser sees: /favicon.ico answers (browsers ask for it
// whatever the page links), and a bad temperature in the playground is refused in plain words.
import { expect, test } from './fixtures';

test('/favicon.ico answers with the panel’s icon', async ({ request }) => {
  const response = await request.get('/favicon.ico');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('image/svg+xml');
  expect(await response.text()).toContain('<svg');
});

test('a temperature that is not a number is refused in plain words', async ({ page }) => {
  await page.goto('/agents/harness');
  const playground = page.getByTestId('playground');
  await playground.locator('#pg-temperature').fill('warm');
  await playground.getByTestId('pg-run').click();
  await expect(playground).toContainText('Temperature must be a number from 0 to 2');
  await expect(playground).not.toContainText('expected number');
});

// A dataset file up to the stated upload limit imports through the panel: the proxy in front of the
// routes (proxy.ts) must pass the whole body on, not cut it at Next's default of 10 MB.
import { expect, test } from '@playwright/test';

const CASES = 4000;

test('a 24 MB dataset file imports whole through the panel, whose form states the limit', async ({ page, request }) => {
  await page.goto('/datasets');
  await expect(page.getByTestId('dataset-size-limit')).toHaveText('up to 64 MB');
  const padding = 'x'.repeat(6000);
  const lines = Array.from({ length: CASES }, (_, index) =>
    JSON.stringify({ question: JSON.stringify([{ role: 'user', content: `Turn light ${index} on. ${padding}` }]), answer: JSON.stringify({ name: 'toggle_lights', parameters: { room: `room ${index}`, state: 'on' } }) }),
  );
  const text = lines.join('\n');
  const body = JSON.stringify({ name: `large upload ${Date.now()}`, format: 'distil', text });
  expect(Buffer.byteLength(body)).toBeGreaterThan(20 * 1024 * 1024);
  const response = await request.post('/api/datasets', { data: body, headers: { 'content-type': 'application/json' }, timeout: 120_000 });
  const answer = await response.json();
  expect(response.status(), JSON.stringify(answer).slice(0, 500)).toBe(201);
  expect(answer.dataset.caseCount).toBe(CASES);
});

test('past the stated limit, the upload is refused with the limit named', async ({ request }) => {
  const body = JSON.stringify({ name: `too large ${Date.now()}`, format: 'distil', text: 'x'.repeat(65 * 1024 * 1024) });
  const response = await request.post('/api/datasets', { data: body, headers: { 'content-type': 'application/json' }, timeout: 120_000 });
  expect(response.status()).toBe(413);
  expect((await response.json()).error).toMatch(/larger than 67108864 bytes/);
});

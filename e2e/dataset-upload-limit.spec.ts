// A dataset file up to the stated upload limit imports through the panel's form: the form sends it
// as a JSON string (which can weigh more than the file itself), and the proxy in front of the routes
// (proxy.ts) must pass the whole request on, not cut it at Next's default of 10 MB.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import { LIMITS } from '../lib/protocol/limits';

const LIMIT = LIMITS.datasetUploadBytes.max;
let folder: string;

test.beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'remora-upload-'));
});

test.afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

/**
 * distil-labs lines (JSON inside JSON strings, so full of quotes) until the file is just under `bytes`.
 * The cases differ from run to run: the same cases again would be reused, not imported.
 */
function distilFile(bytes: number): { text: string; cases: number } {
  const lines: string[] = [];
  let size = 0;
  const padding = 'x'.repeat(12_000);
  const run = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  for (let index = 0; ; index += 1) {
    const question = JSON.stringify([{ role: 'user', content: `Turn light ${index} on (${run}). ${padding}` }]);
    const line = JSON.stringify({
      question,
      answer: JSON.stringify({ name: 'toggle_lights', parameters: { room: `room ${index}`, state: 'on' } }),
    });
    if (size + line.length + 1 > bytes) break;
    lines.push(line);
    size += line.length + 1;
  }
  return { text: lines.join('\n'), cases: lines.length };
}

test('a dataset file just under the stated limit imports whole through the form', async ({ page }) => {
  test.setTimeout(240_000);
  const { text, cases } = distilFile(LIMIT - 64 * 1024);
  const file = path.join(folder, 'near-limit.jsonl');
  writeFileSync(file, text);
  // Sent as a JSON string, the request is larger than the file limit: the request limit must allow it.
  expect(Buffer.byteLength(JSON.stringify(text))).toBeGreaterThan(LIMIT);

  await page.goto('/datasets');
  await expect(page.getByTestId('dataset-size-limit')).toHaveText(`up to ${LIMIT / (1024 * 1024)} MB`);
  await page.getByTestId('dataset-file').setInputFiles(file);
  // Too large for the text box: it is kept as read, and said so.
  await expect(page.getByTestId('dataset-text-hidden')).toContainText('near-limit.jsonl');
  await page.getByTestId('dataset-name').fill(`near the limit ${Date.now()}`);
  await page.getByTestId('dataset-import').click();
  await page.waitForURL(/\/datasets\/[^/]+$/, { timeout: 0 });
  const id = page.url().split('/').pop() as string;
  const stored = await page.request.get(`/api/datasets/${id}`);
  expect(stored.status()).toBe(200);
  expect((await stored.json()).dataset.caseCount).toBe(cases);
});

test('past the stated limit, the upload is refused with the limit named', async ({ request }) => {
  const body = JSON.stringify({
    name: `too large ${Date.now()}`,
    format: 'distil',
    text: 'x'.repeat(LIMIT + 1024 * 1024),
  });
  const response = await request.post('/api/datasets', {
    data: body,
    headers: { 'content-type': 'application/json' },
    timeout: 0,
  });
  expect(response.status()).toBe(413);
  expect((await response.json()).error).toMatch(new RegExp(`dataset file is larger than ${LIMIT} bytes`));
});

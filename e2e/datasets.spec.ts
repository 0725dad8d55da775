// The dataset pages in Chromium: an empty list, a file refused with its bad line reported (and
// nothing imported), a good file imported, cases shown and edited, search, and export.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import { screenshot, screenshotOf } from './helpers';

const SMART_HOME = path.join(process.cwd(), 'agents', 'smart_home', 'dataset.jsonl');

const distilLine = (question: string, answer: unknown) =>
  JSON.stringify({ question: JSON.stringify([{ role: 'user', content: question }]), answer: JSON.stringify(answer) });

test('a file with a bad line is refused whole, with the line and the reason', async ({ page, request }) => {
  const before = (await (await request.get('/api/datasets')).json()).datasets;
  await page.goto('/datasets');
  // Other specs may have stored sets before this one runs; the empty state is pictured when there is none.
  if (before.length === 0) {
    await expect(page.getByTestId('datasets-empty')).toBeVisible();
    await screenshot(page, 'datasets-empty');
  }
  const text = [
    distilLine('Turn the kitchen lights on', { name: 'toggle_lights', parameters: { room: 'kitchen', state: 'on' } }),
    distilLine('Lock the front door', { name: 'lock_door', parameters: { door: 'front' } }),
    '{"question": "[{\\"role\\": \\"user\\"', // cut off: not JSON
    distilLine('Heat to 70', { name: 'set_thermostat', parameters: { temperature: 70 } }),
  ].join('\n');
  await page.getByTestId('dataset-name').fill('half-broken');
  await page.getByTestId('dataset-text').fill(text);
  await page.getByTestId('dataset-import').click();
  const report = page.getByTestId('import-report');
  await expect(report).toContainText('the file was refused; nothing was imported');
  await expect(report).toContainText('read as distil');
  await expect(report.getByTestId('import-problem')).toHaveCount(1);
  await expect(report.getByTestId('import-problem')).toHaveAttribute('data-line', '3');
  await expect(report.getByTestId('import-problem')).toContainText('not JSON');
  await screenshot(page, 'datasets-import-refused');
  await screenshotOf(page.getByTestId('import-dataset'), 'datasets-import-refused-detail');
  expect((await (await request.get('/api/datasets')).json()).datasets).toEqual(before);
});

test('a good file is imported; its cases are shown, searched, edited and exported', async ({ page, request }) => {
  // Other specs import the agent's whole file, and the same cases are reused rather than stored
  // twice: this spec imports all but the last case, so that its set is its own.
  const lines = readFileSync(SMART_HOME, 'utf8').trim().split('\n').slice(0, -1);
  // A set left by an earlier run of this spec on the same database would be reused: start clean.
  await request.delete('/api/datasets/e2e-smart-home');
  const caseCount = lines.length;
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'remora-e2e-')), 'dataset.jsonl');
  writeFileSync(file, `${lines.join('\n')}\n`);
  await page.goto('/datasets');
  await page.getByTestId('dataset-file').setInputFiles(file);
  await expect(page.getByTestId('dataset-name')).toHaveValue('dataset');
  await page.getByTestId('dataset-name').fill('e2e-smart-home');
  await page.getByTestId('dataset-import').click();
  await page.waitForURL(/\/datasets\/[0-9a-f-]+$/);
  const datasetUrl = page.url();

  // The same file again, under another name: nothing new, and a link to the set already stored.
  await page.goto('/datasets');
  await page.getByTestId('dataset-file').setInputFiles(file);
  await page.getByTestId('dataset-name').fill('e2e-smart-home again');
  await page.getByTestId('dataset-import').click();
  await expect(page.getByTestId('dataset-reused')).toContainText('already stored as e2e-smart-home');
  await page.getByTestId('dataset-reused').getByRole('link').click();
  await page.waitForURL(datasetUrl);
  await expect(page.getByTestId('dataset-name')).toHaveText('e2e-smart-home');
  await expect(page.getByTestId('dataset-total')).toHaveText(String(caseCount));
  await expect(page.getByTestId('case-range')).toHaveText(`cases 1–25 of ${caseCount}`);

  const first = page.locator('[data-testid="case"][data-case="lights-living-on"]');
  await expect(first.getByTestId('case-message')).toHaveText(['userTurn on the living room lights']);
  await expect(first.locator('[data-testid="expected-call"][data-tool="toggle_lights"]')).toBeVisible();
  await expect(
    first.locator('[data-testid="expected-argument"][data-argument="room"]').getByTestId('accepted-value'),
  ).toHaveText(['"living_room"']);
  await screenshot(page, 'dataset-cases');
  await screenshotOf(page.getByTestId('cases').locator('[data-testid="case"]').nth(6), 'dataset-case-detail');

  // Accept a second spelling of the room.
  await first.getByTestId('edit-case').click();
  const editor = first.getByTestId('case-editor');
  await expect(editor.getByTestId('edit-tool-name')).toHaveValue('toggle_lights');
  const room = editor.getByTestId('edit-argument').filter({ has: page.locator('input[value="room"]') });
  await room.getByTestId('edit-argument-values').fill('living_room\nliving room');
  // A nameless argument is flagged as typed, and blocks saving.
  await editor.getByTestId('edit-add-argument').click();
  await editor.getByTestId('edit-argument-values').last().fill('x');
  await expect(editor.getByTestId('edit-problems')).toContainText('an argument has no name');
  await expect(editor.getByTestId('edit-save')).toBeDisabled();
  await screenshot(page, 'dataset-case-editor');
  await screenshotOf(first, 'dataset-case-editor-detail');
  await editor.getByRole('button', { name: 'Remove argument' }).last().click();
  await editor.getByTestId('edit-save').click();
  await expect(first.getByTestId('case-saved')).toBeVisible();
  await expect(
    first.locator('[data-testid="expected-argument"][data-argument="room"]').getByTestId('accepted-value'),
  ).toHaveText(['"living_room"', '"living room"']);
  await page.reload();
  await expect(
    page
      .locator('[data-testid="case"][data-case="lights-living-on"]')
      .locator('[data-testid="expected-argument"][data-argument="room"] [data-testid="accepted-value"]'),
  ).toHaveCount(2);

  // Search.
  await page.getByTestId('case-search').fill('pizza');
  await page.getByTestId('case-search').press('Enter');
  await expect(page.getByTestId('case')).toHaveCount(1);
  await expect(page.getByTestId('case')).toHaveAttribute('data-case', 'offtopic-pizza');

  // distil-labs' format holds one accepted value per argument: the edited case cannot go there.
  await page.getByTestId('export-format').selectOption('distil');
  await page.getByTestId('export-dataset').click();
  await expect(page.getByTestId('dataset-action-error')).toContainText('lights-living-on');
  await page.getByTestId('export-format').selectOption('remora');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-dataset').click()]);
  expect(download.suggestedFilename()).toBe('e2e-smart-home.remora.jsonl');
  const exported = readFileSync(await download.path(), 'utf8')
    .trim()
    .split('\n');
  expect(exported).toHaveLength(caseCount);
  expect(JSON.parse(exported[0]).expect.calls[0].arguments.room).toEqual(['living_room', 'living room']);

  // Not scored, then deleted.
  await page.goto(page.url().split('?')[0]);
  const second = page.locator('[data-testid="case"][data-case="lights-bedroom-off"]');
  await second.getByTestId('edit-case').click();
  await second.getByTestId('edit-kind-none').check();
  await second.getByTestId('edit-save').click();
  await expect(second.getByTestId('case-expectation-kind')).toHaveText('not scored');
  page.once('dialog', (dialog) => dialog.accept());
  await second.getByTestId('delete-case').click();
  await expect(second).toHaveCount(0);
  await expect(page.getByTestId('dataset-total')).toHaveText(String(caseCount - 1));

  await page.goto('/datasets');
  await expect(
    page.locator('[data-testid="dataset-row"][data-dataset="e2e-smart-home"]').getByTestId('dataset-case-count'),
  ).toHaveText(String(caseCount - 1));
  await screenshot(page, 'datasets-list');
  await page.setViewportSize({ width: 420, height: 900 });
  await page.locator('[data-testid="dataset-row"][data-dataset="e2e-smart-home"]').getByTestId('dataset-link').click();
  await expect(page.getByTestId('case').first()).toBeVisible();
  await screenshot(page, 'dataset-cases-narrow');
  await screenshot(page, 'dataset-cases-narrow-top', { fullPage: false });
  const listed = (await (await request.get('/api/datasets')).json()).datasets;
  expect(listed.filter((dataset: { name: string }) => dataset.name === 'e2e-smart-home')).toHaveLength(1);
});

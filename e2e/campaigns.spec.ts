// Reviewing a campaign in Chromium: a docstring campaign run from the command line (with a scripted
// model making sensible calls) is opened in a panel on its database; two changes are accepted, one
// rejected with the keyboard, one edited and accepted; the exported patch holds exactly those.
import { expect, test } from './fixtures';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { docstringPolicy, startPolicyServer } from '../lib/campaigns/testing/agent-policies';
import { runCli } from '../test/cli-process';
import { startSecondPanel } from './second-panel';

const SOURCE = [
  'def alpha(x):',
  '    return x + 1',
  '',
  '',
  'def beta(x):',
  '    return x + 2',
  '',
  '',
  'def gamma(x):',
  '    return x + 3',
  '',
  '',
  'def delta(x):',
  '    return x + 4',
  '',
].join('\n');

test('review a campaign: accept two, reject one, edit one, export exactly those', async ({ page }) => {
  test.setTimeout(300_000);
  const folder = mkdtempSync(path.join(tmpdir(), 'remora-campaign-e2e-'));
  const repo = path.join(folder, 'repo');
  const database = path.join(folder, 'campaign.db');
  execFileSync('git', ['init', '-q', repo]);
  writeFileSync(path.join(repo, 'steps.py'), SOURCE);
  execFileSync('git', ['-C', repo, 'add', '-A']);
  execFileSync('git', [
    '-C',
    repo,
    '-c',
    'user.name=test',
    '-c',
    'user.email=test@localhost',
    'commit',
    '-qm',
    'start',
  ]);
  const model = await startPolicyServer(docstringPolicy);
  const run = await runCli([
    'campaign',
    'run',
    '--agent',
    'docstring',
    '--repo',
    repo,
    '--base-url',
    model.baseUrl,
    '--model',
    'functiongemma',
    '--db',
    database,
    '--json',
  ]);
  await model.close();
  expect(run.code, run.stderr).toBe(0);
  const { id } = JSON.parse(run.stdout) as { id: string };
  const panel = await startSecondPanel({ host: '127.0.0.1', database });
  try {
    const base = panel.origin;
    await page.goto(`${base}/campaigns/${id}`);
    await expect(page.getByTestId('campaign-progress-text')).toContainText('4 / 4 nodes');
    const cards = page.getByTestId('change');
    await expect(cards).toHaveCount(4);
    await expect(page.getByTestId('file-group')).toHaveText(['steps.py']);
    const card = (node: string) =>
      cards.filter({ has: page.getByTestId('change-node').getByText(node, { exact: true }) });

    await card('alpha').getByTestId('accept-change').click();
    await expect(card('alpha')).toHaveAttribute('data-status', 'accepted');
    await card('beta').getByTestId('accept-change').click();
    await expect(card('beta')).toHaveAttribute('data-status', 'accepted');

    // The keyboard: select gamma with j from beta, reject it with r.
    await card('beta').click();
    await page.keyboard.press('j');
    await expect(card('gamma')).toHaveAttribute('data-selected', 'true');
    await page.keyboard.press('r');
    await expect(card('gamma')).toHaveAttribute('data-status', 'rejected');

    await card('delta').getByTestId('diff-split').click();
    await expect(card('delta').getByTestId('change-diff-split')).toContainText('Document delta.');
    await card('delta').getByTestId('edit-change').click();
    const editor = card('delta').getByTestId('edit-text');
    await expect(editor).toHaveValue(/Document delta\./);
    await editor.fill((await editor.inputValue()).replace('Document delta.', 'Add four to x.'));
    await card('delta').getByTestId('save-edit').click();
    await expect(card('delta').getByTestId('change-diff-split')).toContainText('Add four to x.');
    await card('delta').getByTestId('diff-unified').click();
    await expect(card('delta').getByTestId('change-diff')).toContainText('+    """Add four to x.');
    await card('delta').getByTestId('accept-change').click();
    await expect(card('delta')).toHaveAttribute('data-status', 'accepted');

    await page.getByTestId('filter-status').selectOption('accepted');
    await expect(cards).toHaveCount(3);

    const response = await page.request.get(`${base}/api/campaigns/${id}/export`);
    expect(response.status()).toBe(200);
    const patch = await response.text();
    expect(patch).toContain('+    """Document alpha.\n');
    expect(patch).toContain('+    """Document beta.\n');
    expect(patch).toContain('+    """Add four to x.\n');
    expect(patch).not.toContain('Document gamma');
    expect(patch).not.toContain('Document delta.');
    const patchFile = path.join(folder, 'review.patch');
    writeFileSync(patchFile, await response.body());
    execFileSync('git', ['-C', repo, 'apply', '--check', patchFile]);
  } finally {
    await panel.stop();
    rmSync(folder, { recursive: true, force: true });
  }
});

test('start a campaign from the panel, apply the accepted changes, run the tests and see the stored result', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const folder = mkdtempSync(path.join(tmpdir(), 'remora-campaign-start-'));
  const repo = path.join(folder, 'repo');
  execFileSync('git', ['init', '-q', repo]);
  writeFileSync(path.join(repo, 'steps.py'), SOURCE);
  execFileSync('git', ['-C', repo, 'add', '-A']);
  execFileSync('git', [
    '-C',
    repo,
    '-c',
    'user.name=test',
    '-c',
    'user.email=test@localhost',
    'commit',
    '-qm',
    'start',
  ]);
  const model = await startPolicyServer(docstringPolicy);
  const panel = await startSecondPanel({ host: '127.0.0.1' });
  try {
    const base = panel.origin;
    await page.goto(`${base}/campaigns`);
    const form = page.getByTestId('start-campaign');
    await form.getByTestId('campaign-agent').selectOption('docstring');
    await form.getByTestId('campaign-repo').fill(repo);
    await form.getByTestId('campaign-endpoint').selectOption({ label: 'Another URL…' });
    await form.getByTestId('campaign-base-url').fill(model.baseUrl);
    await form.getByTestId('campaign-model').fill('functiongemma');
    await form.getByTestId('start-campaign-submit').click();
    await expect(page).toHaveURL(/\/campaigns\/[^/]+$/);
    await expect(page.getByTestId('campaign-progress-text')).toContainText('4 / 4 nodes', { timeout: 0 });
    await expect(page.getByTestId('change')).toHaveCount(4);
    // Nothing is written while the campaign runs.
    expect(readFileSync(path.join(repo, 'steps.py'), 'utf8')).toBe(SOURCE);

    await page.getByTestId('accept-all-passing').click();
    await expect(page.getByTestId('review-notice')).toContainText('Accepted 4 passing changes');
    await page.getByTestId('apply-working-tree').check();
    await page.getByTestId('apply-changes').click();
    await expect(page.getByTestId('applied')).toContainText('the working tree: steps.py');
    expect(readFileSync(path.join(repo, 'steps.py'), 'utf8')).toContain('"""Document delta.');

    // A failing command first, then the real one: the page shows the last stored result.
    await page.getByTestId('test-command').fill('python3 -c "import steps; assert steps.alpha.__doc__ is None"');
    await page.getByTestId('run-tests').click();
    await expect(page.getByTestId('test-run')).toHaveAttribute('data-passed', 'false');
    await page
      .getByTestId('test-command')
      .fill(
        'python3 -c "import steps; assert all(f.__doc__ for f in (steps.alpha, steps.beta, steps.gamma, steps.delta))"',
      );
    await page.getByTestId('run-tests').click();
    await expect(page.getByTestId('test-run')).toHaveAttribute('data-passed', 'true');
    await page.reload();
    await expect(page.getByTestId('test-run')).toContainText('Tests passed');
    await expect(page.getByTestId('test-run')).toContainText('on the working tree');
    // When it ran, in UTC and saying so (issue 28 item 6): not the browser's local time.
    await expect(page.getByTestId('test-run')).toContainText(/, \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
  } finally {
    await panel.stop();
    await model.close();
    rmSync(folder, { recursive: true, force: true });
  }
});

test('the campaign form offers only the agents that work on Python code', async ({ page }) => {
  await page.goto('/campaigns');
  const choices = page.getByTestId('campaign-agent');
  await expect(choices.locator('option[value="docstring"]')).toHaveCount(1);
  await expect(choices.locator('option[value="lint"]')).toHaveCount(1);
  await expect(choices.locator('option[value="smart_home"]')).toHaveCount(0);
  await expect(choices.locator('option[value="harness"]')).toHaveCount(0);
  await expect(page.getByTestId('campaign-text-agents')).toContainText('smart_home');
});

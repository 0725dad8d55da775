// Issue 28 item 2: pages follow state without a reload. A cancelled experiment's page offers Resume
// and Delete at once, and a resumed one runs to its end on the same page; a campaign's header (its
// status and file count, drawn by the server) follows the run to its end.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { docstringPolicy, startPolicyServer } from '../lib/campaigns/testing/agent-policies';
import { expect, NO_ACCIDENTS, test } from './fixtures';
import { createExperiment, screenshot } from './helpers';
import { startSecondPanel } from './second-panel';

const COUNT = 12;

test('after Cancel the page shows Resume and Delete, and a resumed run ends on the same page', async ({
  page,
  request,
  simulator,
}) => {
  // Answers held until the cancel, so the run is still going when Cancel is clicked; then at once.
  const { server, endpoint } = await simulator({ ...NO_ACCIDENTS, seed: 28 });
  server.options.latencyMs = 600_000;
  const id = await createExperiment(request, {
    agent: 'harness',
    variants: [{ name: 'baseline' }],
    endpoint,
    requestsPerVariant: COUNT,
    concurrency: 1,
  });
  await page.goto(`/experiments/${id}`);
  await expect(page.getByTestId('resume-experiment')).toHaveCount(0);
  await page.getByTestId('cancel-experiment').click();
  await page.getByTestId('cancel-confirm-yes').click();
  await expect(page.getByTestId('status')).toHaveText('cancelled');
  // No reload: the management card follows.
  await expect(page.getByTestId('resume-experiment')).toBeVisible();
  await expect(page.getByTestId('delete-experiment')).toBeVisible();
  await screenshot(page, 'follow-state-cancelled');

  server.options.latencyMs = 0;
  await page.getByTestId('resume-experiment').click();
  await expect(page.getByTestId('status')).toHaveText('completed', { timeout: 0 });
  await expect(page.getByTestId('progress-text')).toContainText(`${COUNT} / ${COUNT}`);
  await expect(page.getByTestId('resume-experiment')).toHaveCount(0);
});

test('a campaign’s header follows it to its end without a reload', async ({ page }) => {
  test.setTimeout(300_000);
  const folder = mkdtempSync(path.join(tmpdir(), 'remora-follow-'));
  const repo = path.join(folder, 'repo');
  execFileSync('git', ['init', '-q', repo]);
  writeFileSync(path.join(repo, 'steps.py'), 'def alpha(x):\n    return x + 1\n\n\ndef beta(x):\n    return x\n');
  execFileSync('git', ['-C', repo, 'add', '-A']);
  execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@localhost', 'commit', '-qm', 'start']);
  const model = await startPolicyServer(docstringPolicy);
  const panel = await startSecondPanel({ host: '127.0.0.1' });
  try {
    await page.goto(`${panel.origin}/campaigns`);
    const form = page.getByTestId('start-campaign');
    await form.getByTestId('campaign-agent').selectOption('docstring');
    await form.getByTestId('campaign-repo').fill(repo);
    await form.getByTestId('campaign-endpoint').selectOption({ label: 'Another URL…' });
    await form.getByTestId('campaign-base-url').fill(model.baseUrl);
    await form.getByTestId('campaign-model').fill('functiongemma');
    await form.getByTestId('start-campaign-submit').click();
    await expect(page).toHaveURL(/\/campaigns\/[^/]+$/);
    await expect(page.getByTestId('campaign-progress-text')).toContainText('2 / 2 nodes', { timeout: 0 });
    // The server-drawn header, with no reload.
    await expect(page.getByTestId('status')).toHaveText('completed');
    await expect(page.getByTestId('campaign-facts')).toContainText('1 files');
  } finally {
    await panel.stop();
    await model.close();
    rmSync(folder, { recursive: true, force: true });
  }
});

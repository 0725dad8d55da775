// The campaign form's model server in Chromium: the saved endpoints (the built-in simulator first
// and chosen), the chosen one's model filled in, a typed URL still possible; a campaign started on a
// saved endpoint talks to that endpoint's server.
import { expect, test } from './fixtures';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { docstringPolicy, startPolicyServer } from '../lib/campaigns/testing/agent-policies';
import { screenshot } from './helpers';

test('a campaign started on a saved endpoint chosen in the form', async ({ page, request }) => {
  test.setTimeout(300_000);
  const folder = mkdtempSync(path.join(tmpdir(), 'remora-campaign-endpoint-'));
  const repo = path.join(folder, 'repo');
  execFileSync('git', ['init', '-q', repo]);
  writeFileSync(path.join(repo, 'steps.py'), 'def alpha(x):\n    return x + 1\n\n\ndef beta(x):\n    return x\n');
  execFileSync('git', ['-C', repo, 'add', '-A']);
  execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@localhost', 'commit', '-qm', 'start']);
  // A scripted model that writes docstrings: changes appear only if the campaign talked to it.
  const model = await startPolicyServer(docstringPolicy);
  const name = `scripted-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  try {
    const saved = await request.post('/api/endpoints', {
      data: { name, baseUrl: model.baseUrl, model: 'functiongemma' },
    });
    expect(saved.status()).toBe(201);
    await page.goto('/campaigns');
    const form = page.getByTestId('start-campaign');
    const server = form.getByTestId('campaign-endpoint');
    await expect(server.locator('option').first()).toHaveText('simulated (built-in simulator)');
    await expect(server).toHaveValue('simulated');
    await expect(form.getByTestId('campaign-model')).toHaveValue('functiongemma-270m-it-sim');
    await expect(form.getByTestId('campaign-base-url')).toHaveCount(0);
    // A URL can still be typed.
    await server.selectOption({ label: 'Another URL…' });
    await expect(form.getByTestId('campaign-base-url')).toBeVisible();
    await server.selectOption(name);
    await expect(form.getByTestId('campaign-base-url')).toHaveCount(0);
    await expect(form.getByTestId('campaign-model')).toHaveValue('functiongemma');
    await form.getByTestId('campaign-agent').selectOption('docstring');
    await form.getByTestId('campaign-repo').fill(repo);
    await screenshot(page, 'campaign-form-endpoints');
    await form.getByTestId('start-campaign-submit').click();
    await expect(page).toHaveURL(/\/campaigns\/[^/]+$/);
    await expect(page.getByTestId('campaign-progress-text')).toContainText('2 / 2 nodes', { timeout: 0 });
    await expect(page.getByTestId('change')).toHaveCount(2);
    expect(model.requests.length).toBeGreaterThan(0);
  } finally {
    await model.close();
    rmSync(folder, { recursive: true, force: true });
  }
});

// A campaign started in the panel on its built-in simulator, whose panel is killed half way: the
// command line shows it `interrupted` at once, and the next panel on the same database (its
// simulator on another port) resumes it by itself to completion, no node run twice.
import { expect, test } from './fixtures';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { runCli } from '../test/cli-process';
import { startSecondPanel, type SecondPanel } from './second-panel';

/** Nodes run and conversations stored (with their distinct slots) so far. */
function stored(database: string): { ran: number; conversations: number; slots: number } {
  const db = new Database(database, { readonly: true });
  try {
    const ran = db.prepare("select count(*) as n from campaign_nodes where status = 'ran'").get() as { n: number };
    const rows = db.prepare('select count(*) as n, count(distinct slot) as s from conversations').get() as {
      n: number;
      s: number;
    };
    return { ran: ran.n, conversations: rows.n, slots: rows.s };
  } finally {
    db.close();
  }
}

test('a campaign whose panel was killed shows interrupted, and the next panel resumes it', async ({ page }) => {
  test.setTimeout(300_000);
  const folder = mkdtempSync(path.join(tmpdir(), 'remora-campaign-restart-'));
  const repo = path.join(folder, 'repo');
  const database = path.join(folder, 'panel.db');
  execFileSync('git', ['init', '-q', repo]);
  for (let index = 0; index < 8; index += 1)
    writeFileSync(path.join(repo, `shape${index}.py`), `def area${index}(w, h):\n    return w * h + ${index}\n`);
  execFileSync('git', ['-C', repo, 'add', '-A']);
  execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@localhost', 'commit', '-qm', 'start']);
  // A slow simulator, so that the kill comes half way.
  const env = { REMORA_SIM_LATENCY_MS: '200' };
  const panels: SecondPanel[] = [];
  try {
    const first = await startSecondPanel({ host: '127.0.0.1', database, env });
    panels.push(first);
    const started = await fetch(`${first.origin}/api/campaigns`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ agent: 'docstring', repo, model: 'functiongemma', concurrency: 1 }),
    });
    expect(started.status, await started.clone().text()).toBe(201);
    const { id } = (await started.json()) as { id: string };
    await expect.poll(() => stored(database).ran, { timeout: 120_000 }).toBeGreaterThanOrEqual(2);
    await first.kill();
    const before = stored(database);

    const shown = await runCli(['campaign', 'show', id, '--json', '--db', database]);
    expect(shown.code, shown.stderr).toBe(0);
    expect((JSON.parse(shown.stdout) as { status: string }).status).toBe('interrupted');

    const second = await startSecondPanel({ host: '127.0.0.1', database, env });
    panels.push(second);
    await page.goto(`${second.origin}/campaigns/${id}`);
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('status').first()).toHaveText('completed', { timeout: 2_000 });
    }).toPass({ timeout: 180_000 });
    const after = stored(database);
    expect(after.ran).toBeGreaterThan(before.ran);
    expect(after.conversations).toBe(after.ran);
    expect(after.slots).toBe(after.conversations);
  } finally {
    for (const panel of panels) await panel.stop();
    rmSync(folder, { recursive: true, force: true });
  }
});

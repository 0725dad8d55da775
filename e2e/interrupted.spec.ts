// An experiment whose runner died shows as interrupted, not running, in the panel and in
// GET /api/experiments/:id, at the first look after the death: a command line run on the panel's
// database is killed (SIGKILL) half way, and the panel, which never ran it, tells at once.
import { expect, test } from './fixtures';
import { spawn } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import { startSimServer, type SimServer } from '../lib/sim/server';
import { startSecondPanel, type SecondPanel } from './second-panel';

let panel: SecondPanel;
let origin: string;
let sim: SimServer;

test.beforeAll(async () => {
  sim = await startSimServer({ port: 0, seed: 8, latencyMs: 150, http500Rate: 0, http429Rate: 0 });
  panel = await startSecondPanel({ host: '127.0.0.1' });
  origin = panel.origin;
});

test.afterAll(async () => {
  await panel?.stop();
  await sim?.close();
});

function stored(): { id: string; count: number } | null {
  const database = new Database(panel.database, { readonly: true });
  try {
    const row = database
      .prepare(
        'select id, (select count(*) from conversations where experiment_id = experiments.id) as count ' +
          "from experiments where status = 'running'",
      )
      .get() as { id: string; count: number } | undefined;
    return row ?? null;
  } finally {
    database.close();
  }
}

test('a run whose process was killed shows as interrupted at once', async ({ page, request }) => {
  const cli = spawn(
    process.execPath,
    [
      path.join(process.cwd(), 'bin/remora.mjs'),
      'harness',
      '--agent',
      'harness',
      '--base-url',
      sim.url,
      '--model',
      'fg',
      '--requests-per-variant',
      '200',
      '--concurrency',
      '2',
      '--db',
      panel.database,
      '--json',
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise((resolve) => cli.once('exit', resolve));
  await expect.poll(() => stored()?.count ?? 0, { timeout: 0 }).toBeGreaterThan(2);
  const id = stored()!.id;
  // While the command line runs it, the panel says so.
  expect((await (await request.get(`${origin}/api/experiments/${id}`)).json()).status).toBe('running');

  cli.kill('SIGKILL');
  await exited;
  const body = await (await request.get(`${origin}/api/experiments/${id}`)).json();
  expect(body.status).toBe('interrupted');
  expect(body.summary.status).toBe('interrupted');
  expect(body.progress.done).toBeLessThan(body.progress.total);

  await page.goto(`${origin}/experiments/${id}`);
  await expect(page.getByTestId('status')).toHaveText('interrupted');
  await page.goto(`${origin}/experiments`);
  await expect(
    page.locator(`[data-testid="experiment-row"][data-experiment="${id}"]`).getByTestId('experiment-status'),
  ).toHaveText('interrupted');
});

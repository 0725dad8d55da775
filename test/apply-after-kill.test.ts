// Issue 24, item 3: `campaign apply` to the working tree is all or nothing. The command line is
// killed with SIGKILL at several moments of an apply of eight files (once the journal is on disk,
// after one file, half of them, all of them), then `campaign show` or `apply` runs again: the
// repository ends byte for byte as a clean apply leaves it, with no temporary file left behind, and
// the apply is recorded; the panel's start finishes such an apply too.
// REMORA_TEST_APPLY_PAUSE_AFTER=N makes the apply stop after N files and say
// so, so the kill lands exactly there (no sleeps, no timing).
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeFolders, scratchRepository } from '../lib/campaigns/testing/campaign-harness';
import { lintPolicy, startPolicyServer } from '../lib/campaigns/testing/agent-policies';
import type { ScriptedServer } from '../lib/python/testing/scripted-server';
import { startPanel, stopPanel } from '../lib/panel/runtime';
import { runCli, startCli } from './cli-process';
import { campaignArgs, git, type RunJson } from './stdlib-json-repo';

const FILES = 8;
const folders: string[] = [];
let server: ScriptedServer;

beforeAll(async () => {
  server = await startPolicyServer(lintPolicy);
}, 60_000);

afterAll(async () => {
  await server?.close();
  removeFolders(folders);
});

/** Every file of the working tree (not .git) with its bytes. */
function snapshot(repo: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(repo, { recursive: true }).map(String).sort()) {
    if (name === '.git' || name.startsWith(`.git${path.sep}`)) continue;
    const file = path.join(repo, name);
    try {
      files[name] = readFileSync(file).toString('base64');
    } catch {
      // A folder.
    }
  }
  return files;
}

const DB_FILES = ['', '-wal', '-shm'];

function saveDatabase(db: string, into: string): void {
  for (const suffix of DB_FILES) if (existsSync(`${db}${suffix}`)) copyFileSync(`${db}${suffix}`, `${into}${suffix}`);
}

/** The repository as committed and the database as before any apply. */
function reset(repo: string, db: string, saved: string): void {
  git(repo, 'checkout', '-q', '--', '.');
  git(repo, 'clean', '-qfdx');
  for (const suffix of DB_FILES) {
    removeFolders([`${db}${suffix}`]);
    if (existsSync(`${saved}${suffix}`)) copyFileSync(`${saved}${suffix}`, `${db}${suffix}`);
  }
  removeFolders([`${db}.apply-journal`]);
}

/** Starts apply, waits until it says it stopped after `after` files, and kills it with SIGKILL there. */
async function killApplyAfter(id: string, db: string, after: number): Promise<void> {
  const started = startCli(['campaign', 'apply', id, '--db', db], {
    env: { REMORA_TEST_APPLY_PAUSE_AFTER: String(after) },
  });
  let stderr = '';
  await new Promise<void>((resolve, reject) => {
    started.child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      if (stderr.includes(`apply paused after ${after} files`)) resolve();
    });
    started.child.on('close', () => reject(new Error(`apply ended before the pause: ${stderr}`)));
  });
  started.child.kill('SIGKILL');
  const ended = await started.done;
  expect(ended.signal).toBe('SIGKILL');
}

/** Starts (and stops) the panel's server side on the database, as instrumentation.ts does; returns its log. */
async function panelStartLog(db: string): Promise<string[]> {
  const empty = mkdtempSync(path.join(tmpdir(), 'remora-panel-'));
  folders.push(empty);
  const logged: string[] = [];
  try {
    await startPanel({
      databaseFile: db,
      agentsDir: empty,
      root: empty,
      simulatorLatencyMs: 0,
      log: (line) => logged.push(line),
    });
  } finally {
    await stopPanel();
  }
  return logged;
}

describe('campaign apply killed with SIGKILL', () => {
  it("at any moment, then apply, show or the panel's start: as a clean apply leaves it", async () => {
    const files = Object.fromEntries(
      Array.from({ length: FILES }, (_, index) => [
        `pkg/module_${index}.py`,
        `import os\nimport sys\n\n\ndef f${index}():\n    return sys.argv\n`,
      ]),
    );
    const repo = scratchRepository(files, folders);
    const db = `${repo}.db`;
    const saved = `${repo}-saved.db`;
    folders.push(...DB_FILES.flatMap((suffix) => [`${db}${suffix}`, `${saved}${suffix}`]), `${db}.apply-journal`);
    const run = await runCli(campaignArgs('lint', repo, server, db));
    expect(run.code, run.stderr).toBe(0);
    const { id, changes } = JSON.parse(run.stdout) as RunJson;
    expect(changes).toHaveLength(FILES);
    expect((await runCli(['campaign', 'accept', id, '--all-passing', '--db', db])).code).toBe(0);
    saveDatabase(db, saved);
    const before = snapshot(repo);

    const clean = await runCli(['campaign', 'apply', id, '--db', db]);
    expect(clean.code, clean.stderr).toBe(0);
    const expected = snapshot(repo);
    expect(Object.keys(expected)).toEqual(Object.keys(before));
    const changed = Object.keys(expected).filter((name) => expected[name] !== before[name]);
    expect(changed).toHaveLength(FILES);

    for (const [after, recovery] of [
      [0, 'apply'],
      [1, 'apply'],
      [FILES / 2, 'show'],
      [3, 'panel'],
      [FILES, 'apply'],
    ] as const) {
      reset(repo, db, saved);
      await killApplyAfter(id, db, after);
      const now = snapshot(repo);
      // Killed where it was told: exactly `after` files hold their new bytes.
      expect(changed.filter((name) => now[name] === expected[name])).toHaveLength(after);
      if (recovery === 'panel') {
        expect(await panelStartLog(db)).toContain(`finished the interrupted apply of 1 campaign: ${id}`);
        expect(snapshot(repo)).toEqual(expected);
        expect(readdirSync(`${db}.apply-journal`)).toEqual([]);
        continue;
      }
      const again = await runCli(['campaign', recovery, id, '--db', db, ...(recovery === 'show' ? ['--json'] : [])]);
      expect(again.code, again.stderr).toBe(0);
      if (recovery === 'show') {
        expect(again.stderr).toContain(`finished the interrupted apply of 1 campaign: ${id}`);
        expect(snapshot(repo)).toEqual(expected);
        expect((JSON.parse(again.stdout) as { applied: unknown }).applied).toMatchObject({ mode: 'working-tree' });
        const rerun = await runCli(['campaign', 'apply', id, '--db', db]);
        expect(rerun.code, rerun.stderr).toBe(0);
      }
      expect(snapshot(repo), `killed after ${after} files, then ${recovery}`).toEqual(expected);
      expect(readdirSync(`${db}.apply-journal`)).toEqual([]);
    }

    // Someone edits a file the killed apply had not reached yet: it is not overwritten, and named.
    reset(repo, db, saved);
    await killApplyAfter(id, db, 1);
    const untouched = changed.find((name) => snapshot(repo)[name] === before[name])!;
    writeFileSync(path.join(repo, untouched), 'edited by hand\n');
    const refused = await runCli(['campaign', 'apply', id, '--db', db]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`error: the interrupted apply of campaign ${id} cannot be finished`);
    expect(refused.stderr).toContain(`${untouched} changed since the apply began`);
    expect(readFileSync(path.join(repo, untouched), 'utf8')).toBe('edited by hand\n');
  }, 300_000);
});

// The issue's end-to-end check on a real package nobody on the project wrote (the standard library's
// json package, copied into a scratch git repository), through the real command line, with a
// scripted model server that makes sensible calls for the lint and docstring agents.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintSource } from '../lib/python/ruff';
import { docstringPolicy, lintPolicy, startPolicyServer } from '../lib/campaigns/testing/agent-policies';
import type { ScriptedServer } from '../lib/python/testing/scripted-server';
import { runCli, startCli } from './cli-process';

const scratch = mkdtempSync(path.join(tmpdir(), 'remora-campaign-e2e-'));
const repo = path.join(scratch, 'repo');
const LINT_SETTINGS = { 'line-length': 100, lint: { select: ['E', 'F', 'W', 'I', 'UP', 'B', 'SIM'] } };
let lintServer: ScriptedServer;
let docServer: ScriptedServer;

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-C', cwd, '-c', 'user.name=test', '-c', 'user.email=test@localhost', ...args], {
    encoding: 'utf8',
  });
}

function ruffIssues(folder: string): number {
  let total = 0;
  for (const file of readdirSync(path.join(folder, 'json')).filter((name) => name.endsWith('.py'))) {
    const lint = lintSource(readFileSync(path.join(folder, 'json', file), 'utf8'), LINT_SETTINGS);
    if (!lint.ok) throw new Error(lint.error);
    total += lint.diagnostics.length;
  }
  return total;
}

type RunJson = {
  id: string;
  files: number;
  nodes: number;
  conversations: number;
  changes: { id: string; file: string; node: string; diff: string; checks: Record<string, unknown> }[];
};

beforeAll(async () => {
  const stdlibJson = execFileSync('python3', ['-c', 'import json, os; print(os.path.dirname(json.__file__))'], {
    encoding: 'utf8',
  }).trim();
  cpSync(stdlibJson, path.join(repo, 'json'), { recursive: true, filter: (source) => !source.includes('__pycache__') });
  git(scratch, 'init', '-q', repo);
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', 'json from the standard library');
  lintServer = await startPolicyServer(lintPolicy);
  docServer = await startPolicyServer(docstringPolicy, { delayMs: 40 });
}, 60_000);

afterAll(async () => {
  await lintServer?.close();
  await docServer?.close();
  rmSync(scratch, { recursive: true, force: true });
});

function campaignArgs(agent: string, server: ScriptedServer, db: string): string[] {
  return [
    'campaign',
    'run',
    '--agent',
    agent,
    '--repo',
    repo,
    '--base-url',
    server.baseUrl,
    '--model',
    'functiongemma',
    '--concurrency',
    '3',
    '--db',
    db,
    '--json',
  ];
}

function ranNodes(db: string): number {
  let database: Database.Database;
  try {
    database = new Database(db, { readonly: true, fileMustExist: true });
  } catch {
    return 0; // the command has not created the file yet
  }
  try {
    return (database.prepare("select count(*) as n from campaign_nodes where status = 'ran'").get() as { n: number }).n;
  } catch {
    return 0; // the schema may not exist yet while the command migrates
  } finally {
    database.close();
  }
}

describe('a campaign over a real package, from the command line', () => {
  it('lints: the patch applies cleanly, files compile, fewer ruff issues, checkout untouched until apply', async () => {
    const db = path.join(scratch, 'lint.db');
    const run = await runCli(campaignArgs('lint', lintServer, db));
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as RunJson;
    expect(result.files).toBe(result.nodes);
    expect(result.conversations).toBe(result.nodes);
    expect(result.changes.length).toBeGreaterThan(0);
    expect(git(repo, 'status', '--porcelain')).toBe('');

    expect((await runCli(['campaign', 'accept', result.id, '--all-passing', '--db', db])).code).toBe(0);
    const patch = path.join(scratch, 'lint.patch');
    const exported = await runCli(['campaign', 'export', result.id, '--out', patch, '--db', db]);
    expect(exported.code, exported.stderr).toBe(0);
    const clean = path.join(scratch, 'clean');
    git(scratch, 'clone', '-q', repo, clean);
    git(clean, 'apply', '--check', patch);
    git(clean, 'apply', patch);
    const patched = git(clean, 'diff', '--name-only').trim().split('\n');
    expect(patched.length).toBeGreaterThan(0);
    for (const file of patched)
      execFileSync('python3', ['-m', 'py_compile', path.join(clean, file)], {
        env: { ...process.env, PYTHONPYCACHEPREFIX: path.join(scratch, 'pycache') },
      });
    expect(ruffIssues(clean)).toBeLessThan(ruffIssues(repo));
    expect(git(repo, 'status', '--porcelain')).toBe('');

    const applied = await runCli(['campaign', 'apply', result.id, '--db', db]);
    expect(applied.code, applied.stderr).toBe(0);
    expect(git(repo, 'diff').replace(/^index .*\n/gm, '')).toBe(git(clean, 'diff').replace(/^index .*\n/gm, ''));
    git(repo, 'checkout', '--', '.');
  }, 300_000);

  it('killed half way and rerun: same changes, none twice; an edited file refused by name, none written', async () => {
    const whole = path.join(scratch, 'docs-whole.db');
    const reference = await runCli(campaignArgs('docstring', docServer, whole));
    expect(reference.code, reference.stderr).toBe(0);
    const expected = (JSON.parse(reference.stdout) as RunJson).changes
      .map((change) => `${change.file}|${change.node}|${change.diff}`)
      .sort();

    const db = path.join(scratch, 'docs-killed.db');
    const first = startCli(campaignArgs('docstring', docServer, db));
    const deadline = Date.now() + 120_000;
    while (ranNodes(db) < 5 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    first.child.kill('SIGKILL');
    await first.done;
    const before = ranNodes(db);
    expect(before).toBeGreaterThanOrEqual(5);
    expect(before).toBeLessThan(expected.length);

    const second = await runCli(campaignArgs('docstring', docServer, db));
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain('resuming unfinished campaign');
    const resumed = JSON.parse(second.stdout) as RunJson;
    expect(resumed.changes.map((change) => `${change.file}|${change.node}|${change.diff}`).sort()).toEqual(expected);
    const database = new Database(db, { readonly: true });
    const counts = database
      .prepare('select count(*) as conversations, count(distinct slot) as slots from conversations')
      .get();
    database.close();
    expect(counts).toEqual({ conversations: resumed.conversations, slots: resumed.conversations });

    expect((await runCli(['campaign', 'accept', resumed.id, '--all-passing', '--db', db])).code).toBe(0);
    const edited = resumed.changes[0].file;
    writeFileSync(path.join(repo, edited), `${readFileSync(path.join(repo, edited), 'utf8')}\n# edited by hand\n`);
    const refused = await runCli(['campaign', 'apply', resumed.id, '--db', db]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`${edited} changed since the campaign read it`);
    expect(git(repo, 'status', '--porcelain').trim()).toBe(`M ${edited}`);
  }, 300_000);
});

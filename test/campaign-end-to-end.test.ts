// The issue's end-to-end check on a real package nobody on the project wrote (the standard library's
// json package, copied into a scratch git repository), through the real command line, with a
// scripted model server that makes sensible calls for the lint agent. The docstring agent's run,
// killed and resumed, is test/campaign-resume.test.ts (a file of its own so that the two run at once).
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintSource } from '../lib/python/ruff';
import { lintPolicy, startPolicyServer } from '../lib/campaigns/testing/agent-policies';
import type { ScriptedServer } from '../lib/python/testing/scripted-server';
import { runCli } from './cli-process';
import { campaignArgs, git, stdlibJsonRepository, type RunJson } from './stdlib-json-repo';

const { scratch, repo } = stdlibJsonRepository();
const LINT_SETTINGS = { 'line-length': 100, lint: { select: ['E', 'F', 'W', 'I', 'UP', 'B', 'SIM'] } };
let lintServer: ScriptedServer;

function ruffIssues(folder: string): number {
  let total = 0;
  for (const file of readdirSync(path.join(folder, 'json')).filter((name) => name.endsWith('.py'))) {
    const lint = lintSource(readFileSync(path.join(folder, 'json', file), 'utf8'), LINT_SETTINGS);
    if (!lint.ok) throw new Error(lint.error);
    total += lint.diagnostics.length;
  }
  return total;
}

beforeAll(async () => {
  lintServer = await startPolicyServer(lintPolicy);
}, 60_000);

afterAll(async () => {
  await lintServer?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('a campaign over a real package, from the command line', () => {
  it('lints: the patch applies cleanly, files compile, fewer ruff issues, checkout untouched until apply', async () => {
    const db = path.join(scratch, 'lint.db');
    const run = await runCli(campaignArgs('lint', repo, lintServer, db));
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
});

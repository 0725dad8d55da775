// Issue 24, item 2: a repository whose tracked `tests` is a link to a folder outside it. The test
// agent's change creates tests/test_pricing_total.py: `apply` would write it through the link, and
// `apply --branch` would commit it under a path that is a link in the tree. Both refuse, naming the
// link, with exit code 2 and one clear error; nothing is written outside, nothing is committed.
import { mkdirSync, mkdtempSync, readdirSync, symlinkSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeFolders, scratchRepository } from '../lib/campaigns/testing/campaign-harness';
import { startPolicyServer, testPolicy } from '../lib/campaigns/testing/agent-policies';
import type { ScriptedServer } from '../lib/python/testing/scripted-server';
import { runCli } from './cli-process';
import { campaignArgs, type RunJson } from './stdlib-json-repo';

const folders: string[] = [];
let server: ScriptedServer;

beforeAll(async () => {
  server = await startPolicyServer(testPolicy((name) => `${name}(2) == 2`));
}, 60_000);

afterAll(async () => {
  await server?.close();
  removeFolders(folders);
});

/** A repository with pricing.py and a tracked link `tests` (or `where`) to a folder outside it. */
function linkedRepository(link: string): { repo: string; outside: string } {
  const outside = mkdtempSync(path.join(tmpdir(), 'remora-outside-'));
  folders.push(outside);
  mkdirSync(path.join(outside, 'tests'));
  const repo = scratchRepository({ 'pricing.py': 'def total(x):\n    return x\n' }, folders);
  symlinkSync(path.join(outside, 'tests'), path.join(repo, link));
  execFileSync('git', ['-C', repo, 'add', link]);
  execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@localhost', 'commit', '-qm', 'link']);
  return { repo, outside };
}

function everything(folder: string): string[] {
  return readdirSync(folder, { recursive: true }).map(String).sort();
}

describe('a tracked link out of the repository', () => {
  it('apply and apply --branch refuse naming the link; nothing is written outside or committed', async () => {
    const { repo, outside } = linkedRepository('tests');
    const db = `${repo}.db`;
    folders.push(db, `${db}-wal`, `${db}-shm`, `${db}.apply-journal`);
    const run = await runCli(campaignArgs('test', repo, server, db));
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as RunJson;
    expect(result.changes.map((change) => change.file)).toEqual(['tests/test_pricing_total.py']);
    expect((await runCli(['campaign', 'accept', result.id, '--all-passing', '--db', db])).code).toBe(0);
    const before = everything(outside);

    const applied = await runCli(['campaign', 'apply', result.id, '--db', db]);
    expect(applied.code).toBe(2);
    expect(applied.stderr).toContain('error: nothing was written: a path leads through a link');
    expect(applied.stderr).toContain(`tests is a link that leaves the repository (to ${path.join(outside, 'tests')})`);
    expect(applied.stderr).not.toContain('internal error');
    expect(everything(outside)).toEqual(before);

    const branch = await runCli(['campaign', 'apply', result.id, '--branch', 'remora-tests', '--db', db]);
    expect(branch.code).toBe(2);
    expect(branch.stderr).toContain('error: nothing was written: a path leads through a link');
    expect(branch.stderr).toMatch(/tests is a link in commit [0-9a-f]{12}: nothing is written through it/);
    expect(branch.stderr).not.toContain('internal error');
    expect(execFileSync('git', ['-C', repo, 'branch', '--list', 'remora-tests'], { encoding: 'utf8' })).toBe('');
    expect(everything(outside)).toEqual(before);
    expect(everything(path.join(outside, 'tests'))).toEqual([]);
  }, 300_000);
});

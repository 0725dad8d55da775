// Issue 24, item 2: files with odd names, a leading dash (an option to any program that takes it
// as an argument), `..` inside a name (not a parent folder), a newline and a space, go through a
// whole campaign from the command line: run, accept, export, apply --branch and apply. Each is
// changed where it is, under its own name, on the branch and in the working tree, and nothing else;
// except the file whose whole path begins with a dash, which the agent's tools refuse by name (a
// program would read it as an option), recorded on its conversation.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import Database from 'better-sqlite3';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeFolders, scratchRepository } from '../lib/campaigns/testing/campaign-harness';
import { docstringPolicy, startPolicyServer } from '../lib/campaigns/testing/agent-policies';
import type { ScriptedServer } from '../lib/python/testing/scripted-server';
import { runCli } from './cli-process';
import { campaignArgs, type RunJson } from './stdlib-json-repo';

const folders: string[] = [];
let server: ScriptedServer;

beforeAll(async () => {
  server = await startPolicyServer(docstringPolicy);
}, 60_000);

afterAll(async () => {
  await server?.close();
  removeFolders(folders);
});

const ODD = ['pkg/--help.py', 'two..dots.py', 'new\nline.py', 'a space.py'];
const DASH = '-rf.py';
const source = (name: string) => `def ${name}(x):\n    return x\n`;

/** The branch's file, read with -z listings the test trusts (plain git on the test's own repository). */
function onBranch(repo: string, branch: string, file: string): string {
  const listing = execFileSync('git', ['-C', repo, 'ls-tree', '-r', '-z', '--full-tree', branch], { encoding: 'utf8' });
  const entry = listing.split('\0').find((line) => line.endsWith(`\t${file}`));
  if (!entry) throw new Error(`${JSON.stringify(file)} is not on ${branch}`);
  return execFileSync('git', ['-C', repo, 'cat-file', 'blob', entry.split(/\s/)[2]], { encoding: 'utf8' });
}

describe('files with odd names', () => {
  it('are each changed under their own name on the branch and in the working tree', async () => {
    const files = { ...Object.fromEntries(ODD.map((file, index) => [file, source(`f${index}`)])), [DASH]: source('g') };
    const repo = scratchRepository(files, folders);
    const db = `${repo}.db`;
    folders.push(db, `${db}-wal`, `${db}-shm`, `${db}.apply-journal`, `${repo}.patch`);
    const run = await runCli(campaignArgs('docstring', repo, server, db));
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as RunJson;
    expect(result.changes.map((change) => change.file).sort()).toEqual([...ODD].sort());
    const database = new Database(db, { readonly: true });
    const dashed = database
      .prepare("select task_check from conversations where json_extract(input, '$.file_path') = ?")
      .get(DASH) as { task_check: string };
    database.close();
    expect(dashed.task_check).toContain('\\"-rf.py\\" begins with \\"-\\", which a program would read as an option');
    expect((await runCli(['campaign', 'accept', result.id, '--all-passing', '--db', db])).code).toBe(0);

    const exported = await runCli(['campaign', 'export', result.id, '--out', `${repo}.patch`, '--db', db]);
    expect(exported.code, exported.stderr).toBe(0);

    const branch = await runCli(['campaign', 'apply', result.id, '--branch', 'docs', '--db', db]);
    expect(branch.code, branch.stderr).toBe(0);
    for (const [index, file] of ODD.entries()) expect(onBranch(repo, 'docs', file)).toContain(`"""Document f${index}.`);

    const applied = await runCli(['campaign', 'apply', result.id, '--db', db]);
    expect(applied.code, applied.stderr).toBe(0);
    for (const [index, file] of ODD.entries())
      expect(readFileSync(path.join(repo, file), 'utf8')).toContain(`"""Document f${index}.`);
    // Nothing else appeared: no file under a mangled or quoted name, no temporary file left.
    const present = readdirSync(repo, { recursive: true })
      .map(String)
      .filter((name) => !name.startsWith('.git') && !name.endsWith('__pycache__') && name !== 'pkg')
      .sort();
    expect(present).toEqual([...ODD, DASH].sort());
    expect(readFileSync(path.join(repo, DASH), 'utf8')).toBe(source('g'));
  }, 300_000);
});

// Issue 24, item 1: every git command Remora runs on a repository has a time limit, runs only from a
// short list of plumbing, and fails as one clear line naming the command (exit code 2), never as
// "internal error". The repository makes git fail (a broken index) or hang (its core.excludesFile
// is a FIFO nobody writes to: git waits on it for ever).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GitCommandError, git, gitOutput } from '../lib/campaigns/git';
import { removeFolders, scratchRepository } from '../lib/campaigns/testing/campaign-harness';
import { docstringPolicy, startPolicyServer } from '../lib/campaigns/testing/agent-policies';
import { runCli } from './cli-process';
import { campaignArgs } from './stdlib-json-repo';

const folders: string[] = [];
afterAll(() => removeFolders(folders));

describe('git as campaigns run it', () => {
  it('a broken repository: campaign run fails with one line naming the git command, exit code 2', async () => {
    const repo = scratchRepository({ 'a.py': 'def a():\n    return 1\n' }, folders);
    writeFileSync(path.join(repo, '.git', 'index'), 'not an index');
    const db = `${repo}.db`;
    folders.push(db, `${db}-wal`, `${db}-shm`);
    const server = await startPolicyServer(docstringPolicy);
    const run = await runCli(campaignArgs('docstring', repo, server, db)).finally(() => server.close());
    expect(run.code).toBe(2);
    const lines = run.stderr.trim().split('\n');
    expect(lines.at(-1)).toMatch(/^error: git ls-files --cached --others --exclude-standard -z -- \. failed: .*index/);
    expect(run.stderr).not.toContain('internal error');
  }, 120_000);

  it('a command that hangs is stopped at its time limit and named', async () => {
    const repo = scratchRepository({ 'a.py': '' }, folders);
    const fifo = path.join(repo, '.git', 'never-written');
    execFileSync('mkfifo', [fifo]);
    execFileSync('git', ['-C', repo, 'config', 'core.excludesFile', fifo]);
    const error = await gitOutput(repo, ['ls-files', '--others', '--exclude-standard', '-z'], {
      timeoutMs: 1000,
    }).catch((caught: unknown) => caught);
    expect(GitCommandError.is(error)).toBe(true);
    expect((error as Error).message).toBe('git ls-files --others --exclude-standard -z failed: no answer within 1 s');
  }, 60_000);

  it('runs only its plumbing: anything else is refused before git starts', async () => {
    const repo = scratchRepository({ 'a.py': '' }, folders);
    for (const args of [['checkout', '.'], ['-c', 'core.pager=less', 'log'], ['archive', 'HEAD'], ['status']])
      await expect(git(repo, args)).rejects.toThrow(/failed: not a command Remora runs$/);
  });
});

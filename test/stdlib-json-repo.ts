// Test support for the campaign end-to-end tests: a real package nobody on the project wrote (the
// standard library's json package) in a scratch git repository, and the command line's arguments
// for a campaign over it.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ScriptedServer } from '../lib/python/testing/scripted-server';

export type RunJson = {
  id: string;
  files: number;
  nodes: number;
  conversations: number;
  changes: { id: string; file: string; node: string; diff: string; checks: Record<string, unknown> }[];
};

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-C', cwd, '-c', 'user.name=test', '-c', 'user.email=test@localhost', ...args], {
    encoding: 'utf8',
  });
}

/** A scratch folder holding `repo`, a git repository with json/ from this machine's Python, committed. */
export function stdlibJsonRepository(): { scratch: string; repo: string } {
  const scratch = mkdtempSync(path.join(tmpdir(), 'remora-campaign-e2e-'));
  const repo = path.join(scratch, 'repo');
  const stdlibJson = execFileSync('python3', ['-c', 'import json, os; print(os.path.dirname(json.__file__))'], {
    encoding: 'utf8',
  }).trim();
  cpSync(stdlibJson, path.join(repo, 'json'), { recursive: true, filter: (source) => !source.includes('__pycache__') });
  git(scratch, 'init', '-q', repo);
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', 'json from the standard library');
  return { scratch, repo };
}

export function campaignArgs(agent: string, repo: string, server: ScriptedServer, db: string): string[] {
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

// Issue 24, item 1: a campaign over a repository that names its own programs to git (hooks,
// fsmonitor, filters, textconv, diff and pager programs, commit signing) and a caller whose global
// configuration and environment do the same. The whole round through the real command line,
// `campaign run` with the test agent, `accept --all-passing`, `apply --branch` with the
// repository's test command, and `apply` to the working tree, succeeds, and none of those programs
// ever runs.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeFolders } from '../lib/campaigns/testing/campaign-harness';
import { startPolicyServer, testPolicy } from '../lib/campaigns/testing/agent-policies';
import type { ScriptedServer } from '../lib/python/testing/scripted-server';
import { runCli } from './cli-process';
import { hostileRepository, markersWritten } from './hostile-repository';
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

/** Reads a commit's file the way the test trusts: plain git with every program switched off. */
function committed(repo: string, spec: string): string {
  return execFileSync('git', ['-C', repo, '-c', 'core.fsmonitor=false', 'cat-file', 'blob', spec], {
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' },
  });
}

describe('a repository that names its own programs to git', () => {
  it('campaign run, accept, apply --branch with tests, apply: all succeed and none of its programs runs', async () => {
    const hostile = hostileRepository(
      {
        'pricing.py': 'def total(x):\n    return x\n',
        'pyproject.toml': '[project]\nname = "pricing"\nversion = "0.1"\n',
      },
      folders,
    );
    const { repo, env } = hostile;
    const db = path.join(path.dirname(repo), `${path.basename(repo)}.db`);
    folders.push(db, `${db}-wal`, `${db}-shm`, `${db}.apply-journal`);

    const run = await runCli(campaignArgs('test', repo, server, db), { env });
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as RunJson;
    expect(result.changes.map((change) => change.file)).toEqual(['tests/test_pricing_total.py']);
    expect.soft(markersWritten(hostile)).toEqual([]);

    const accepted = await runCli(['campaign', 'accept', result.id, '--all-passing', '--db', db], { env });
    expect(accepted.code, accepted.stderr).toBe(0);

    const branch = await runCli(
      [
        'campaign',
        'apply',
        result.id,
        '--branch',
        'remora-tests',
        '--test-command',
        'python3 -m pytest -q',
        '--db',
        db,
      ],
      { env },
    );
    expect(branch.code, `${branch.stdout}${branch.stderr}`).toBe(0);
    expect(branch.stdout).toContain('python3 -m pytest -q (branch remora-tests, in the sandbox): passed');
    expect(committed(repo, 'remora-tests:tests/test_pricing_total.py')).toContain('assert total(2) == 2');
    expect.soft(markersWritten(hostile)).toEqual([]);

    const applied = await runCli(['campaign', 'apply', result.id, '--db', db], { env });
    expect(applied.code, applied.stderr).toBe(0);
    expect(readFileSync(path.join(repo, 'tests', 'test_pricing_total.py'), 'utf8')).toContain('assert total(2) == 2');
    const tested = await runCli(['campaign', 'test', result.id, '--command', 'python3 -m pytest -q', '--db', db], {
      env,
    });
    expect(tested.code, `${tested.stdout}${tested.stderr}`).toBe(0);
    expect.soft(markersWritten(hostile)).toEqual([]);

    // The trap is live: plain git, as a user would run it here, runs the repository's programs.
    // (It fails too: the marker programs do not speak the process filter's protocol.)
    spawnSync('git', ['-C', repo, 'status', '--short'], { env: { ...process.env, ...env }, stdio: 'ignore' });
    expect(markersWritten(hostile)).toContain('fsmonitor');
  }, 300_000);
});

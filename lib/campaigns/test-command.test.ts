// The repository's own test command runs on a copy, in the sandbox: its result is stored with the
// campaign, and nothing it does reaches the repository.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadAgent } from '../agents/load';
import { getCampaign } from '../db/queries/campaigns';
import { openTemporaryDatabase, type TemporaryDatabase } from '../db/testing/temporary-database';
import { PROJECT_ROOT } from '../python/testing/agent-conversation';
import { openCampaign } from './create';
import { removeFolders, scratchRepository } from './testing/campaign-harness';
import { runRepositoryTests } from './test-command';

const folders: string[] = [];
let temporary: TemporaryDatabase;
beforeEach(() => {
  temporary = openTemporaryDatabase();
});
afterEach(() => temporary.dispose());
afterAll(() => removeFolders(folders));

async function campaignOn(repo: string) {
  const agent = (await loadAgent(path.join(PROJECT_ROOT, 'agents', 'docstring'))).toRuntime();
  const { campaign } = await openCampaign(temporary.database, {
    agent,
    variant: { name: 'baseline', systemPrompt: agent.systemPrompt },
    repo,
    endpoint: { baseUrl: 'http://127.0.0.1:9/v1', model: 'functiongemma' },
    concurrency: 1,
  });
  return campaign;
}

const PYTEST = 'python3 -m pytest -q -p no:cacheprovider';

describe("the repository's test command", { timeout: 120_000 }, () => {
  it('runs on a copy of the working tree in the sandbox, stores its result, leaves the repository alone', async () => {
    const repo = scratchRepository(
      {
        'calc/__init__.py': '',
        'calc/ops.py': 'def double(x):\n    return 2 * x\n',
        'tests/test_ops.py': 'from calc.ops import double\n\n\ndef test_double():\n    assert double(3) == 6\n',
      },
      folders,
    );
    const campaign = await campaignOn(repo);
    const run = await runRepositoryTests(temporary.database, campaign, `touch written-by-tests && ${PYTEST}`);
    expect(run, run.output).toMatchObject({
      passed: true,
      exitCode: 0,
      where: 'working tree',
      confinement: 'bubblewrap',
    });
    expect(run.output).toContain('1 passed');
    expect(existsSync(path.join(repo, 'written-by-tests'))).toBe(false);
    expect(getCampaign(temporary.database, campaign.id)?.testRun).toMatchObject({
      passed: true,
      command: `touch written-by-tests && ${PYTEST}`,
    });
  });

  it('may write only so much beyond the copy: a failed run naming the limit, on a branch too', async () => {
    const repo = scratchRepository({ 'tests/test_ok.py': 'def test_ok():\n    assert True\n' }, folders);
    execFileSync('git', ['-C', repo, 'branch', 'remora-tests']);
    const campaign = await campaignOn(repo);
    const fill = `python3 -c "for i in range(16): open(f'junk-{i}.bin', 'wb').write(b'x' * 2**20)"`;
    const workspaceBytes = 8 * 1024 * 1024;
    for (const branch of [undefined, 'remora-tests']) {
      const run = await runRepositoryTests(temporary.database, campaign, fill, { branch, workspaceBytes });
      expect(run.passed).toBe(false);
      expect(run.output).toContain('the test command wrote more than its limit of 8 MiB');
    }
    // Within the limit, the same command passes.
    const small = await runRepositoryTests(temporary.database, campaign, `${PYTEST} && ${fill.replace('16', '2')}`, {
      workspaceBytes,
    });
    expect(small, small.output).toMatchObject({ passed: true });
  });

  it('has no network, and runs a branch as committed rather than the working tree', async () => {
    const repo = scratchRepository({ 'tests/test_ok.py': 'def test_ok():\n    assert True\n' }, folders);
    execFileSync('git', ['-C', repo, 'branch', 'remora-tests']);
    const campaign = await campaignOn(repo);
    // A server this process listens on: reachable from here, not from inside the sandbox.
    const server = createServer((socket) => socket.end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const network = await runRepositoryTests(
        temporary.database,
        campaign,
        `python3 -c "import socket; socket.create_connection(('127.0.0.1', ${port}), timeout=5)"`,
      );
      expect(network.passed).toBe(false);
      expect(network.output).toContain('ConnectionRefusedError');
    } finally {
      server.close();
    }
    // The working tree's test now fails; the branch still has the passing one.
    execFileSync('sh', [
      '-c',
      `printf 'def test_ok():\\n    assert False\\n' > ${JSON.stringify(path.join(repo, 'tests', 'test_ok.py'))}`,
    ]);
    expect((await runRepositoryTests(temporary.database, campaign, PYTEST)).passed).toBe(false);
    const onBranch = await runRepositoryTests(temporary.database, campaign, PYTEST, { branch: 'remora-tests' });
    expect(onBranch).toMatchObject({ passed: true, where: 'branch remora-tests' });
    await expect(
      runRepositoryTests(temporary.database, campaign, PYTEST, { branch: 'no-such-branch' }),
    ).rejects.toThrow('there is no branch no-such-branch');
  });
});

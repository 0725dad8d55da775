// The repository's own test command after `campaign apply` runs the tests the model wrote (accepted
// changes of the test agent): it runs in the sandbox like pytest in a conversation. The hostile
// test tries to write outside the repository, read the secrets of the command line's environment
// and a file of the user's, and connect to a local listener.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { removeFolders, scratchRepository } from '../lib/campaigns/testing/campaign-harness';
import { runTestCommand } from '../lib/campaigns/test-command';
import { openCampaign } from '../lib/campaigns/create';
import { loadAgent } from '../lib/agents/load';
import { getExperiment } from '../lib/db/queries/experiments';
import { openTemporaryDatabase } from '../lib/db/testing/temporary-database';
import { readStoredConfig } from '../lib/experiment-config/stored-config';
import { PROJECT_ROOT } from '../lib/python/testing/agent-conversation';
import { resetSandboxHost } from '../lib/tools/sandbox/host';
import { hostileTest, leakedSecrets, setTrap, trapState, type Trap } from '../lib/tools/testing/trap';

let trap: Trap;
const folders: string[] = [];
const saved = { ...process.env };
beforeEach(async () => {
  trap = await setTrap();
  // The secrets are in the environment of the process that runs the command, as in the CLI's.
  Object.assign(process.env, trap.env);
});
afterEach(async () => {
  for (const name of Object.keys(trap.env)) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  await trap.close();
  removeFolders(folders.splice(0));
});

describe("the repository's test command after apply", () => {
  it('runs the model-written tests confined: nothing written outside, no listener reached, no secret', async () => {
    const repo = scratchRepository(
      { 'pricing.py': 'def total(x):\n    return x\n', 'tests/test_pricing.py': hostileTest(trap) },
      folders,
    );
    const run = await runTestCommand(repo, 'python3 -m pytest -q -p no:cacheprovider tests');
    // The tests ran (the attack was made) and failed on purpose with their report.
    expect(run.output).toContain('ATTACK-REPORT');
    expect(run.passed).toBe(false);
    expect(run.confinement).toBe('bubblewrap');
    const report = readFileSync(path.join(repo, 'leak.txt'), 'utf8');
    expect.soft(report).toMatch(/write:(OSError|PermissionError|FileNotFoundError)/);
    expect.soft(report).toMatch(/connect:(OSError|ConnectionRefusedError)/);
    expect.soft(report).toMatch(/file:(FileNotFoundError|PermissionError)/);
    expect.soft(leakedSecrets(trap, [report, run.output])).toEqual([]);
    expect(trapState(trap)).toEqual({ outsideFileExists: false, victimIntact: true, connections: 0 });
  }, 60_000);

  it('passes a passing suite, in the repository it was given', async () => {
    const repo = scratchRepository(
      {
        'pricing.py': 'def total(x):\n    return x\n',
        'tests/test_ok.py': 'from pricing import total\n\n\ndef test_total():\n    assert total(2) == 2\n',
      },
      folders,
    );
    const run = await runTestCommand(repo, 'python3 -m pytest -q -p no:cacheprovider tests');
    expect(run).toMatchObject({ exitCode: 0, passed: true, timedOut: false });
    expect(run.output).toContain('1 passed');
  }, 60_000);
});

describe('a campaign of an agent that runs model-written code', () => {
  const before = process.env.REMORA_BWRAP;
  afterEach(() => {
    if (before === undefined) delete process.env.REMORA_BWRAP;
    else process.env.REMORA_BWRAP = before;
    resetSandboxHost();
  });

  it('records its sandbox, and is refused before it starts where there is none', async () => {
    const temporary = openTemporaryDatabase();
    try {
      const repo = scratchRepository({ 'pricing.py': 'def total(x):\n    return x\n' }, folders);
      const agent = (await loadAgent(path.join(PROJECT_ROOT, 'agents', 'test'))).toRuntime();
      const request = {
        agent,
        variant: { name: 'baseline', systemPrompt: agent.systemPrompt },
        repo,
        endpoint: { baseUrl: 'http://127.0.0.1:9/v1', model: 'm' },
        concurrency: 1,
      };
      const { campaign } = await openCampaign(temporary.database, request);
      expect(
        readStoredConfig(getExperiment(temporary.database, campaign.experimentId)?.config).experiment.sandbox,
      ).toEqual({ confinement: 'bubblewrap', unsafeNoSandbox: false });

      process.env.REMORA_BWRAP = '';
      resetSandboxHost();
      const refusal = await openCampaign(temporary.database, { ...request, concurrency: 2 }).then(
        () => null,
        (error: unknown) => error as Error,
      );
      expect(refusal?.message).toContain('runs code the model writes, and there is no sandbox here');
    } finally {
      temporary.dispose();
    }
  }, 60_000);
});

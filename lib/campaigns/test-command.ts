// The repository's own test command after apply (`python3 -m pytest -q`, `make test`...), run from
// the repository root (or from a temporary checkout of the branch the changes went to), its result
// stored with the campaign. The accepted changes may hold tests the model wrote, so the command
// runs in the sandbox like every program run on the model's output (lib/tools/sandbox): the
// repository the only writable folder, no network, none of Remora's environment.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { RemoraDatabase } from '../db/client';
import { recordTestRun } from '../db/queries/campaigns';
import type { CampaignRow } from '../db/schema';
import type { Confinement } from '../tools/sandbox/host';
import { runConfined } from '../tools/sandbox/run-confined';
import { gitText } from './git';

export type TestRun = { command: string; where: string; exitCode: number | null; passed: boolean; output: string; at: number; timedOut: boolean; confinement: Confinement };

const TIMEOUT_MS = 30 * 60 * 1000;
const MAX_OUTPUT_BYTES = 8 * 1024 * 1024;

export type TestCommandOptions = {
  /** Where no sandbox is available, run it anyway with the user's own rights (--unsafe-no-sandbox). */
  allowUnconfined?: boolean;
};

/** Runs the command (the user's own, typed for their shell, like a Makefile line) in `folder`, confined. */
export async function runTestCommand(folder: string, command: string, options: TestCommandOptions = {}): Promise<Omit<TestRun, 'where' | 'at'>> {
  const run = await runConfined({
    program: 'bash',
    args: ['-c', command],
    cwd: folder,
    writable: [folder],
    env: { PYTEST_DISABLE_PLUGIN_AUTOLOAD: '1' },
    timeoutMs: TIMEOUT_MS,
    maxOutputBytes: MAX_OUTPUT_BYTES,
    // A whole suite: CPU time up to the time limit, and room for the processes it starts.
    limits: { cpuSeconds: TIMEOUT_MS / 1000, processes: 256 },
    allowUnconfined: options.allowUnconfined,
  });
  if (!run.ok) return { command, exitCode: null, passed: false, output: run.error, timedOut: false, confinement: run.confinement };
  const output = `${run.stdout}${run.stderr}`.trimEnd().split('\n').slice(-40).join('\n');
  const passed = run.exitCode === 0 && !run.timedOut && !run.outputTooLarge;
  return { command, exitCode: run.exitCode, passed, output, timedOut: run.timedOut, confinement: run.confinement };
}

export async function runRepositoryTests(database: RemoraDatabase, campaign: CampaignRow, command: string, branch?: string, options: TestCommandOptions = {}): Promise<TestRun> {
  let run: TestRun;
  if (branch) {
    const scratch = await mkdtemp(path.join(os.tmpdir(), 'remora-branch-'));
    const checkout = path.join(scratch, 'checkout');
    try {
      await gitText(campaign.repoRoot, ['worktree', 'add', '--detach', checkout, branch]);
      const top = await gitText(campaign.repoRoot, ['rev-parse', '--show-prefix']);
      run = { ...(await runTestCommand(path.join(checkout, top), command, options)), where: `branch ${branch}`, at: Date.now() };
    } finally {
      await gitText(campaign.repoRoot, ['worktree', 'remove', '--force', checkout]).catch(() => undefined);
      await rm(scratch, { recursive: true, force: true });
    }
  } else {
    run = { ...(await runTestCommand(campaign.repoRoot, command, options)), where: 'working tree', at: Date.now() };
  }
  recordTestRun(database, campaign.id, run);
  return run;
}

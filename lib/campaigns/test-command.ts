// The repository's own test command after apply (`python3 -m pytest -q`, `make test`...), run from
// the repository root (or from a temporary checkout of the branch the changes went to), its result
// stored with the campaign.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { RemoraDatabase } from '../db/client';
import { recordTestRun } from '../db/queries/campaigns';
import type { CampaignRow } from '../db/schema';
import { runCommand } from './run-command';
import { gitText } from './git';

export type TestRun = { command: string; where: string; exitCode: number | null; passed: boolean; output: string; at: number; timedOut: boolean };

const TIMEOUT_MS = 30 * 60 * 1000;

async function runIn(folder: string, command: string): Promise<Omit<TestRun, 'where' | 'at'>> {
  // The command is the user's own, typed for their shell, like a Makefile line.
  const finished = await runCommand('sh', ['-c', command], folder, TIMEOUT_MS);
  const output = finished.spawnError ? finished.spawnError.message : finished.output.trimEnd().split('\n').slice(-40).join('\n');
  return { command, exitCode: finished.code, passed: finished.code === 0 && !finished.timedOut, output, timedOut: finished.timedOut };
}

export async function runRepositoryTests(database: RemoraDatabase, campaign: CampaignRow, command: string, branch?: string): Promise<TestRun> {
  let run: TestRun;
  if (branch) {
    const scratch = await mkdtemp(path.join(os.tmpdir(), 'remora-branch-'));
    const checkout = path.join(scratch, 'checkout');
    try {
      await gitText(campaign.repoRoot, ['worktree', 'add', '--detach', checkout, branch]);
      const top = await gitText(campaign.repoRoot, ['rev-parse', '--show-prefix']);
      run = { ...(await runIn(path.join(checkout, top), command)), where: `branch ${branch}`, at: Date.now() };
    } finally {
      await gitText(campaign.repoRoot, ['worktree', 'remove', '--force', checkout]).catch(() => undefined);
      await rm(scratch, { recursive: true, force: true });
    }
  } else {
    run = { ...(await runIn(campaign.repoRoot, command)), where: 'working tree', at: Date.now() };
  }
  recordTestRun(database, campaign.id, run);
  return run;
}

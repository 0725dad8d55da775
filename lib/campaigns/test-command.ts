// The repository's own test command after apply (`python3 -m pytest -q`, `make test`...), its result
// stored with the campaign. The accepted changes may hold tests the model wrote, and the panel can
// start it, so the command runs in the sandbox like every program run on the model's output
// (lib/tools/sandbox): no network, none of Remora's environment, and on a copy of the repository
// (of its working tree, or of the branch the changes went to) in a work folder, the only folder it
// may write. The repository itself is neither written nor handed to the sandbox's user.
import { lstatSync, readdirSync } from 'node:fs';
import { copyFile, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { RemoraDatabase } from '../db/client';
import { recordTestRun } from '../db/queries/campaigns';
import type { CampaignRow } from '../db/schema';
import { InputError } from '../errors';
import type { Confinement } from '../tools/sandbox/host';
import { DEFAULT_WORKSPACE_BYTES } from '../tools/sandbox/limits';
import { runConfined } from '../tools/sandbox/run-confined';
import { shownBytes } from '../tools/sandbox/workspace-bound';
import { createWorkspaceFolder } from '../tools/work-root';
import { branchExists } from './git';
import { materialiseTree } from './git-tree';
import { walkRepositoryFiles } from './walk';

export type TestRun = {
  command: string;
  where: string;
  exitCode: number | null;
  passed: boolean;
  output: string;
  at: number;
  timedOut: boolean;
  confinement: Confinement;
};

const TIMEOUT_MS = 30 * 60 * 1000;
const MAX_OUTPUT_BYTES = 8 * 1024 * 1024;

export type TestCommandOptions = {
  /** Where no sandbox is available, run it anyway with the user's own rights (--unsafe-no-sandbox). */
  allowUnconfined?: boolean;
  timeoutMs?: number;
  /** What the command may write beyond the copy it runs on (--workspace-limit; DEFAULT_WORKSPACE_BYTES). */
  workspaceBytes?: number;
};

/** tmpfs's page: every file and folder of the copy takes at least one. */
const PAGE_BYTES = 4096;

/** What the copy takes in a tmpfs: each file rounded up to whole pages, and a page per folder. */
function tmpfsBytes(folder: string): number {
  let total = PAGE_BYTES;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    const size = entry.isFile() ? lstatSync(path.join(entry.parentPath, entry.name)).size : 0;
    total += Math.max(PAGE_BYTES, Math.ceil(size / PAGE_BYTES) * PAGE_BYTES);
  }
  return total;
}

/** Runs the command (the user's own, typed for their shell, like a Makefile line) in `folder`, confined. */
export async function runTestCommand(
  folder: string,
  command: string,
  options: TestCommandOptions = {},
): Promise<Omit<TestRun, 'where' | 'at'>> {
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  // The copy runs on a tmpfs of its own size plus the room the command may take: a suite that writes
  // without end fills that, not the disk (tests the model wrote are among it).
  const room = options.workspaceBytes ?? DEFAULT_WORKSPACE_BYTES;
  const run = await runConfined({
    program: 'bash',
    args: ['-c', command],
    cwd: folder,
    writable: [folder],
    env: { PYTEST_DISABLE_PLUGIN_AUTOLOAD: '1' },
    timeoutMs,
    maxOutputBytes: MAX_OUTPUT_BYTES,
    // A whole suite: CPU time up to the time limit, and room for the processes it starts.
    limits: { cpuSeconds: Math.ceil(timeoutMs / 1000), processes: 256, workspaceBytes: tmpfsBytes(folder) + room },
    allowUnconfined: options.allowUnconfined,
  });
  if (!run.ok)
    return { command, exitCode: null, passed: false, output: run.error, timedOut: false, confinement: run.confinement };
  const lines = `${run.stdout}${run.stderr}`.trimEnd().split('\n').slice(-40);
  if (run.workspaceFull)
    lines.push(
      `remora: the test command wrote more than its limit of ${shownBytes(room)} beyond the repository's copy`,
    );
  const output = lines.join('\n');
  const passed = run.exitCode === 0 && !run.timedOut && !run.outputTooLarge && !run.workspaceFull;
  return { command, exitCode: run.exitCode, passed, output, timedOut: run.timedOut, confinement: run.confinement };
}

async function copyWorkingTree(root: string, into: string): Promise<void> {
  for await (const file of walkRepositoryFiles(root)) {
    if (file.skipReason) continue;
    const target = path.join(into, ...file.path.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(file.absolute, target);
  }
}

/**
 * The branch's tree under the campaign's folder, written from its blobs (no checkout, no `git
 * archive`: the repository's smudge and process filters never run, and no worktree is registered).
 */
async function copyBranch(root: string, branch: string, into: string): Promise<void> {
  if (!(await branchExists(root, branch))) throw new InputError(`there is no branch ${branch} in ${root}`);
  await materialiseTree(root, `refs/heads/${branch}`, into);
}

export type RepositoryTestOptions = TestCommandOptions & { branch?: string };

export async function runRepositoryTests(
  database: RemoraDatabase,
  campaign: CampaignRow,
  command: string,
  options: RepositoryTestOptions = {},
): Promise<TestRun> {
  if (command.trim() === '')
    throw new InputError('give the command that runs the repository\'s tests, e.g. "python3 -m pytest -q"');
  const copy = await createWorkspaceFolder();
  try {
    if (options.branch) await copyBranch(campaign.repoRoot, options.branch, copy);
    else await copyWorkingTree(campaign.repoRoot, copy);
    const run: TestRun = {
      ...(await runTestCommand(copy, command, options)),
      where: options.branch ? `branch ${options.branch}` : 'working tree',
      at: Date.now(),
    };
    recordTestRun(database, campaign.id, run);
    return run;
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}

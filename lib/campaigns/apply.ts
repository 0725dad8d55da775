// Export and apply the accepted changes. Export writes one patch that `git apply` takes on the
// campaign's commit. Apply writes the working tree, or commits on a new branch (one commit per
// file) without touching the working tree. Both refuse, naming each file, when a file changed since
// the campaign read it, and then write nothing at all; a file is replaced whole (written beside it,
// then renamed), never left half written.
import { chmod, mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { RemoraDatabase } from '../db/client';
import { recordApply } from '../db/queries/campaigns';
import type { CampaignRow } from '../db/schema';
import { InputError } from '../errors';
import { plural } from '../plural';
import { formatFilePatch, fromByteString, toByteString } from './edits';
import { branchExists, commitIdentity, fileAtCommit, git, gitText } from './git';
import { findOriginal, insideRoot, patchedContent, planAccepted, type FilePlan } from './plan';
import { sha256 } from './extract';

export type ExportResult = { patch: Buffer; files: string[]; changes: number; notes: string[] };

function refuse(problems: string[]): never {
  throw new InputError(
    `nothing was written: ${plural(problems.length, 'file')} changed ` +
      `since the campaign read ${problems.length === 1 ? 'it' : 'them'}`,
    problems,
  );
}

export async function exportPatch(database: RemoraDatabase, campaign: CampaignRow): Promise<ExportResult> {
  const plans = planAccepted(database, campaign);
  const parts: string[] = [];
  const problems: string[] = [];
  const notes: string[] = [];
  for (const plan of plans) {
    const found = await findOriginal(campaign, plan, true);
    if (!found.ok) {
      problems.push(found.reason);
      continue;
    }
    const original = found.source.data;
    if (campaign.gitCommit && original && !plan.created) {
      const committed = await fileAtCommit(campaign.repoRoot, campaign.gitCommit, plan.path);
      if (!committed || sha256(committed) !== plan.recordedHash)
        notes.push(
          `${plan.path} had uncommitted changes when the campaign read it: ` +
            `the patch applies to that version, not to commit ${campaign.gitCommit.slice(0, 12)}`,
        );
    }
    parts.push(formatFilePatch(plan.path, original ? toByteString(original) : null, plan.hunks));
  }
  if (problems.length > 0) refuse(problems);
  return {
    patch: fromByteString(parts.join('')),
    files: plans.map((plan) => plan.path),
    changes: new Set(plans.flatMap((plan) => plan.changeIds)).size,
    notes,
  };
}

export type ApplyResult = { mode: 'working-tree' | 'branch'; files: string[]; branch?: string; commits?: string[] };

/** Writes a file whole: a temporary file beside it, renamed over it, with the old file's mode. */
async function replaceFile(file: string, data: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const mode = await stat(file).then(
    (info) => info.mode,
    () => null,
  );
  const temporary = `${file}.remora-${process.pid}.tmp`;
  try {
    await writeFile(temporary, data);
    if (mode !== null) await chmod(temporary, mode);
    await rename(temporary, file);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}

async function newContents(
  campaign: CampaignRow,
  plans: FilePlan[],
  allowCommit: boolean,
): Promise<Map<string, Buffer>> {
  const contents = new Map<string, Buffer>();
  const problems: string[] = [];
  for (const plan of plans) {
    const found = await findOriginal(campaign, plan, allowCommit);
    if (found.ok) contents.set(plan.path, patchedContent(found.source.data, plan));
    else problems.push(found.reason);
  }
  if (problems.length > 0) refuse(problems);
  return contents;
}

export async function applyToWorkingTree(database: RemoraDatabase, campaign: CampaignRow): Promise<ApplyResult> {
  const plans = planAccepted(database, campaign);
  // Every file is checked (and every new text computed) before the first one is written.
  const contents = await newContents(campaign, plans, false);
  for (const [relative, data] of contents) await replaceFile(insideRoot(campaign.repoRoot, relative), data);
  const result: ApplyResult = { mode: 'working-tree', files: [...contents.keys()] };
  recordApply(database, campaign.id, { ...result, at: Date.now() });
  return result;
}

/** One commit per file on a new branch from the campaign's commit; the working tree and HEAD stay as they are. */
export async function applyToBranch(
  database: RemoraDatabase,
  campaign: CampaignRow,
  branch: string,
): Promise<ApplyResult> {
  if (!campaign.gitCommit)
    throw new InputError(
      `${campaign.repoRoot} was not a git repository with a commit when the campaign ran; apply without --branch`,
    );
  if (!/^[\w][\w./-]*$/.test(branch) || branch.includes('..'))
    throw new InputError(`"${branch}" is not a usable branch name`);
  if (await branchExists(campaign.repoRoot, branch))
    throw new InputError(`the branch ${branch} exists already; choose a new name`);
  const plans = planAccepted(database, campaign);
  const problems: string[] = [];
  for (const plan of plans) {
    const committed = await fileAtCommit(campaign.repoRoot, campaign.gitCommit, plan.path);
    if (plan.created ? committed !== null : !committed || sha256(committed) !== plan.recordedHash)
      problems.push(`${plan.path} at commit ${campaign.gitCommit.slice(0, 12)} is not the file the campaign read`);
  }
  if (problems.length > 0) refuse(problems);
  const contents = await newContents(campaign, plans, true);
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'remora-index-'));
  const env = { ...(await commitIdentity(campaign.repoRoot)), GIT_INDEX_FILE: path.join(scratch, 'index') };
  try {
    await gitText(campaign.repoRoot, ['read-tree', campaign.gitCommit], { env });
    let parent = campaign.gitCommit;
    const commits: string[] = [];
    for (const plan of plans) {
      const blob = await gitText(campaign.repoRoot, ['hash-object', '-w', '--no-filters', '--stdin'], {
        input: contents.get(plan.path),
        env,
      });
      const listed = (
        await git(campaign.repoRoot, ['ls-tree', campaign.gitCommit, '--', `./${plan.path}`])
      ).stdout.toString('utf8');
      const mode = /^(\d{6}) /.exec(listed)?.[1] ?? '100644';
      const top = await gitText(campaign.repoRoot, ['rev-parse', '--show-prefix']);
      await gitText(campaign.repoRoot, ['update-index', '--add', '--cacheinfo', `${mode},${blob},${top}${plan.path}`], {
        env,
      });
      const tree = await gitText(campaign.repoRoot, ['write-tree'], { env });
      const count = plan.changeIds.length;
      const what = `${campaign.agentName} agent on ${plan.path} (${plural(count, 'change')})`;
      const message = `Remora campaign ${campaign.id}: ${what}`;
      parent = await gitText(campaign.repoRoot, ['commit-tree', tree, '-p', parent, '-m', message], { env });
      commits.push(parent);
    }
    await gitText(campaign.repoRoot, ['update-ref', `refs/heads/${branch}`, parent, ''], { env });
    const result: ApplyResult = { mode: 'branch', branch, files: plans.map((plan) => plan.path), commits };
    recordApply(database, campaign.id, { ...result, at: Date.now() });
    return result;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

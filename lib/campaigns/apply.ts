// Export and apply the accepted changes. Export writes one patch that `git apply` takes on the
// campaign's commit. Apply writes the working tree all or nothing (apply-journal.ts), or commits on
// a new branch (one commit per file) with git plumbing only, without touching the working tree
// (git-tree.ts). Both refuse, naming each file, when a file changed since the campaign read it, or
// when a path leads through a link (safe-path.ts), and then write nothing at all.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { RemoraDatabase } from '../db/client';
import { getCampaign, recordApply } from '../db/queries/campaigns';
import type { CampaignRow } from '../db/schema';
import { InputError } from '../errors';
import { plural } from '../plural';
import { applyWithJournal, finishInterruptedApply } from './apply-journal';
import { formatFilePatch, fromByteString, toByteString } from './edits';
import { branchExists, commitIdentity, fileAtCommit } from './git';
import { commitFiles, linkInTree, listTree, treePrefix } from './git-tree';
import { findOriginal, insideRoot, patchedContent, planAccepted, type FilePlan } from './plan';
import { refuseLinks } from './safe-path';
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

type NewFile = { path: string; oldHash: string | null; data: Buffer };

/** The hashes the last apply to the working tree left each file with (a re-run recognises them). */
function appliedHashes(campaign: CampaignRow): Record<string, string> {
  const applied = campaign.applied as { mode?: string; hashes?: Record<string, string> } | null;
  return applied?.mode === 'working-tree' ? (applied.hashes ?? {}) : {};
}

async function currentBytes(campaign: CampaignRow, relative: string): Promise<Buffer | null> {
  return readFile(insideRoot(campaign.repoRoot, relative)).catch(() => null);
}

/**
 * Each file's new bytes, computed from the bytes as read before anything is written. A file that
 * already holds the bytes an earlier apply left it with counts as applied, so a re-run is the same.
 */
async function newContents(campaign: CampaignRow, plans: FilePlan[], allowCommit: boolean): Promise<NewFile[]> {
  const files: NewFile[] = [];
  const problems: string[] = [];
  const applied = allowCommit ? {} : appliedHashes(campaign);
  for (const plan of plans) {
    const found = await findOriginal(campaign, plan, allowCommit);
    if (found.ok) {
      const data = patchedContent(found.source.data, plan);
      files.push({ path: plan.path, oldHash: found.source.data ? sha256(found.source.data) : null, data });
      continue;
    }
    const current = applied[plan.path] ? await currentBytes(campaign, plan.path) : null;
    if (current && sha256(current) === applied[plan.path])
      files.push({ path: plan.path, oldHash: sha256(current), data: current });
    else problems.push(found.reason);
  }
  if (problems.length > 0) refuse(problems);
  return files;
}

export async function applyToWorkingTree(database: RemoraDatabase, given: CampaignRow): Promise<ApplyResult> {
  // An apply killed half way is finished first, from its journal (which records it).
  const finished = await finishInterruptedApply(database, given.id);
  const campaign = (finished && getCampaign(database, given.id)) || given;
  const plans = planAccepted(database, campaign);
  // Every file is checked (and every new text computed) before the first one is written.
  const files = await newContents(campaign, plans, false);
  await refuseLinks(
    campaign.repoRoot,
    files.map((file) => file.path),
  );
  await applyWithJournal(database, campaign.id, campaign.repoRoot, files);
  return { mode: 'working-tree', files: files.map((file) => file.path) };
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
  if (!/^[\w][\w./-]*$/.test(branch) || branch.includes('..') || branch.endsWith('.lock') || branch.endsWith('/'))
    throw new InputError(`"${branch}" is not a usable branch name`);
  if (await branchExists(campaign.repoRoot, branch))
    throw new InputError(`the branch ${branch} exists already; choose a new name`);
  const plans = planAccepted(database, campaign);
  const prefix = await treePrefix(campaign.repoRoot);
  const entries = await listTree(campaign.repoRoot, campaign.gitCommit);
  const links = plans.flatMap((plan) => linkInTree(entries, `${prefix}${plan.path}`, campaign.gitCommit!) ?? []);
  if (links.length > 0)
    throw new InputError(
      `nothing was written: ${links.length === 1 ? 'a path leads' : 'paths lead'} through a link`,
      links,
    );
  const problems: string[] = [];
  for (const plan of plans) {
    const committed = await fileAtCommit(campaign.repoRoot, campaign.gitCommit, plan.path);
    if (plan.created ? committed !== null : !committed || sha256(committed) !== plan.recordedHash)
      problems.push(`${plan.path} at commit ${campaign.gitCommit.slice(0, 12)} is not the file the campaign read`);
  }
  if (problems.length > 0) refuse(problems);
  const files = await newContents(campaign, plans, true);
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'remora-index-'));
  try {
    const commits = await commitFiles({
      root: campaign.repoRoot,
      base: campaign.gitCommit,
      branch,
      scratch,
      env: await commitIdentity(campaign.repoRoot),
      files: plans.map((plan, index) => ({
        path: plan.path,
        data: files[index].data,
        message:
          `Remora campaign ${campaign.id}: ${campaign.agentName} agent on ${plan.path} ` +
          `(${plural(plan.changeIds.length, 'change')})`,
      })),
    });
    const result: ApplyResult = { mode: 'branch', branch, files: plans.map((plan) => plan.path), commits };
    recordApply(database, campaign.id, { ...result, at: Date.now() });
    return result;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

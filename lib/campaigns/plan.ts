// What export and apply do with the accepted changes: group them by file, refuse overlaps (the person
// chooses, nothing merges silently), and find each file's bytes as the campaign read them.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { RemoraDatabase } from '../db/client';
import { changesWithStatus } from '../db/queries/campaign-changes';
import { listFileRecords } from '../db/queries/campaign-nodes';
import type { CampaignRow } from '../db/schema';
import { InputError } from '../errors';
import { applyHunks, findOverlaps, fromByteString, toByteString, type FileEdit, type Hunk } from './edits';
import { sha256 } from './extract';
import { fileAtCommit } from './git';

export type FilePlan = {
  path: string;
  created: boolean;
  hunks: Hunk[];
  changeIds: string[];
  /** The hash recorded when the campaign read the file (null for a file a change creates). */
  recordedHash: string | null;
};

export type OriginalSource = { data: Buffer | null; from: 'working tree' | 'commit' | 'absent' };

/** The accepted changes by file; an overlap between two of them is an error naming both. */
export function planAccepted(database: RemoraDatabase, campaign: CampaignRow): FilePlan[] {
  const accepted = changesWithStatus(database, campaign.id, 'accepted').map((change) => ({
    id: change.id,
    edits: change.edits as FileEdit[],
  }));
  if (accepted.length === 0)
    throw new InputError(
      `campaign ${campaign.id} has no accepted changes: ` +
        `accept some first (campaign accept ${campaign.id} CHANGE_ID... or --all-passing)`,
    );
  const overlaps = findOverlaps(accepted);
  if (overlaps.length > 0) {
    throw new InputError(
      'some accepted changes touch the same lines; reject one of each pair (nothing is merged silently)',
      overlaps.map(
        (overlap) => `${overlap.path} line ${overlap.line}: changes ${overlap.left} and ${overlap.right} overlap`,
      ),
    );
  }
  const plans = new Map<string, FilePlan>();
  for (const change of accepted) {
    for (const edit of change.edits) {
      const plan = plans.get(edit.path) ?? {
        path: edit.path,
        created: edit.created,
        hunks: [],
        changeIds: [],
        recordedHash: null,
      };
      plan.hunks.push(...edit.hunks);
      if (!plan.changeIds.includes(change.id)) plan.changeIds.push(change.id);
      plans.set(edit.path, plan);
    }
  }
  const records = new Map(
    listFileRecords(database, campaign.id, [...plans.keys()]).map((record) => [record.path, record]),
  );
  for (const plan of plans.values()) plan.recordedHash = records.get(plan.path)?.sha256 ?? null;
  return [...plans.values()].sort((left, right) => left.path.localeCompare(right.path));
}

/** A repository path that stays inside the root (the changes come from stored data: checked again here). */
export function insideRoot(root: string, relative: string): string {
  const absolute = path.resolve(root, ...relative.split('/'));
  const back = path.relative(root, absolute);
  if (back === '' || back.startsWith('..') || path.isAbsolute(back))
    throw new InputError(`the path ${relative} leads outside the repository`);
  return absolute;
}

async function workingTreeFile(root: string, relative: string): Promise<Buffer | null> {
  try {
    return await readFile(insideRoot(root, relative));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * The file as the campaign read it: from the working tree when its hash still matches, else (for
 * export) from the campaign's commit when that matches; null with the reason when neither does.
 */
export async function findOriginal(
  campaign: CampaignRow,
  plan: FilePlan,
  allowCommit: boolean,
): Promise<{ ok: true; source: OriginalSource } | { ok: false; reason: string }> {
  const current = await workingTreeFile(campaign.repoRoot, plan.path);
  if (plan.created) {
    if (current === null) return { ok: true, source: { data: null, from: 'absent' } };
    return { ok: false, reason: `${plan.path} exists now, but the change creates it` };
  }
  if (current && sha256(current) === plan.recordedHash)
    return { ok: true, source: { data: current, from: 'working tree' } };
  if (allowCommit && campaign.gitCommit) {
    const committed = await fileAtCommit(campaign.repoRoot, campaign.gitCommit, plan.path);
    if (committed && sha256(committed) === plan.recordedHash)
      return { ok: true, source: { data: committed, from: 'commit' } };
  }
  return {
    ok: false,
    reason:
      current === null
        ? `${plan.path} was deleted since the campaign read it`
        : `${plan.path} changed since the campaign read it (its hash differs)`,
  };
}

/** The file's new bytes: the accepted hunks applied by position to the bytes as read. */
export function patchedContent(original: Buffer | null, plan: FilePlan): Buffer {
  return fromByteString(applyHunks(original ? toByteString(original) : '', plan.hunks));
}

// The person's decisions: accept (by id, or every change whose checks all pass), reject, and edit a
// change's result before accepting it. Accepting a change that touches the same lines as one
// already accepted is refused with both named: the person chooses, nothing merges silently.
import type { RemoraDatabase } from '../db/client';
import {
  changesWithStatus,
  getChanges,
  listChanges,
  setChangeStatus,
  storeEditedChange,
} from '../db/queries/campaign-changes';
import { fileRecord } from '../db/queries/campaign-nodes';
import type { CampaignChangeRow, CampaignRow } from '../db/schema';
import { InputError, NotFoundError } from '../errors';
import { decodePython, encodePython } from '../python/encoding';
import { checkPythonSyntax, describeSyntaxProblems } from '../python/parser';
import { displayDiff, editsOf } from './change';
import { applyHunks, findOverlaps, fromByteString, toByteString, type FileEdit } from './edits';
import { findOriginal } from './plan';

export type AcceptOutcome = { accepted: string[]; skipped: { id: string; reason: string; destructive?: boolean }[] };

function asEdits(change: CampaignChangeRow): { id: string; edits: FileEdit[] } {
  return { id: change.id, edits: change.edits as FileEdit[] };
}

function requireChanges(database: RemoraDatabase, campaign: CampaignRow, ids: string[]): CampaignChangeRow[] {
  const found = getChanges(database, campaign.id, ids);
  const missing = ids.filter((id) => !found.some((change) => change.id === id));
  if (missing.length > 0) throw new NotFoundError(`campaign ${campaign.id} has no change ${missing.join(', ')}`);
  return found;
}

export function acceptChanges(database: RemoraDatabase, campaign: CampaignRow, ids: string[]): AcceptOutcome {
  const wanted = requireChanges(database, campaign, ids).map(asEdits);
  const accepted = changesWithStatus(database, campaign.id, 'accepted')
    .filter((change) => !ids.includes(change.id))
    .map(asEdits);
  const overlaps = findOverlaps([...accepted, ...wanted]);
  if (overlaps.length > 0) {
    throw new InputError(
      'these changes touch the same lines; accept one of each pair (reject the other, or edit one first)',
      overlaps.map((overlap) => `${overlap.path} line ${overlap.line}: ${overlap.left} and ${overlap.right}`),
    );
  }
  setChangeStatus(database, campaign.id, ids, 'accepted');
  return { accepted: ids, skipped: [] };
}

type Checks = Record<string, { passed?: boolean; message?: string } | undefined>;

/** The failed preservation check's message when it is the only check the change failed, else null. */
function onlyDestructive(change: CampaignChangeRow): string | null {
  const checks = change.checks as Checks;
  const failed = Object.entries(checks).filter(([, check]) => check?.passed === false);
  return failed.length === 1 && failed[0][0] === 'preserved' ? (failed[0][1]?.message ?? 'destructive') : null;
}

/**
 * Accepts every pending change whose checks all passed, in file order; one overlapping an accepted change is skipped
 * and named. A change whose only failed check is `preserved` (it removes or shrinks what was there) is skipped and
 * named unless `includeDestructive`.
 */
export function acceptAllPassing(
  database: RemoraDatabase,
  campaign: CampaignRow,
  options: { includeDestructive?: boolean } = {},
): AcceptOutcome {
  const accepted = changesWithStatus(database, campaign.id, 'accepted').map(asEdits);
  const outcome: AcceptOutcome = { accepted: [], skipped: [] };
  for (let offset = 0; ; offset += 500) {
    const page = listChanges(database, campaign.id, { status: 'pending', limit: 500, offset }).changes;
    for (const change of page) {
      const destructive = change.checksPassed === true ? null : onlyDestructive(change);
      if (destructive && !options.includeDestructive) {
        outcome.skipped.push({ id: change.id, reason: destructive, destructive: true });
        continue;
      }
      if (change.checksPassed !== true && !destructive) continue;
      const candidate = asEdits(change);
      const clash = findOverlaps([...accepted, candidate]).find(
        (overlap) => overlap.left === change.id || overlap.right === change.id,
      );
      if (clash) {
        const other = clash.left === change.id ? clash.right : clash.left;
        outcome.skipped.push({ id: change.id, reason: `overlaps ${other} in ${clash.path} at line ${clash.line}` });
        continue;
      }
      accepted.push(candidate);
      outcome.accepted.push(change.id);
    }
    if (page.length < 500) break;
  }
  setChangeStatus(database, campaign.id, outcome.accepted, 'accepted');
  return outcome;
}

export function rejectChanges(database: RemoraDatabase, campaign: CampaignRow, ids: string[]): number {
  requireChanges(database, campaign, ids);
  return setChangeStatus(database, campaign.id, ids, 'rejected');
}

async function originalOf(
  campaign: CampaignRow,
  database: RemoraDatabase,
  change: CampaignChangeRow,
): Promise<{ edit: FileEdit; original: Buffer | null }> {
  const edit = (change.edits as FileEdit[]).find((candidate) => candidate.path === change.path);
  if (!edit) throw new InputError(`change ${change.id} has no edit of ${change.path}`);
  const recordedHash = edit.created ? null : (fileRecord(database, campaign.id, edit.path)?.sha256 ?? null);
  const found = await findOriginal(
    campaign,
    { path: edit.path, created: edit.created, hunks: edit.hunks, changeIds: [change.id], recordedHash },
    true,
  );
  if (!found.ok) throw new InputError(`cannot show or edit change ${change.id}: ${found.reason}`);
  return { edit, original: found.source.data };
}

/** The text of the change's file with only this change applied, decoded in the file's encoding. */
export async function changeResultText(
  database: RemoraDatabase,
  campaign: CampaignRow,
  changeId: string,
): Promise<{ path: string; text: string }> {
  const [change] = requireChanges(database, campaign, [changeId]);
  const { edit, original } = await originalOf(campaign, database, change);
  const after = fromByteString(applyHunks(original ? toByteString(original) : '', edit.hunks));
  const decoded = decodePython(after);
  return { path: edit.path, text: decoded.ok ? decoded.value.text : after.toString('utf8') };
}

/** Replaces the change's result for its file with the person's text; the edit must still parse. */
export async function editChange(
  database: RemoraDatabase,
  campaign: CampaignRow,
  changeId: string,
  text: string,
): Promise<CampaignChangeRow> {
  const [change] = requireChanges(database, campaign, [changeId]);
  const { edit, original } = await originalOf(campaign, database, change);
  const problems = await checkPythonSyntax(text);
  if (problems.length > 0) throw new InputError(`the edited text does not parse: ${describeSyntaxProblems(problems)}`);
  const format = original ? decodePython(original) : null;
  const encoded = encodePython(
    text,
    format?.ok ? format.value.format : { encoding: 'utf-8', newline: '\n', bom: false },
  );
  if (!encoded.ok) throw new InputError(`the edited text cannot be written in the file's encoding: ${encoded.error}`);
  const others = (change.edits as FileEdit[]).filter((candidate) => candidate.path !== edit.path);
  const [mine] = editsOf([{ path: edit.path, before: original, after: encoded.bytes }]);
  const edits = mine ? [...others, mine] : others;
  const originals = new Map<string, Buffer>(original ? [[edit.path, original]] : []);
  const checks = {
    ...(change.checks as Record<string, unknown>),
    edited: { passed: true, message: 'edited by hand; the text parses' },
  };
  const passed = Object.values(checks).every((check) => (check as { passed?: boolean }).passed !== false);
  storeEditedChange(database, campaign.id, changeId, {
    diff: displayDiff(edits, originals),
    edits,
    checks,
    checksPassed: passed,
  });
  return requireChanges(database, campaign, [changeId])[0];
}

// `campaign apply` to the working tree is all or nothing. Before the first file is written, a
// journal (every file's path, the hash of the bytes the campaign read, and the new bytes) is written
// and fsynced beside the database: `<db>.apply-journal/<campaign id>.json`. Each file is then
// replaced whole (a temporary file beside it, renamed over it). A process killed half way leaves
// the journal; the next `apply`, `campaign show` or panel start finishes the work forward from it (a
// file that already holds its new bytes is left alone) and records the apply, then removes it.
import { createHash } from 'node:crypto';
import { chmod, mkdir, open, readFile, readdir, rename, stat, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { RemoraDatabase } from '../db/client';
import { recordApply } from '../db/queries/campaigns';
import { InputError } from '../errors';
import { plural } from '../plural';
import { refuseLinks } from './safe-path';

type JournalFile = { path: string; oldHash: string | null; newHash: string; content: string };
type Journal = { campaignId: string; root: string; files: JournalFile[]; at: number };

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Where the database's journals live; an in-memory database keeps them in this process's temporary folder. */
function journalFolder(database: RemoraDatabase): string {
  const file = database.$client.name;
  if (!file || file === ':memory:' || database.$client.memory)
    return path.join(os.tmpdir(), `remora-apply-journal-${process.pid}`);
  return `${path.resolve(file)}.apply-journal`;
}

function journalFile(database: RemoraDatabase, campaignId: string): string {
  return path.join(journalFolder(database), `${campaignId}.json`);
}

/** Writes and fsyncs a file, then its folder, so that it is on disk before anything it describes is done. */
async function writeDurably(file: string, data: Buffer): Promise<void> {
  const temporary = `${file}.tmp`;
  const handle = await open(temporary, 'w', 0o600);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
  const folder = await open(path.dirname(file), 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

/** The temporary name a file is written under before the rename: fixed, so that a leftover is found again. */
function temporaryName(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.remora-apply.tmp`);
}

/** Replaces a file whole: the new bytes beside it, with the old file's mode, renamed over it. */
async function replaceFile(file: string, data: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const mode = await stat(file).then(
    (info) => info.mode,
    () => null,
  );
  const temporary = temporaryName(file);
  try {
    const handle = await open(temporary, 'w');
    try {
      await handle.writeFile(data);
    } finally {
      await handle.close();
    }
    if (mode !== null) await chmod(temporary, mode);
    await rename(temporary, file);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}

/**
 * A test's way to stop an apply at an exact moment (REMORA_TEST_APPLY_PAUSE_AFTER=N: after N files
 * are written, 0 meaning once the journal is on disk): it says so on stderr and waits to be killed.
 */
async function pauseForTest(written: number): Promise<void> {
  if (process.env.REMORA_TEST_APPLY_PAUSE_AFTER !== String(written)) return;
  process.stderr.write(`apply paused after ${written} files\n`);
  await new Promise(() => setInterval(() => undefined, 60_000));
}

async function currentHash(file: string): Promise<string | null> {
  try {
    return sha256(await readFile(file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Writes each journalled file that does not hold its new bytes yet; a file changed by someone else stops it. */
async function carryOut(journal: Journal, pause: boolean): Promise<void> {
  const targets = await refuseLinks(
    journal.root,
    journal.files.map((file) => file.path),
  );
  const problems: string[] = [];
  const pending: number[] = [];
  for (const [index, file] of journal.files.entries()) {
    const hash = await currentHash(targets[index]);
    if (hash === file.newHash) continue;
    if (hash === file.oldHash) pending.push(index);
    else problems.push(`${file.path} changed since the apply began`);
  }
  if (problems.length > 0)
    throw new InputError(`the interrupted apply of campaign ${journal.campaignId} cannot be finished`, problems);
  let written = 0;
  if (pause) await pauseForTest(written);
  for (const index of pending) {
    await replaceFile(targets[index], Buffer.from(journal.files[index].content, 'base64'));
    written += 1;
    if (pause) await pauseForTest(written);
  }
}

function record(database: RemoraDatabase, journal: Journal): void {
  recordApply(database, journal.campaignId, {
    mode: 'working-tree',
    files: journal.files.map((file) => file.path),
    // What each file holds now: a later apply recognises them as applied.
    hashes: Object.fromEntries(journal.files.map((file) => [file.path, file.newHash])),
    at: Date.now(),
  });
}

/** Applies the files (path relative to the root -> new bytes, with the hash the campaign read) all or nothing. */
export async function applyWithJournal(
  database: RemoraDatabase,
  campaignId: string,
  root: string,
  files: { path: string; oldHash: string | null; data: Buffer }[],
): Promise<void> {
  const journal: Journal = {
    campaignId,
    root,
    at: Date.now(),
    files: files.map((file) => ({
      path: file.path,
      oldHash: file.oldHash,
      newHash: sha256(file.data),
      content: file.data.toString('base64'),
    })),
  };
  const target = journalFile(database, campaignId);
  await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
  await writeDurably(target, Buffer.from(JSON.stringify(journal)));
  await carryOut(journal, true);
  record(database, journal);
  await unlink(target);
}

async function readJournal(file: string): Promise<Journal | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Journal;
  } catch (error) {
    // Absent, or torn by a kill before its rename: then no file of the apply was written yet.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || error instanceof SyntaxError) return null;
    throw error;
  }
}

/** Finishes an interrupted apply of this campaign, if there is one; returns whether there was. */
export async function finishInterruptedApply(database: RemoraDatabase, campaignId: string): Promise<boolean> {
  const file = journalFile(database, campaignId);
  const journal = await readJournal(file);
  if (!journal) return false;
  await carryOut(journal, false);
  record(database, journal);
  await unlink(file);
  return true;
}

/** Finishes every interrupted apply recorded beside this database (panel start); a failure is reported, not thrown. */
export async function finishInterruptedApplies(
  database: RemoraDatabase,
): Promise<{ finished: string[]; problems: string[] }> {
  const names = await readdir(journalFolder(database)).catch(() => [] as string[]);
  const finished: string[] = [];
  const problems: string[] = [];
  for (const name of names.filter((entry) => entry.endsWith('.json'))) {
    const campaignId = name.slice(0, -'.json'.length);
    try {
      if (await finishInterruptedApply(database, campaignId)) finished.push(campaignId);
    } catch (error) {
      problems.push(`campaign ${campaignId}: ${(error as Error).message}`);
    }
  }
  return { finished, problems };
}

export const describeFinished = (ids: string[]) =>
  `finished the interrupted apply of ${plural(ids.length, 'campaign')}: ${ids.join(', ')}`;

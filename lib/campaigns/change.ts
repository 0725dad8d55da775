// A conversation's workspace turned into a change: the edits by position in each file as read, and
// a unified diff for people, decoded in each file's own encoding.
import { decodePython } from '../python/encoding';
import { computeHunks, formatFilePatch, fromByteString, toByteString, type FileEdit } from './edits';

export type ChangedFile = { path: string; before: Buffer | null; after: Buffer | null };

function isBinary(data: Buffer): boolean {
  return data.subarray(0, 8000).includes(0);
}

/** The file's text encoding for showing it (UTF-8 when it declares none or cannot be decoded). */
function displayEncoding(data: Buffer | null): string {
  if (!data) return 'utf-8';
  const decoded = decodePython(data);
  return decoded.ok ? decoded.value.format.encoding : 'utf-8';
}

function decodeForDisplay(patch: string, encoding: string): string {
  const bytes = fromByteString(patch);
  if (encoding === 'latin-1') return bytes.toString('latin1');
  try {
    return new TextDecoder(encoding === 'ascii' ? 'utf-8' : encoding).decode(bytes);
  } catch {
    // An encoding TextDecoder does not know: show the bytes as UTF-8 with replacement characters.
    return bytes.toString('utf8');
  }
}

/** Edits of the changed text files (deleted and binary files are left out: campaigns only edit and add text). */
export function editsOf(files: ChangedFile[]): FileEdit[] {
  const edits: FileEdit[] = [];
  for (const file of [...files].sort((left, right) => left.path.localeCompare(right.path))) {
    if (!file.after || isBinary(file.after) || (file.before && isBinary(file.before))) continue;
    const hunks = computeHunks(file.before ? toByteString(file.before) : '', toByteString(file.after));
    if (hunks.length > 0) edits.push({ path: file.path, created: file.before === null, hunks });
  }
  return edits;
}

/** The unified diff of edits against the files as read (`originals` by path; absent for created files). */
export function displayDiff(edits: FileEdit[], originals: Map<string, Buffer>): string {
  return edits
    .map((edit) => {
      const original = originals.get(edit.path) ?? null;
      const patch = formatFilePatch(edit.path, edit.created || !original ? null : toByteString(original), edit.hunks);
      return decodeForDisplay(
        patch,
        displayEncoding(original ?? fromByteString(edit.hunks.flatMap((hunk) => hunk.lines).join(''))),
      );
    })
    .join('');
}

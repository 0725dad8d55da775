// Changes by position. Every conversation of a campaign starts from the same bytes of a file, so
// its change is stored as hunks anchored on that file's line numbers (never on surrounding text):
// changes to one file from different nodes combine by position, two hunks that touch the same
// lines are an overlap for the person to settle, and a method textually identical to another can
// never receive the other's edit. Texts here are "byte strings" (latin-1 decoded bytes, one
// character per byte), so that every encoding and line ending comes back byte for byte.
import { diffArrays } from 'diff';

/** Lines `start..end-1` (0-based) of the file as read are replaced by `lines` (each with its line end). */
export type Hunk = { start: number; end: number; lines: string[] };

export type FileEdit = { path: string; created: boolean; hunks: Hunk[] };

export function toByteString(data: Buffer): string {
  return data.toString('latin1');
}

export function fromByteString(text: string): Buffer {
  return Buffer.from(text, 'latin1');
}

/** Lines with their own endings; a last line without one stays without. */
function splitLines(text: string): string[] {
  const lines: string[] = [];
  let start = 0;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', start)) {
    lines.push(text.slice(start, index + 1));
    start = index + 1;
  }
  if (start < text.length) lines.push(text.slice(start));
  return lines;
}

/** The hunks that turn `before` into `after`. */
export function computeHunks(before: string, after: string): Hunk[] {
  const hunks: Hunk[] = [];
  let line = 0;
  let current: Hunk | null = null;
  for (const part of diffArrays(splitLines(before), splitLines(after))) {
    if (!part.added && !part.removed) {
      if (current) hunks.push(current);
      current = null;
      line += part.value.length;
      continue;
    }
    current ??= { start: line, end: line, lines: [] };
    if (part.removed) {
      line += part.value.length;
      current.end = line;
    } else {
      current.lines.push(...part.value);
    }
  }
  if (current) hunks.push(current);
  return hunks;
}

/**
 * Whether two hunks from different changes touch the same place: their replaced lines intersect,
 * or an insertion falls on or at the edge of the other's lines (its order would be a guess).
 */
export function hunksOverlap(left: Hunk, right: Hunk): boolean {
  const leftInsert = left.start === left.end;
  const rightInsert = right.start === right.end;
  if (leftInsert && rightInsert) return left.start === right.start;
  if (leftInsert) return left.start >= right.start && left.start <= right.end;
  if (rightInsert) return right.start >= left.start && right.start <= left.end;
  return left.start < right.end && right.start < left.end;
}

/** Applies non-overlapping hunks (positions in `original`) to it. */
export function applyHunks(original: string, hunks: Hunk[]): string {
  const lines = splitLines(original);
  const sorted = [...hunks].sort((left, right) => left.start - right.start || left.end - right.end);
  const out: string[] = [];
  let cursor = 0;
  for (const hunk of sorted) {
    if (hunk.start < cursor || hunk.end > lines.length)
      throw new Error(`hunk at line ${hunk.start + 1} does not fit the file (overlap or wrong base)`);
    out.push(...lines.slice(cursor, hunk.start), ...hunk.lines);
    cursor = hunk.end;
  }
  out.push(...lines.slice(cursor));
  return out.join('');
}

const CONTEXT = 3;

function bodyLine(marker: string, line: string): string {
  return line.endsWith('\n') ? `${marker}${line}` : `${marker}${line}\n\\ No newline at end of file\n`;
}

function range(start: number, length: number): string {
  // Unified diffs name the line before an empty range.
  return length === 0 ? `${start}` + ',0' : length === 1 ? `${start + 1}` : `${start + 1},${length}`;
}

/** A git-style unified diff of one file (byte string), built from the hunks, with 3 lines of context. */
export function formatFilePatch(path: string, original: string | null, hunks: Hunk[]): string {
  const lines = splitLines(original ?? '');
  const sorted = [...hunks].sort((left, right) => left.start - right.start);
  const header =
    original === null
      ? `diff --git a/${path} b/${path}\nnew file mode 100644\n--- /dev/null\n+++ b/${path}\n`
      : `diff --git a/${path} b/${path}\n--- a/${path}\n+++ b/${path}\n`;
  const groups: Hunk[][] = [];
  for (const hunk of sorted) {
    const last = groups.at(-1);
    if (last && hunk.start - (last.at(-1) as Hunk).end <= 2 * CONTEXT) last.push(hunk);
    else groups.push([hunk]);
  }
  let delta = 0;
  let body = '';
  for (const group of groups) {
    const from = Math.max(0, group[0].start - CONTEXT);
    const to = Math.min(lines.length, (group.at(-1) as Hunk).end + CONTEXT);
    let text = '';
    let cursor = from;
    let added = 0;
    for (const hunk of group) {
      for (; cursor < hunk.start; cursor++) text += bodyLine(' ', lines[cursor]);
      for (; cursor < hunk.end; cursor++) text += bodyLine('-', lines[cursor]);
      for (const line of hunk.lines) text += bodyLine('+', line);
      added += hunk.lines.length - (hunk.end - hunk.start);
    }
    for (; cursor < to; cursor++) text += bodyLine(' ', lines[cursor]);
    const oldLength = to - from;
    const newLength = oldLength + added;
    body += `@@ -${range(from, oldLength)} +${range(from + delta, newLength)} @@\n${text}`;
    delta += added;
  }
  return header + body;
}

export type Overlap = { path: string; left: string; right: string; line: number };

/** Overlaps between hunks of different changes to the same file (changes named by id). */
export function findOverlaps(changes: { id: string; edits: FileEdit[] }[]): Overlap[] {
  const byPath = new Map<string, { id: string; hunk: Hunk }[]>();
  for (const change of changes) {
    for (const edit of change.edits) {
      const list = byPath.get(edit.path) ?? [];
      for (const hunk of edit.hunks) list.push({ id: change.id, hunk });
      byPath.set(edit.path, list);
    }
  }
  const overlaps: Overlap[] = [];
  const seen = new Set<string>();
  for (const [path, list] of byPath) {
    list.sort((left, right) => left.hunk.start - right.hunk.start);
    for (let index = 0; index < list.length; index++) {
      for (let other = index + 1; other < list.length && list[other].hunk.start <= list[index].hunk.end; other++) {
        const [left, right] = [list[index], list[other]];
        if (left.id === right.id || !hunksOverlap(left.hunk, right.hunk)) continue;
        const key = [path, ...[left.id, right.id].sort()].join('\0');
        if (seen.has(key)) continue;
        seen.add(key);
        overlaps.push({ path, left: left.id, right: right.id, line: right.hunk.start + 1 });
      }
    }
  }
  return overlaps;
}

// A line diff of two prompts, as the page shows it: every line once, marked added, removed or the
// same. Pure, so that it is tested without a browser.
import { diffLines, diffWordsWithSpace } from 'diff';

export type DiffLine = { kind: 'added' | 'removed' | 'same'; text: string };

/** `changed` with no added or removed line: only a newline at the very end differs. */
export type TextDiff = { lines: DiffLine[]; added: number; removed: number; changed: boolean };

// A last line without its newline would otherwise differ from the same line with one.
function withFinalNewline(value: string): string {
  return value === '' || value.endsWith('\n') ? value : `${value}\n`;
}

function splitLines(value: string): string[] {
  // Each piece ends with a newline (see withFinalNewline): the split leaves one empty string after it.
  const lines = value.split('\n');
  lines.pop();
  return lines;
}

export function diffText(before: string, after: string): TextDiff {
  const lines: DiffLine[] = [];
  let added = 0;
  let removed = 0;
  for (const change of diffLines(withFinalNewline(before), withFinalNewline(after))) {
    const kind = change.added ? 'added' : change.removed ? 'removed' : 'same';
    for (const text of splitLines(change.value)) {
      lines.push({ kind, text });
      if (kind === 'added') added++;
      if (kind === 'removed') removed++;
    }
  }
  return { lines, added, removed, changed: before !== after };
}

/** A piece of a word-level diff: words and the spaces between them, kept whole. */
export type WordPiece = { kind: 'added' | 'removed' | 'same'; text: string };

/** A word-level diff, for prompts that differ by a few words inside long lines. */
export function diffWords(before: string, after: string): WordPiece[] {
  return diffWordsWithSpace(before, after).map((change) => ({
    kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
    text: change.value,
  }));
}

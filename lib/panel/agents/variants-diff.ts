// A line diff of two prompts, as the page shows it: every line once, marked added, removed or the
// same, and inside a changed block the words that changed (a prompt edit is often a few words in a
// long line). Pure, so that it is tested without a browser.
import { diffLines, diffWordsWithSpace } from 'diff';

/** A run of a changed line's text: `changed` when those words are what was removed or added. */
type WordSpan = { text: string; changed: boolean };

/**
 * `words`: on a removed or added line that has a counterpart (removed lines followed by added ones),
 * the line cut into spans, the changed words marked; missing on lines wholly added or removed.
 */
type DiffLine = { kind: 'added' | 'removed' | 'same'; text: string; words?: WordSpan[] };

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
  const changes = diffLines(withFinalNewline(before), withFinalNewline(after));
  for (let index = 0; index < changes.length; index++) {
    const change = changes[index];
    const following = changes[index + 1];
    if (change.removed && following?.added) {
      // A block replaced by another: mark the words that differ on both sides.
      const old = splitLines(change.value);
      const replacement = splitLines(following.value);
      const [removedWords, addedWords] = wordSpans(old.join('\n'), replacement.join('\n'));
      old.forEach((text, line) => lines.push({ kind: 'removed', text, words: removedWords[line] }));
      replacement.forEach((text, line) => lines.push({ kind: 'added', text, words: addedWords[line] }));
      removed += old.length;
      added += replacement.length;
      index++;
      continue;
    }
    const kind = change.added ? 'added' : change.removed ? 'removed' : 'same';
    for (const text of splitLines(change.value)) {
      lines.push({ kind, text });
      if (kind === 'added') added++;
      if (kind === 'removed') removed++;
    }
  }
  return { lines, added, removed, changed: before !== after };
}

/** Each side of a word diff as lines of spans: the old side keeps what was removed, the new what was added. */
function wordSpans(before: string, after: string): [WordSpan[][], WordSpan[][]] {
  const sides: [WordSpan[][], WordSpan[][]] = [[[]], [[]]];
  for (const piece of diffWords(before, after)) {
    const targets = piece.kind === 'same' ? [0, 1] : piece.kind === 'removed' ? [0] : [1];
    for (const side of targets) {
      const parts = piece.text.split('\n');
      parts.forEach((text, position) => {
        if (position > 0) sides[side].push([]);
        if (text !== '') sides[side][sides[side].length - 1].push({ text, changed: piece.kind !== 'same' });
      });
    }
  }
  return sides;
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

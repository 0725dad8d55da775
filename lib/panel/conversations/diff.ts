// A workspace's unified diff split into lines that know what they are, so that the transcript can
// colour them (added, removed, hunk headers) while still showing the diff as plain text.

type DiffLineKind = 'file' | 'hunk' | 'add' | 'remove' | 'context' | 'note';
export type DiffLine = { kind: DiffLineKind; text: string };
export type DiffStats = { files: number; added: number; removed: number };

const HUNK = /^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@/;

/**
 * Each line of a unified diff with its kind. A hunk header says how many old and new lines follow,
 * which is how a removed line that reads "--- x" is told from the next file's header. Text that is
 * not a diff comes back as context lines.
 */
export function parseUnifiedDiff(diff: string): DiffLine[] {
  const lines = diff.endsWith('\n') ? diff.slice(0, -1).split('\n') : diff.split('\n');
  let oldLeft = 0;
  let newLeft = 0;
  return lines.map((text): DiffLine => {
    const inHunk = oldLeft > 0 || newLeft > 0;
    if (inHunk) {
      if (text.startsWith('\\')) return { kind: 'note', text };
      if (text.startsWith('+')) {
        newLeft -= 1;
        return { kind: 'add', text };
      }
      if (text.startsWith('-')) {
        oldLeft -= 1;
        return { kind: 'remove', text };
      }
      oldLeft -= 1;
      newLeft -= 1;
      return { kind: 'context', text };
    }
    const hunk = HUNK.exec(text);
    if (hunk) {
      oldLeft = hunk[1] === undefined ? 1 : Number(hunk[1]);
      newLeft = hunk[2] === undefined ? 1 : Number(hunk[2]);
      return { kind: 'hunk', text };
    }
    if (/^(--- |\+\+\+ |diff |Index: |===|Binary files )/.test(text)) return { kind: 'file', text };
    if (text.startsWith('\\') || text.startsWith('... diff cut')) return { kind: 'note', text };
    return { kind: 'context', text };
  });
}

export function diffStats(lines: DiffLine[]): DiffStats {
  return {
    files: lines.filter(
      (line) => line.kind === 'file' && (line.text.startsWith('+++ ') || line.text.startsWith('Binary files ')),
    ).length,
    added: lines.filter((line) => line.kind === 'add').length,
    removed: lines.filter((line) => line.kind === 'remove').length,
  };
}

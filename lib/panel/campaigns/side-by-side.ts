// A unified diff as side-by-side rows: the old file on the left, the new on the right, removed and
// added lines paired row by row, context on both sides, with each side's line numbers.
import { parseUnifiedDiff } from '../conversations/diff';

export type SideCell = { line: number; text: string; kind: 'context' | 'remove' | 'add' } | null;
export type SideRow =
  { kind: 'file' | 'hunk' | 'note'; text: string } | { kind: 'lines'; left: SideCell; right: SideCell };

const HUNK_START = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

export function sideBySide(diff: string): SideRow[] {
  const rows: SideRow[] = [];
  let oldLine = 0;
  let newLine = 0;
  let removed: SideCell[] = [];
  let added: SideCell[] = [];
  const flush = () => {
    for (let index = 0; index < Math.max(removed.length, added.length); index++)
      rows.push({ kind: 'lines', left: removed[index] ?? null, right: added[index] ?? null });
    removed = [];
    added = [];
  };
  for (const line of parseUnifiedDiff(diff)) {
    if (line.kind === 'remove') removed.push({ line: oldLine++, text: line.text.slice(1), kind: 'remove' });
    else if (line.kind === 'add') added.push({ line: newLine++, text: line.text.slice(1), kind: 'add' });
    else {
      flush();
      if (line.kind === 'context')
        rows.push({
          kind: 'lines',
          left: { line: oldLine++, text: line.text.slice(1), kind: 'context' },
          right: { line: newLine++, text: line.text.slice(1), kind: 'context' },
        });
      else {
        const start = HUNK_START.exec(line.text);
        if (start) {
          oldLine = Number(start[1]) || 1;
          newLine = Number(start[2]) || 1;
        }
        // The file header pair (--- / +++) shows once, as the new file's name.
        if (line.kind === 'file' && line.text.startsWith('--- ')) continue;
        rows.push({ kind: line.kind, text: line.text });
      }
    }
  }
  flush();
  return rows;
}

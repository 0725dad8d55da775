import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  applyHunks,
  computeHunks,
  findOverlaps,
  formatFilePatch,
  fromByteString,
  hunksOverlap,
  toByteString,
} from './edits';

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** `git apply` on a scratch copy: the patch must apply and give exactly `expected`. */
function gitApplies(name: string, before: Buffer, patch: string, expected: Buffer) {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'remora-edits-'));
  folders.push(folder);
  execFileSync('git', ['init', '-q', folder]);
  writeFileSync(path.join(folder, name), before);
  writeFileSync(path.join(folder, 'change.patch'), fromByteString(patch));
  execFileSync('git', ['-C', folder, 'apply', '--check', 'change.patch']);
  execFileSync('git', ['-C', folder, 'apply', 'change.patch']);
  expect(readFileSync(path.join(folder, name)).equals(expected)).toBe(true);
}

describe('changes by position', () => {
  it('turns a CRLF latin-1 file change into hunks and a patch git applies byte for byte', () => {
    const before = Buffer.concat([
      Buffer.from('# coding: latin-1\r\ndef f():\r\n    return "'),
      Buffer.from([0xe9]),
      Buffer.from('"\r\n'),
    ]);
    const after = Buffer.concat([
      Buffer.from('# coding: latin-1\r\ndef f():\r\n    """Returns '),
      Buffer.from([0xe9]),
      Buffer.from('."""\r\n    return "'),
      Buffer.from([0xe9]),
      Buffer.from('"\r\n'),
    ]);
    const hunks = computeHunks(toByteString(before), toByteString(after));
    expect(hunks).toHaveLength(1);
    expect(hunks[0]).toMatchObject({ start: 2, end: 2 });
    expect(fromByteString(applyHunks(toByteString(before), hunks)).equals(after)).toBe(true);
    gitApplies('latin.py', before, formatFilePatch('latin.py', toByteString(before), hunks), after);
  });

  it('handles a last line without a line end, and new files', () => {
    const before = Buffer.from('a = 1\nb = 2');
    const after = Buffer.from('a = 1\nb = 3');
    const hunks = computeHunks(toByteString(before), toByteString(after));
    gitApplies('tail.py', before, formatFilePatch('tail.py', toByteString(before), hunks), after);
    const created = computeHunks('', 'def test_x():\n    assert True\n');
    const patch = formatFilePatch('tests/test_x.py', null, created);
    expect(patch).toContain('new file mode 100644');
    expect(patch).toContain('@@ -0,0 +1,2 @@');
  });

  it('combines many changes to one file by position, even where methods are textually identical', () => {
    const method = '    def same(self):\n        return 1\n\n';
    const before = `class A:\n${method}\nclass B:\n${method}`;
    const withDoc = (text: string, at: number) => {
      const lines = text.split(/(?<=\n)/);
      lines.splice(at, 0, '        """Doc."""\n');
      return lines.join('');
    };
    // Each change is made from the same original: one documents A.same (line 2), the other B.same (line 7).
    const first = {
      id: 'a',
      edits: [{ path: 'm.py', created: false, hunks: computeHunks(before, withDoc(before, 2)) }],
    };
    const second = {
      id: 'b',
      edits: [{ path: 'm.py', created: false, hunks: computeHunks(before, withDoc(before, 7)) }],
    };
    expect(findOverlaps([first, second])).toEqual([]);
    const combined = applyHunks(before, [...first.edits[0].hunks, ...second.edits[0].hunks]);
    expect(combined).toBe(withDoc(withDoc(before, 7), 2));
  });

  it('reports hunks of different changes that touch the same lines, and never one change with itself', () => {
    expect(hunksOverlap({ start: 2, end: 4, lines: [] }, { start: 3, end: 5, lines: [] })).toBe(true);
    expect(hunksOverlap({ start: 2, end: 4, lines: [] }, { start: 4, end: 5, lines: [] })).toBe(false);
    expect(hunksOverlap({ start: 3, end: 3, lines: ['x\n'] }, { start: 3, end: 3, lines: ['y\n'] })).toBe(true);
    expect(hunksOverlap({ start: 4, end: 4, lines: ['x\n'] }, { start: 2, end: 4, lines: [] })).toBe(true);
    const overlaps = findOverlaps([
      {
        id: 'one',
        edits: [
          {
            path: 'x.py',
            created: false,
            hunks: [
              { start: 0, end: 2, lines: [] },
              { start: 1, end: 1, lines: [] },
            ],
          },
        ],
      },
      { id: 'two', edits: [{ path: 'x.py', created: false, hunks: [{ start: 1, end: 3, lines: ['z\n'] }] }] },
    ]);
    expect(overlaps).toEqual([{ path: 'x.py', left: 'one', right: 'two', line: 2 }]);
  });
});

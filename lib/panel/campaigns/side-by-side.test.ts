import { describe, expect, it } from 'vitest';
import { sideBySide } from './side-by-side';

describe('side-by-side diff rows', () => {
  it('pairs removed and added lines and numbers each side from the hunk header', () => {
    const diff = [
      'diff --git a/m.py b/m.py',
      '--- a/m.py',
      '+++ b/m.py',
      '@@ -3,3 +3,4 @@',
      ' def f():',
      '-    """Old."""',
      '+    """New."""',
      '+    # added',
      '     return 1',
      '',
    ].join('\n');
    expect(sideBySide(diff)).toEqual([
      { kind: 'file', text: 'diff --git a/m.py b/m.py' },
      { kind: 'file', text: '+++ b/m.py' },
      { kind: 'hunk', text: '@@ -3,3 +3,4 @@' },
      {
        kind: 'lines',
        left: { line: 3, text: 'def f():', kind: 'context' },
        right: { line: 3, text: 'def f():', kind: 'context' },
      },
      {
        kind: 'lines',
        left: { line: 4, text: '    """Old."""', kind: 'remove' },
        right: { line: 4, text: '    """New."""', kind: 'add' },
      },
      { kind: 'lines', left: null, right: { line: 5, text: '    # added', kind: 'add' } },
      {
        kind: 'lines',
        left: { line: 5, text: '    return 1', kind: 'context' },
        right: { line: 6, text: '    return 1', kind: 'context' },
      },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { diffStats, parseUnifiedDiff } from './diff';

// As lib/tools/workspace-diff.ts writes them (diff's createTwoFilesPatch, one patch per file).
const DIFF = [
  '--- a/src/math.py',
  '+++ b/src/math.py',
  '@@ -1,3 +1,3 @@',
  ' def add(a, b):',
  '+    """Add two numbers."""',
  '-    return a+b',
  '+    return a + b',
  '--- removed line that looks like a header',
  '\\ No newline at end of file',
  '--- /dev/null',
  '+++ b/tests/test_math.py',
  '@@ -0,0 +1 @@',
  '+++ a line that looks like a header',
  'Binary files a/data.bin and b/data.bin differ',
  '',
].join('\n');

describe('parseUnifiedDiff', () => {
  it('tells file headers, hunks, added, removed and context lines apart by the hunk counts', () => {
    const lines = parseUnifiedDiff(DIFF);
    expect(lines.map((line) => line.kind)).toEqual([
      'file',
      'file',
      'hunk',
      'context',
      'add',
      'remove',
      'add',
      'remove',
      'note',
      'file',
      'file',
      'hunk',
      'add',
      'file',
    ]);
    expect(lines[7].text).toBe('--- removed line that looks like a header');
    expect(diffStats(lines)).toEqual({ files: 3, added: 3, removed: 2 });
  });

  it('shows text that is not a diff as context', () => {
    expect(parseUnifiedDiff('just text\n+ not in a hunk')).toEqual([
      { kind: 'context', text: 'just text' },
      { kind: 'context', text: '+ not in a hunk' },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { diffText } from './prompt-variants-diff';

describe('diffText', () => {
  it('marks changed lines and keeps the rest once', () => {
    const diff = diffText('a\nb\nc', 'a\nB\nc\nd');
    expect(diff.lines).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'added', text: 'B' },
      { kind: 'same', text: 'c' },
      { kind: 'added', text: 'd' },
    ]);
    expect(diff).toMatchObject({ added: 2, removed: 1, changed: true });
  });

  it('does not count a final newline as a changed line, but says the texts differ', () => {
    expect(diffText('a\nb', 'a\nb\n')).toMatchObject({ added: 0, removed: 0, changed: true, lines: [{ kind: 'same', text: 'a' }, { kind: 'same', text: 'b' }] });
    expect(diffText('same', 'same')).toMatchObject({ changed: false, added: 0, removed: 0 });
  });

  it('handles empty texts and blank lines', () => {
    expect(diffText('', 'x').lines).toEqual([{ kind: 'added', text: 'x' }]);
    expect(diffText('x', '').lines).toEqual([{ kind: 'removed', text: 'x' }]);
    expect(diffText('', '').lines).toEqual([]);
    expect(diffText('a\n\nb', 'a\nb').lines).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: '' },
      { kind: 'same', text: 'b' },
    ]);
  });
});

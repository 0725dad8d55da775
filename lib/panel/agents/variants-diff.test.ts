import { describe, expect, it } from 'vitest';
import { VersionDiff } from '@/lib/api/agents';
import { diffText, diffWords } from './variants-diff';

describe('diffText', () => {
  it('marks changed lines and keeps the rest once', () => {
    const diff = diffText('a\nb\nc', 'a\nB\nc\nd');
    expect(diff.lines.map(({ kind, text }) => ({ kind, text }))).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'added', text: 'B' },
      { kind: 'same', text: 'c' },
      { kind: 'added', text: 'd' },
    ]);
    expect(diff).toMatchObject({ added: 2, removed: 1, changed: true });
  });

  it('does not count a final newline as a changed line, but says the texts differ', () => {
    expect(diffText('a\nb', 'a\nb\n')).toMatchObject({
      added: 0,
      removed: 0,
      changed: true,
      lines: [
        { kind: 'same', text: 'a' },
        { kind: 'same', text: 'b' },
      ],
    });
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

describe('diffWords', () => {
  it('marks the words that changed inside a line, and keeps the rest whole', () => {
    const pieces = diffWords('Always respond with a tool call.', 'Always answer with one tool call.');
    expect(pieces.filter((piece) => piece.kind === 'removed').map((piece) => piece.text.trim())).toEqual([
      'respond',
      'a',
    ]);
    expect(pieces.filter((piece) => piece.kind === 'added').map((piece) => piece.text.trim())).toEqual([
      'answer',
      'one',
    ]);
    expect(
      pieces
        .filter((piece) => piece.kind !== 'added')
        .map((piece) => piece.text)
        .join(''),
    ).toBe('Always respond with a tool call.');
    expect(
      pieces
        .filter((piece) => piece.kind !== 'removed')
        .map((piece) => piece.text)
        .join(''),
    ).toBe('Always answer with one tool call.');
  });
});

describe('diffText word marks', () => {
  it('marks the changed words of a replaced line on both sides', () => {
    const diff = diffText(
      'Intro\nAlways respond with a tool call.\nEnd',
      'Intro\nAlways answer with one tool call.\nEnd',
    );
    const removed = diff.lines.find((line) => line.kind === 'removed');
    const added = diff.lines.find((line) => line.kind === 'added');
    expect(removed?.words?.filter((span) => span.changed).map((span) => span.text.trim())).toEqual(['respond', 'a']);
    expect(added?.words?.filter((span) => span.changed).map((span) => span.text.trim())).toEqual(['answer', 'one']);
    expect(removed?.words?.map((span) => span.text).join('')).toBe('Always respond with a tool call.');
    expect(added?.words?.map((span) => span.text).join('')).toBe('Always answer with one tool call.');
    expect(diff.lines.filter((line) => line.kind === 'same').every((line) => line.words === undefined)).toBe(true);
  });

  it('keeps the lines of a replaced block apart, and leaves wholly added lines unmarked', () => {
    const diff = diffText('a b\nc d', 'a x\nc d\nnew line');
    const words = diff.lines.map((line) => [
      line.kind,
      line.words?.map((span) => (span.changed ? `[${span.text}]` : span.text)).join(''),
    ]);
    expect(words).toEqual([
      ['removed', 'a [b]'],
      ['added', 'a [x]'],
      ['same', undefined],
      ['added', undefined],
    ]);
    expect(diff).toMatchObject({ added: 2, removed: 1 });
  });
});

describe('the diff route answer', () => {
  it('matches the response schema of GET /api/agents/:name/diff, word marks included', () => {
    const diff = diffText('Always respond with a tool call.', 'Always answer with one tool call.');
    const parsed = VersionDiff.shape.systemPrompt.safeParse(diff);
    expect(parsed.success ? 'ok' : parsed.error.message).toBe('ok');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { datasetContentHash } from '../db/queries/datasets';
import { checkFileCases, detectFileFormat, fileCases, fileLines, lineReader, readAnswersFile } from './file-cases';
import { parseDatasetText } from './formats';

// Dataset files read as a stream, in 64 KB chunks: what they yield must not depend on where the
// chunks happen to end, and must equal what the whole-text parser makes of the same file.
let folder = '';
afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = '';
});

function file(name: string, text: string | Buffer): string {
  folder ||= mkdtempSync(path.join(tmpdir(), 'remora-file-cases-'));
  const full = path.join(folder, name);
  writeFileSync(full, text);
  return full;
}

const caseLine = (index: number, padding = '') =>
  JSON.stringify({
    id: `case-${index}`,
    input: { messages: [{ role: 'user', content: `lumière ${index} ${padding}` }] },
    expect: { kind: 'call', calls: [{ name: 'toggle_lights', arguments: { state: ['on'] } }] },
  });

describe('fileLines', () => {
  it('splits lines across chunk ends, keeps characters cut in two by a chunk end, and drops CR and a BOM', () => {
    // Lines of 70 KB of two-byte characters: every chunk end falls inside a line, most inside a character.
    const long = 'é'.repeat(35_000);
    const text = `\uFEFFfirst\r\n${long}\n\n${long}x\nlast without newline`;
    const lines = [...fileLines(file('lines.txt', text))];
    expect(lines.map((line) => line.line)).toEqual([1, 2, 3, 4, 5]);
    expect(lines.map((line) => line.text)).toEqual(['first', long, '', `${long}x`, 'last without newline']);
  });

  it('yields nothing for an empty file', () => {
    expect([...fileLines(file('empty.txt', ''))]).toEqual([]);
  });
});

describe('checkFileCases', () => {
  it('counts the cases and hashes them exactly as the stored set would be hashed', () => {
    const text = Array.from({ length: 300 }, (_, index) => caseLine(index, 'x'.repeat(index * 7))).join('\n');
    const name = file('set.jsonl', `${text}\n`);
    const whole = parseDatasetText(text, 'remora');
    if (!whole.ok) throw new Error('the fixture should parse');
    const checked = checkFileCases(name, lineReader('remora'));
    expect(checked).toEqual({ ok: true, count: 300, contentHash: datasetContentHash(whole.cases), kinds: ['call'] });
    expect([...fileCases(name, lineReader('remora'))].map((entry) => (entry.ok ? entry.case : null))).toEqual(
      whole.cases,
    );
  });

  it('refuses a file with bad lines, naming each one (the whole-text parser stops at the JSON errors)', () => {
    const text = [caseLine(1), '{not json', caseLine(1), '[1, 2]', ''].join('\n');
    const checked = checkFileCases(file('bad.jsonl', text), lineReader('remora'));
    const whole = parseDatasetText(text, 'remora');
    expect(checked.ok).toBe(false);
    if (checked.ok || whole.ok) return;
    expect(checked.problems.map((problem) => problem.line)).toEqual([2, 3, 4]);
    expect(checked.problems[0]).toEqual(whole.problems[0]);
    expect(checked.problems[1].reason).toBe('case id "case-1" is already used on line 1');
  });

  it('refuses a file with no cases', () => {
    expect(checkFileCases(file('blank.jsonl', '\n\n'), lineReader('remora'))).toEqual({
      ok: false,
      problems: [{ line: 0, reason: 'the file holds no cases' }],
    });
  });

  it('tells the format from the first non-blank line, and reads a BFCL answers file by id', () => {
    expect(detectFileFormat(file('distil.jsonl', `\n${JSON.stringify({ question: '[]', answer: '{}' })}\n`))).toBe(
      'distil',
    );
    const answers = readAnswersFile(
      file('answers.jsonl', `${JSON.stringify({ id: 'simple_0', ground_truth: [{ f: { x: [1] } }] })}\n`),
    );
    expect(answers.ok && [...answers.answers.answers.keys()]).toEqual(['simple_0']);
    expect(readAnswersFile(file('bad-answers.jsonl', '{"no": "id"}\n'))).toEqual({
      ok: false,
      problem: { line: 1, reason: 'answers file: a line must be {"id", "ground_truth"}' },
    });
  });
});

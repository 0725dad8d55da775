// A dataset file read as a stream: line by line in 64 KB chunks, so that a 50,000-case file is
// never held in memory whole, neither as text nor as cases. Reading is synchronous on purpose: the
// import writes the cases inside one SQLite transaction, which must not wait on anything.
import { closeSync, openSync, readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { createHash } from 'node:crypto';
import { canonicalJson } from '../canonical-json';
import { parseJson } from '../protocol/json';
import type { DatasetCase, DatasetFormat } from './case';
import { addAnswer, bfclLineReader, emptyAnswers, type BfclAnswers } from './formats/bfcl';
import { readDistilLine } from './formats/distil';
import { caseOfLine, MAX_PROBLEMS, type LineProblem, type LineReader } from './formats/lines';
import { readRemoraLine } from './formats/remora';
import { detectFormat } from './formats';

const CHUNK_BYTES = 64 * 1024;

export type FileLine = { line: number; text: string };

/** The lines of a file (numbered from 1, without their line ends or a leading byte-order mark). */
export function* fileLines(file: string): Generator<FileLine> {
  const descriptor = openSync(file, 'r');
  try {
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    // A character split between two chunks is held back until its last byte arrives.
    const decoder = new StringDecoder('utf8');
    let pending = '';
    let line = 0;
    for (;;) {
      const read = readSync(descriptor, buffer, 0, CHUNK_BYTES, null);
      pending += read > 0 ? decoder.write(buffer.subarray(0, read)) : decoder.end();
      let start = 0;
      for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n', start)) {
        line += 1;
        yield { line, text: clean(pending.slice(start, end), line) };
        start = end + 1;
      }
      pending = pending.slice(start);
      if (read === 0) break;
    }
    if (pending.length > 0) yield { line: line + 1, text: clean(pending, line + 1) };
  } finally {
    closeSync(descriptor);
  }
}

function clean(text: string, line: number): string {
  const withoutReturn = text.endsWith('\r') ? text.slice(0, -1) : text;
  return line === 1 ? withoutReturn.replace(/^\uFEFF/, '') : withoutReturn;
}

/** The format a file's first non-blank line says (see detectFormat), or null. */
export function detectFileFormat(file: string): DatasetFormat | null {
  for (const { text } of fileLines(file)) if (text.trim() !== '') return detectFormat(text);
  return null;
}

/** BFCL's "possible_answer" file as a map from question id to ground truth, or its first bad line. */
export function readAnswersFile(
  file: string,
): { ok: true; answers: BfclAnswers } | { ok: false; problem: LineProblem } {
  const answers = emptyAnswers();
  for (const { line, text } of fileLines(file)) {
    if (text.trim() === '') continue;
    const parsed = parseJson(text);
    if (!parsed.ok) return { ok: false, problem: { line, reason: `answers file: not JSON: ${parsed.error}` } };
    const problem = addAnswer(answers, parsed.value, text);
    if (problem) return { ok: false, problem: { line, reason: problem } };
  }
  return { ok: true, answers };
}

export function lineReader(format: DatasetFormat, answers: BfclAnswers | null = null): LineReader {
  switch (format) {
    case 'distil':
      return readDistilLine;
    case 'bfcl':
      return bfclLineReader(answers);
    case 'remora':
      return readRemoraLine;
  }
}

export type FileCase = { ok: true; line: number; case: DatasetCase } | { ok: false; problem: LineProblem };

/**
 * Each non-blank line of the file as a case, or why it is refused (JSON, the format, the case model, a repeated id).
 */
export function* fileCases(file: string, read: LineReader): Generator<FileCase> {
  const lineOfId = new Map<string, number>();
  for (const { line, text } of fileLines(file)) {
    if (text.trim() === '') continue;
    const parsed = parseJson(text);
    if (!parsed.ok) {
      yield { ok: false, problem: { line, reason: `not JSON: ${parsed.error}` } };
      continue;
    }
    const result = caseOfLine(line, parsed.value, text, read, lineOfId);
    yield result.ok ? { ok: true, line, case: result.case } : result;
  }
}

/** What a first pass over a file learns: whether it is whole, how many cases, and their content hash. */
export type FileCheck =
  | { ok: true; count: number; contentHash: string; kinds: ('call' | 'no_call')[] }
  | { ok: false; problems: LineProblem[] };

/**
 * Reads the whole file once without keeping its cases: the problems (the first MAX_PROBLEMS), the
 * case count, which kinds of expectation it holds, and the same content hash as
 * datasetContentHash(cases) would give for the cases in memory (sha256 of their canonical JSON list).
 */
export function checkFileCases(file: string, read: LineReader): FileCheck {
  const hash = createHash('sha256').update('[');
  const problems: LineProblem[] = [];
  const kinds = new Set<'call' | 'no_call'>();
  let count = 0;
  for (const result of fileCases(file, read)) {
    if (!result.ok) {
      if (problems.length < MAX_PROBLEMS) problems.push(result.problem);
      continue;
    }
    if (problems.length > 0) continue;
    hash.update(count === 0 ? canonicalJson(result.case) : `,${canonicalJson(result.case)}`);
    if (result.case.expect) kinds.add(result.case.expect.kind);
    count += 1;
  }
  if (problems.length > 0) return { ok: false, problems };
  if (count === 0) return { ok: false, problems: [{ line: 0, reason: 'the file holds no cases' }] };
  return { ok: true, count, contentHash: hash.update(']').digest('hex'), kinds: [...kinds].sort() };
}

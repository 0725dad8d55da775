// Reading a JSONL file line by line, so that a bad line is refused with its number and the reason,
// and the file as a whole with it: nothing is half-imported.
import { parseJson } from '../../protocol/json';
import { DatasetCase, describeIssues } from '../case';

export type LineProblem = { line: number; reason: string };

export type DatasetParse = { ok: true; cases: DatasetCase[] } | { ok: false; problems: LineProblem[] };

/** What a format makes of one line's JSON value: a case (without its id when the line has none), or why not. */
export type LineReading = { ok: true; value: unknown } | { ok: false; reason: string };

/** Past this many bad lines the report stops listing them (the file is refused either way). */
export const MAX_PROBLEMS = 50;

export type JsonLine = {
  line: number;
  value: unknown;
  /** The line as written (BFCL reads its numbers exactly from it). */ text: string;
};

/** The non-blank lines as JSON values, or the lines that are not JSON. */
export function readJsonLines(text: string): { ok: true; lines: JsonLine[] } | { ok: false; problems: LineProblem[] } {
  const lines: JsonLine[] = [];
  const problems: LineProblem[] = [];
  // A byte-order mark on the first line is not part of the JSON.
  const rows = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  rows.forEach((row, index) => {
    if (row.trim() === '') return;
    const parsed = parseJson(row);
    if (parsed.ok) lines.push({ line: index + 1, value: parsed.value, text: row });
    else problems.push({ line: index + 1, reason: `not JSON: ${parsed.error}` });
  });
  if (problems.length > 0) return { ok: false, problems: problems.slice(0, MAX_PROBLEMS) };
  return { ok: true, lines };
}

/** One line turned into a case, or why it is refused. `lineOfId` holds the ids of the cases before it. */
export type LineCase = { ok: true; case: DatasetCase } | { ok: false; problem: LineProblem };

/**
 * Turns one line's JSON value into a case with `read`, with the id "line-N" when it has none,
 * checked against the case model and against the ids of the lines before it (`lineOfId`, updated).
 */
export function caseOfLine(
  line: number,
  value: unknown,
  text: string,
  read: LineReader,
  lineOfId: Map<string, number>,
): LineCase {
  const reading = read(value, line, text);
  if (!reading.ok) return { ok: false, problem: { line, reason: reading.reason } };
  const candidate = reading.value as Record<string, unknown>;
  const withId = candidate.id === undefined ? { ...candidate, id: `line-${line}` } : candidate;
  const parsed = DatasetCase.safeParse(withId);
  if (!parsed.success) return { ok: false, problem: { line, reason: describeIssues(parsed.error).join('; ') } };
  const earlier = lineOfId.get(parsed.data.id);
  if (earlier !== undefined)
    return { ok: false, problem: { line, reason: `case id "${parsed.data.id}" is already used on line ${earlier}` } };
  lineOfId.set(parsed.data.id, line);
  return { ok: true, case: parsed.data };
}

/** What a format makes of one line: its JSON value, its number, and its text as written. */
export type LineReader = (value: unknown, line: number, text: string) => LineReading;

/**
 * Turns each line into a case with `read`, checks it against the case model and that ids are
 * unique, and refuses the whole file when any line fails.
 */
export function collectCases(lines: JsonLine[], read: LineReader): DatasetParse {
  const cases: DatasetCase[] = [];
  const problems: LineProblem[] = [];
  const lineOfId = new Map<string, number>();
  for (const { line, value, text } of lines) {
    const result = caseOfLine(line, value, text, read, lineOfId);
    if (result.ok) cases.push(result.case);
    else problems.push(result.problem);
  }
  if (problems.length > 0) return { ok: false, problems: problems.slice(0, MAX_PROBLEMS) };
  if (cases.length === 0) return { ok: false, problems: [{ line: 0, reason: 'the file holds no cases' }] };
  return { ok: true, cases };
}

/** A field that a format allows either as a JSON string (distil-labs) or as the value itself. */
export function jsonField(value: unknown, field: string): LineReading {
  if (typeof value !== 'string') return { ok: true, value };
  const parsed = parseJson(value);
  if (!parsed.ok) return { ok: false, reason: `"${field}" is not a JSON string: ${parsed.error}` };
  return { ok: true, value: parsed.value };
}

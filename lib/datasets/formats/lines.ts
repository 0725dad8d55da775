// Reading a JSONL file line by line, so that a bad line is refused with its number and the reason,
// and the file as a whole with it: nothing is half-imported.
import { parseJson } from '../../parsing/safe-json';
import { DatasetCase, describeIssues } from '../case';

export type LineProblem = { line: number; reason: string };

export type DatasetParse = { ok: true; cases: DatasetCase[] } | { ok: false; problems: LineProblem[] };

/** What a format makes of one line's JSON value: a case (without its id when the line has none), or why not. */
export type LineReading = { ok: true; value: unknown } | { ok: false; reason: string };

/** Past this many bad lines the report stops listing them (the file is refused either way). */
export const MAX_PROBLEMS = 50;

export type JsonLine = { line: number; value: unknown };

/** The non-blank lines as JSON values, or the lines that are not JSON. */
export function readJsonLines(text: string): { ok: true; lines: JsonLine[] } | { ok: false; problems: LineProblem[] } {
  const lines: JsonLine[] = [];
  const problems: LineProblem[] = [];
  // A byte-order mark on the first line is not part of the JSON.
  const rows = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  rows.forEach((row, index) => {
    if (row.trim() === '') return;
    const parsed = parseJson(row);
    if (parsed.ok) lines.push({ line: index + 1, value: parsed.value });
    else problems.push({ line: index + 1, reason: `not JSON: ${parsed.error}` });
  });
  if (problems.length > 0) return { ok: false, problems: problems.slice(0, MAX_PROBLEMS) };
  return { ok: true, lines };
}

/**
 * Turns each line into a case with `read`, checks it against the case model and that ids are
 * unique, and refuses the whole file when any line fails.
 */
export function collectCases(lines: JsonLine[], read: (value: unknown, line: number) => LineReading): DatasetParse {
  const cases: DatasetCase[] = [];
  const problems: LineProblem[] = [];
  const lineOfId = new Map<string, number>();
  for (const { line, value } of lines) {
    const reading = read(value, line);
    if (!reading.ok) {
      problems.push({ line, reason: reading.reason });
      continue;
    }
    const candidate = reading.value as Record<string, unknown>;
    const withId = candidate.id === undefined ? { ...candidate, id: `line-${line}` } : candidate;
    const parsed = DatasetCase.safeParse(withId);
    if (!parsed.success) {
      problems.push({ line, reason: describeIssues(parsed.error).join('; ') });
      continue;
    }
    const earlier = lineOfId.get(parsed.data.id);
    if (earlier !== undefined) {
      problems.push({ line, reason: `case id "${parsed.data.id}" is already used on line ${earlier}` });
      continue;
    }
    lineOfId.set(parsed.data.id, line);
    cases.push(parsed.data);
  }
  if (problems.length > 0) return { ok: false, problems: problems.slice(0, MAX_PROBLEMS) };
  if (cases.length === 0) return { ok: false, problems: [{ line: 0, reason: 'the file holds no cases' }] };
  return { ok: true, cases };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A field that a format allows either as a JSON string (distil-labs) or as the value itself. */
export function jsonField(value: unknown, field: string): LineReading {
  if (typeof value !== 'string') return { ok: true, value };
  const parsed = parseJson(value);
  if (!parsed.ok) return { ok: false, reason: `"${field}" is not a JSON string: ${parsed.error}` };
  return { ok: true, value: parsed.value };
}

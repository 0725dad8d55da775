// Reading and writing dataset files in each format. Failures are values: a refused file lists its
// bad lines (number and reason), an export lists the cases its format cannot express.
import type { DatasetCase, DatasetFormat } from '../case';
import { parseBfcl } from './bfcl';
import { exportBfcl } from './bfcl-export';
import { exportDistil, parseDistil, type ExportProblem } from './distil';
import type { DatasetParse } from './lines';
import { exportRemora, parseRemora } from './remora';
import { parseJson } from '../../protocol/json';

export type { DatasetParse, LineProblem } from './lines';
export type ParseOptions = {
  /** BFCL only: the "possible_answer" file's text, matched to questions by id. */ answers?: string;
};

export function parseDatasetText(text: string, format: DatasetFormat, options: ParseOptions = {}): DatasetParse {
  switch (format) {
    case 'distil':
      return parseDistil(text);
    case 'bfcl':
      return parseBfcl(text, options.answers);
    case 'remora':
      return parseRemora(text);
  }
}

export type DatasetExport = { ok: true; text: string } | { ok: false; problems: ExportProblem[] };

export function exportDatasetText(cases: DatasetCase[], format: DatasetFormat): DatasetExport {
  switch (format) {
    case 'distil':
      return exportDistil(cases);
    case 'bfcl':
      return exportBfcl(cases);
    case 'remora':
      return { ok: true, text: exportRemora(cases) };
  }
}

/** Each refused line as "FILE line N: reason". */
export function describeParseProblems(parse: Extract<DatasetParse, { ok: false }>, file: string): string[] {
  return parse.problems.map((problem) =>
    problem.line > 0 ? `${file} line ${problem.line}: ${problem.reason}` : `${file}: ${problem.reason}`,
  );
}

/**
 * The format of a file whose format was not given, from its first line: distil-labs lines have
 * "question" and "answer", BFCL lines a "question" list, the project's own lines an "input".
 */
export function detectFormat(text: string): DatasetFormat | null {
  const first = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .find((line) => line.trim() !== '');
  if (first === undefined) return null;
  const parsed = parseJson(first);
  if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value))
    return null;
  const line = parsed.value as Record<string, unknown>;
  if ('input' in line) return 'remora';
  if ('question' in line && 'answer' in line) return 'distil';
  if (Array.isArray(line.question)) return 'bfcl';
  if (typeof line.question === 'string') return 'distil';
  return null;
}

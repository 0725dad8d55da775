// Small files with short lines: no source file (.ts, .tsx, .mjs, .cjs, .css) over 300 lines, no line over
// 120 characters. Files not yet brought under the limits are listed in file-shape-baseline.json with
// their figure then, which may shrink but not grow; a file not listed gets no allowance. Prints one
// line per problem, starting with the rule's name, and the listed files still over; exits 1 on a
// problem.
//   node scripts/check-file-shape.mjs [ROOT]
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const MAX_LINES = 300;
export const MAX_LINE_LENGTH = 120;
const SOURCE = /\.(ts|tsx|mjs|cjs|css)$/;
// Dependencies, test output and hidden folders (build output: .next*, .build; .git) are not sources.
const SKIPPED = new Set(['node_modules', 'test-results', 'playwright-report', 'data', 'coverage']);

/** Source files under root (relative, with forward slashes), leaving out dependencies and build output. */
export function sourceFiles(root, folder = '') {
  const files = [];
  for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const relative = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!SKIPPED.has(entry.name) && !entry.name.startsWith('.')) files.push(...sourceFiles(root, relative));
    } else if (entry.isFile() && SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(relative);
  }
  return files;
}

/** The problems of the files under root, given the allowances of the baseline. */
export function fileShapeProblems(root, baseline = { lines: {}, longLines: {} }) {
  const problems = [];
  const stillOver = [];
  for (const file of sourceFiles(root).sort()) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const lines = text.split('\n');
    const count = text.endsWith('\n') ? lines.length - 1 : lines.length;
    const long = lines.filter((line) => line.length > MAX_LINE_LENGTH).length;
    const allowedLines = baseline.lines[file] ?? MAX_LINES;
    if (count > allowedLines) problems.push(`max-300-lines: ${file} has ${count} lines`);
    else if (count > MAX_LINES) stillOver.push(`${file} (${count} lines)`);
    const allowedLong = baseline.longLines[file] ?? 0;
    if (long > allowedLong) {
      const first = lines.findIndex((line) => line.length > MAX_LINE_LENGTH) + 1;
      problems.push(
        `max-120-characters: ${file} has ${long} line${long === 1 ? '' : 's'} over ${MAX_LINE_LENGTH} characters` +
          `${allowedLong > 0 ? ` (listed with ${allowedLong})` : ''}, the first at line ${first}`,
      );
    }
  }
  return { problems, stillOver };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? '.');
  const baselineFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'file-shape-baseline.json');
  const { problems, stillOver } = fileShapeProblems(root, JSON.parse(readFileSync(baselineFile, 'utf8')));
  for (const line of problems) console.log(line);
  if (stillOver.length > 0) console.log(`listed, still over ${MAX_LINES} lines: ${stillOver.join(', ')}`);
  console.log(
    `${problems.length === 0 ? 'no' : problems.length} file shape problem${problems.length === 1 ? '' : 's'}`,
  );
  process.exit(problems.length === 0 ? 0 : 1);
}

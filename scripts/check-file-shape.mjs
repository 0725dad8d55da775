// Small files with short lines: no source file (.ts, .tsx, .mjs, .cjs, .css) over 300 lines, no line over
// 120 characters, with no allowance for any file. Prints one line per problem, starting with the
// rule's name; exits 1 on a problem.
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

/** The problems of the files under root. */
export function fileShapeProblems(root) {
  const problems = [];
  for (const file of sourceFiles(root).sort()) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const lines = text.split('\n');
    const count = text.endsWith('\n') ? lines.length - 1 : lines.length;
    const long = lines.filter((line) => line.length > MAX_LINE_LENGTH).length;
    if (count > MAX_LINES) problems.push(`max-300-lines: ${file} has ${count} lines`);
    if (long > 0) {
      const first = lines.findIndex((line) => line.length > MAX_LINE_LENGTH) + 1;
      problems.push(
        `max-120-characters: ${file} has ${long} line${long === 1 ? '' : 's'} over ${MAX_LINE_LENGTH} characters` +
          `, the first at line ${first}`,
      );
    }
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? '.');
  const problems = fileShapeProblems(root);
  for (const line of problems) console.log(line);
  console.log(
    `${problems.length === 0 ? 'no' : problems.length} file shape problem${problems.length === 1 ? '' : 's'}`,
  );
  process.exit(problems.length === 0 ? 0 : 1);
}

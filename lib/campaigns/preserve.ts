// The check that a change keeps what was there (issue 27, item 1). A model told to "document" a
// function replaced json.dumps's 40-line docstring with three lines of template text, and every
// other check passed it. This compares against the original: a docstring that is removed or
// shrinks (fewer lines, a lost Args/Returns/Raises/Examples section, fewer doctests), a lint change
// that deletes code away from every issue ruff reported, a test file that loses tests it had.
import { decodePython } from '../python/encoding';
import { listDefinitions } from '../python/definitions';
import { readBodyDocstring } from '../python/docstring';
import { withPythonTree } from '../python/parser';
import { lintSource } from '../python/ruff';
import { isTestFileName, readTestFile } from '../python/test-files';
import type { FileEdit } from './edits';

export type PreservedCheck = { passed: boolean; message: string; losses: string[] };

type FileChange = { path: string; before: Buffer | null; after: Buffer | null };

const SECTIONS: [string, RegExp][] = [
  ['Args', /^\s*(args|arguments|parameters|params|keyword arguments|other parameters)\s*:?\s*$|^\s*:param\b/im],
  ['Returns', /^\s*(returns?)\s*:?\s*$|^\s*:returns?:/im],
  ['Yields', /^\s*(yields?)\s*:?\s*$|^\s*:yields?:/im],
  ['Raises', /^\s*(raises|exceptions)\s*:?\s*$|^\s*:raises\b/im],
  ['Examples', /^\s*(examples?)\s*:?\s*$/im],
];

function textOf(data: Buffer): string | null {
  const decoded = decodePython(data);
  return decoded.ok ? decoded.value.text : null;
}

/** Every docstring of a module by where it belongs (the module, then each definition, same names numbered). */
async function docstrings(source: string): Promise<Map<string, string>> {
  return withPythonTree(source, (root) => {
    const found = new Map<string, string>();
    const moduleDoc = readBodyDocstring(root);
    if (moduleDoc) found.set('the module', moduleDoc.text);
    for (const definition of listDefinitions(root)) {
      const doc = readBodyDocstring(definition.node.childForFieldName('body'));
      let key = definition.qualifiedName;
      for (let count = 2; found.has(key); count += 1) key = `${definition.qualifiedName} (#${count})`;
      if (doc) found.set(key, doc.text);
    }
    return found;
  });
}

function contentLines(text: string): number {
  return text.split('\n').filter((line) => line.trim() !== '').length;
}

function doctests(text: string): number {
  return text.split('\n').filter((line) => line.trim().startsWith('>>>')).length;
}

/** What the new docstring lost against the old one, in words. */
function docstringLosses(before: string, after: string | undefined): string[] {
  if (after === undefined) return ['its docstring was removed'];
  const losses: string[] = [];
  const [linesBefore, linesAfter] = [contentLines(before), contentLines(after)];
  if (linesAfter < linesBefore) losses.push(`its docstring shrank from ${linesBefore} lines to ${linesAfter}`);
  const lost = SECTIONS.filter(([, pattern]) => pattern.test(before) && !pattern.test(after)).map(([name]) => name);
  if (lost.length > 0) losses.push(`its docstring lost the ${lost.join(', ')} section${lost.length > 1 ? 's' : ''}`);
  const [testsBefore, testsAfter] = [doctests(before), doctests(after)];
  if (testsAfter < testsBefore) losses.push(`its doctest lines went from ${testsBefore} to ${testsAfter}`);
  return losses;
}

async function docstringCheck(file: FileChange): Promise<string[]> {
  const [before, after] = [textOf(file.before as Buffer), textOf(file.after as Buffer)];
  if (before === null || after === null) return [];
  const [old, now] = [await docstrings(before), await docstrings(after)];
  const losses: string[] = [];
  for (const [where, text] of old)
    for (const loss of docstringLosses(text, now.get(where))) losses.push(`${where}: ${loss}`);
  return losses;
}

/** Lines (1-based) that ruff reported an issue on or would edit to fix one. */
function issueLines(source: string, settings: Record<string, unknown>): Set<number> | null {
  const lint = lintSource(source, settings);
  if (!lint.ok) return null;
  const lines = new Set<number>();
  const mark = (first: number, last: number) => {
    for (let line = first; line <= last; line += 1) lines.add(line);
  };
  for (const issue of lint.diagnostics) {
    mark(issue.line, issue.end_line);
    for (const edit of issue.edits) mark(edit.start.row, edit.end.row);
  }
  return lines;
}

/** Code lines a lint change removed without replacement, away from every line ruff reported. */
function lintCheck(file: FileChange, edit: FileEdit | undefined, settings: Record<string, unknown>): string[] {
  const before = textOf(file.before as Buffer);
  if (before === null || !edit) return [];
  const allowed = issueLines(before, settings);
  if (!allowed) return [];
  const beforeLines = before.split('\n');
  const code = (line: string) => line.trim() !== '' && !line.trim().startsWith('#');
  let deleted = 0;
  let firstDeleted = 0;
  for (const hunk of edit.hunks) {
    let outside = 0;
    for (let index = hunk.start; index < hunk.end; index += 1)
      if (code(beforeLines[index] ?? '') && !allowed.has(index + 1)) {
        outside += 1;
        if (firstDeleted === 0) firstDeleted = index + 1;
      }
    const added = hunk.lines.filter(code).length;
    if (outside > added) deleted += outside - added;
  }
  return deleted === 0
    ? []
    : [`deleted ${deleted} line${deleted > 1 ? 's' : ''} of code no ruff issue was on (from line ${firstDeleted})`];
}

async function testFileCheck(file: FileChange): Promise<string[]> {
  const [before, after] = [textOf(file.before as Buffer), file.after ? textOf(file.after) : ''];
  if (before === null) return [];
  const kept = new Set((await readTestFile(after ?? '', null)).tests);
  const lost = (await readTestFile(before, null)).tests.filter((test) => !kept.has(test));
  if (lost.length === 0) return [];
  const names = lost.slice(0, 5).join(', ') + (lost.length > 5 ? ` and ${lost.length - 5} more` : '');
  return [`the change drops ${lost.length} existing test${lost.length > 1 ? 's' : ''}: ${names}`];
}

export async function preservedCheck(input: {
  agent: { name: string; settings: Record<string, unknown> };
  target: { path: string };
  files: FileChange[];
  edits: FileEdit[];
}): Promise<PreservedCheck> {
  const losses: string[] = [];
  for (const file of input.files) {
    if (!file.before || !file.path.endsWith('.py')) continue;
    if (isTestFileName(file.path)) {
      for (const loss of await testFileCheck(file)) losses.push(`${file.path}: ${loss}`);
      continue;
    }
    if (!file.after) {
      losses.push(`${file.path}: the change deletes the file`);
      continue;
    }
    for (const loss of await docstringCheck(file)) losses.push(`${file.path}: ${loss}`);
    if (input.agent.name === 'lint' && file.path === input.target.path) {
      const settings = (input.agent.settings.ruff ?? {}) as Record<string, unknown>;
      const edit = input.edits.find((candidate) => candidate.path === file.path);
      for (const loss of lintCheck(file, edit, settings)) losses.push(`${file.path}: ${loss}`);
    }
  }
  if (losses.length === 0)
    return { passed: true, message: 'keeps every existing docstring, test and line of code', losses };
  const more = losses.length > 3 ? ` (and ${losses.length - 3} more)` : '';
  return { passed: false, message: `destructive: ${losses.slice(0, 3).join('; ')}${more}`, losses };
}

// The files an experiment's inputs may name. An input's (or dataset case's) `file_path` is copied
// into the conversation's workspace with its neighbours, where the model's tools can read it and
// send it to the model: so it must lie under a folder the user chose for the experiment (the
// agent's own folder with its samples, the folders given to --python or --input-root, a campaign's
// repository). Relative paths are resolved against `base`.
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { realPathOf } from './real-path';
import { isWithin } from './sandbox/paths';

export const InputFiles = z.object({
  /** The folder relative `file_path`s are resolved against (where the command ran, the panel's project). */
  base: z.string().min(1),
  /** Folders the named files must lie under, once links are resolved. */
  roots: z.array(z.string().min(1)),
  /** Files and folders never given, whatever the roots (the panel's data/ folder, the database file). */
  refused: z.array(z.string().min(1)).optional(),
});
export type InputFiles = z.infer<typeof InputFiles>;

/** The chosen folders, resolved (a file given as a root stands for its folder); missing ones drop out. */
function realRoots(roots: string[]): string[] {
  const real: string[] = [];
  for (const root of roots) {
    if (!existsSync(root)) continue;
    const resolved = realpathSync(root);
    real.push(path.extname(resolved) === '.py' ? path.dirname(resolved) : resolved);
  }
  return real;
}

export function describeRoots(files: InputFiles): string {
  return files.roots.length === 0 ? 'none' : files.roots.join(', ');
}

/** Where `filePath` really is (links followed, as far as it exists), when that is under a chosen folder; else null. */
export function allowedInputFile(filePath: string, files: InputFiles): string | null {
  const candidate = realPathOf(path.resolve(files.base, filePath));
  const root = realRoots(files.roots).find((folder) => isWithin(folder, candidate));
  return root !== undefined && neverGiven(candidate, root, files) === null ? candidate : null;
}

/**
 * Why a file under a chosen folder is never given all the same, or null. A chosen folder is often a
 * whole project: its secrets (.env, .git, keys in dot folders), installed packages and the panel's own
 * database are not inputs, whatever a dataset's case names.
 */
function neverGiven(candidate: string, root: string, files: InputFiles): string | null {
  const segments = path.relative(root, candidate).split(path.sep);
  if (segments.some((segment) => segment.startsWith('.'))) return 'a dot file';
  if (segments.includes('node_modules')) return 'installed packages (node_modules)';
  const refused = (files.refused ?? []).find((entry) => isWithin(realPathOf(path.resolve(entry)), candidate));
  return refused === undefined ? null : `the panel's data (${refused})`;
}

type NamedInput = { file_path?: string | null; node_name?: string | null };

/** One line per input whose file lies outside the chosen folders, naming the input (or the dataset case). */
export function inputFileProblems(inputs: NamedInput[], files: InputFiles, caseKeys?: string[]): string[] {
  const problems: string[] = [];
  const roots = realRoots(files.roots);
  inputs.forEach((input, index) => {
    if (!input.file_path || allowedInputFile(input.file_path, files)) return;
    const which =
      caseKeys?.[index] !== undefined
        ? `case ${caseKeys[index]}`
        : `input ${index + 1}${input.node_name ? ` (${input.node_name})` : ''}`;
    const candidate = realPathOf(path.resolve(files.base, input.file_path));
    const root = roots.find((folder) => isWithin(folder, candidate));
    const reason = root === undefined ? null : neverGiven(candidate, root, files);
    if (reason !== null)
      return void problems.push(`${which}: file_path ${input.file_path} is never given to a model (${reason})`);
    problems.push(
      `${which}: file_path ${input.file_path} is outside the folders chosen for this experiment ` +
        `(${describeRoots(files)}); choose its folder (--input-root DIR, or --python DIR), ` +
        'or name a file under one of them',
    );
  });
  return problems;
}

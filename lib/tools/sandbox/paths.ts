// Folder containment, on resolved paths.
import path from 'node:path';

/** The folders that are not inside another folder of the list. */
export function outermost(folders: string[]): string[] {
  const unique = [...new Set(folders.map((folder) => path.resolve(folder)))].sort(
    (left, right) => left.length - right.length,
  );
  const kept: string[] = [];
  for (const folder of unique) {
    if (!kept.some((outer) => isWithin(outer, folder))) kept.push(folder);
  }
  return kept;
}

export function isWithin(folder: string, candidate: string): boolean {
  const relative = path.relative(folder, candidate);
  // `..` as a whole first segment leaves the folder; a name that merely starts with `..` does not.
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}

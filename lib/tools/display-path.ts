// How diffs and tools name a workspace's files: as the input did, from the project root.
import path from 'node:path';

/**
 * Diff headers name files as the original does (`agents/lint/samples/x.py`) when the input's path
 * is relative and inside.
 */
export function displayPrefix(filePath: string | null): string {
  if (!filePath) return '';
  const normalized = path.posix.normalize(filePath.replace(/\\/g, '/'));
  if (path.posix.isAbsolute(normalized) || normalized.startsWith('../')) return '';
  const folder = path.posix.dirname(normalized);
  return folder === '.' ? '' : `${folder}/`;
}

// Where a path really leads, links included, even when its end does not exist yet.
import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';

/**
 * The real path of `candidate`: its deepest existing ancestor resolved (links included), the rest
 * appended. A link whose target is missing is followed by its text, so that one pointing outside
 * is seen as outside even where the target cannot be seen (inside a sandbox).
 */
export function realPathOf(candidate: string, depth = 0): string {
  const missing: string[] = [];
  let current = candidate;
  for (;;) {
    let info;
    try {
      info = lstatSync(current);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
    }
    if (info) {
      try {
        return path.join(realpathSync(current), ...missing.reverse());
      } catch (error) {
        if (!info.isSymbolicLink() || depth > 40 || (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        return realPathOf(
          path.join(path.resolve(path.dirname(current), readlinkSync(current)), ...missing.reverse()),
          depth + 1,
        );
      }
    }
    const parent = path.dirname(current);
    if (parent === current) return candidate;
    missing.push(path.basename(current));
    current = parent;
  }
}

// Whether this code runs as the compiled command line (.build/cli-ID/*.js) or from its TypeScript
// sources (vitest, tsx, Next). The compiled build puts every module in one folder beside .build/.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = import.meta.url.startsWith('file:') ? fileURLToPath(import.meta.url) : null;

/** True when this module was loaded from the compiled build rather than from lib/build/compiled.ts. */
const runningCompiled =
  here !== null && path.extname(here) === '.js' && path.basename(path.dirname(path.dirname(here))) === '.build';

/** The .build folder of the compiled command line (null when running from sources). */
export function buildFolder(): string | null {
  return runningCompiled && here ? path.dirname(path.dirname(here)) : null;
}

/** A file of the compiled build's own folder (tool-worker.js, say); null when running from sources. */
export function compiledFile(name: string): string | null {
  return runningCompiled && here ? path.join(path.dirname(here), name) : null;
}

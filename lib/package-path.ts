import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * The folder of an installed package. A bundler (Next's Turbopack, for the panel) replaces
 * require.resolve with a module number; the panel runs from the project root, whose
 * node_modules holds the package.
 */
export function packageFolder(name: string): string {
  const resolved: unknown = require.resolve(`${name}/package.json`);
  return typeof resolved === 'string' ? path.dirname(resolved) : path.join(process.cwd(), 'node_modules', name);
}

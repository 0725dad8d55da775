// npm 12 skips a dependency's install scripts unless package.json's allowScripts names it (npm 11
// only warns): better-sqlite3 would then have no binary and the panel would not start.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

it('every locked package with an install script is allowed to run it, and nothing else is', () => {
  const locked = read('package-lock.json').packages as Record<string, { hasInstallScript?: boolean }>;
  const withScripts = Object.entries(locked)
    .filter(([where, entry]) => where.startsWith('node_modules/') && entry.hasInstallScript)
    .map(([where]) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length));
  expect(withScripts).toContain('better-sqlite3');
  expect(Object.keys(read('package.json').allowScripts).sort()).toEqual([...new Set(withScripts)].sort());
});

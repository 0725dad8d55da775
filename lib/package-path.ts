import path from 'node:path';

/**
 * The folder of an installed package, from `require.resolve('NAME/package.json')` written out at
 * the call site (a bundler must see the literal). Next's Turbopack replaces that call with a module
 * number; the panel runs from the project root, whose node_modules holds the package.
 */
export function packageFolder(name: string, resolved: unknown): string {
  return typeof resolved === 'string' ? path.dirname(resolved) : path.join(process.cwd(), 'node_modules', name);
}

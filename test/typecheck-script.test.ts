import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// scripts/typecheck.mjs on a small planted project laid out as the panel's is: tsconfig.json that
// includes .next/types yet excludes .next, and a route validator there that imports ../../app.
const script = path.resolve('scripts/typecheck.mjs');
const folders: string[] = [];

function project(page: string, validator: string): string {
  const root = mkdtempSync(path.join(tmpdir(), 'remora-typecheck-'));
  folders.push(root);
  const tsconfig = {
    compilerOptions: { strict: true, noEmit: true, incremental: true, module: 'esnext', moduleResolution: 'bundler' },
    include: ['next-env.d.ts', '**/*.ts', '.next/types/**/*.ts'],
    exclude: ['node_modules', '.next'],
  };
  writeFileSync(path.join(root, 'tsconfig.json'), JSON.stringify(tsconfig));
  writeFileSync(path.join(root, 'next-env.d.ts'), 'import "./.next/types/routes.d.ts";\n');
  mkdirSync(path.join(root, 'app'));
  writeFileSync(path.join(root, 'app', 'page.ts'), page);
  mkdirSync(path.join(root, '.next', 'types'), { recursive: true });
  writeFileSync(path.join(root, '.next', 'types', 'routes.d.ts'), 'export type Route = "/";\n');
  writeFileSync(path.join(root, '.next', 'types', 'validator.ts'), validator);
  return root;
}

function check(root: string) {
  const report = path.join(root, 'report.json');
  const run = spawnSync(process.execPath, [script, '--report', report, '--ready', path.join(root, 'ready')], {
    cwd: root,
    encoding: 'utf8',
  });
  return { run, report: JSON.parse(readFileSync(report, 'utf8')) as { passed: number; failed: number } };
}

// The validator checks the page's export the way Next's does: a constraint on typeof import().
const VALIDATOR = [
  'import type { Route } from "./routes.js";',
  'type PageConfig = { default: (route: Route) => string };',
  'function check<T extends PageConfig>() {}',
  'check<typeof import("../../app/page.js")>();',
  '',
].join('\n');

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('scripts/typecheck.mjs', () => {
  it('passes a project without type errors, and leaves no copy behind', () => {
    const root = project('export default (route: string) => route;\n', VALIDATOR);
    const { run, report } = check(root);
    expect(run.stdout).toMatch(/no type errors \(\d+ files\)/);
    expect(report).toEqual({ passed: 1, failed: 0 });
    expect(existsSync(path.join(root, 'ready'))).toBe(true);
    expect(existsSync(path.join(root, '.typecheck'))).toBe(false);
  });

  it('reports an error that only the route validator in .next/types finds', () => {
    const root = project('export default (route: number) => String(route);\n', VALIDATOR);
    const { run, report } = check(root);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/validator\.ts.*error TS2344/);
    expect(report).toEqual({ passed: 0, failed: 1 });
  });

  it('reports an error in an ordinary source file', () => {
    const root = project('export default (route: string) => route;\nexport const n: number = "one";\n', VALIDATOR);
    const { run, report } = check(root);
    expect(run.stderr).toMatch(/app\/page\.ts.*error TS2322/);
    expect(run.stdout).toContain('1 type error(s)');
    expect(report).toEqual({ passed: 0, failed: 1 });
  });
});

// Type-checks the project as `next build` does (tsconfig.json with the route types that `next typegen`
// writes to .next/types), so that the test command can build the panel without its type check and run
// this beside it: on 2 cores the build's own check was a minute of the longest chain.
//   node scripts/typecheck.mjs [--ready FILE] [--report FILE]   (`npm run typecheck` runs next typegen, then this)
// --ready: created once the route types are copied (a build may then rewrite or delete .next);
// --report: {passed, failed} for scripts/count-results.mjs, the check counted as one test.
// The checker is TypeScript's native compiler (tsgo), on one thread: about a fifth of the CPU of tsc,
// which matters because the check shares 2 cores with the build and the tests.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { ready: { type: 'string' }, report: { type: 'string' } } });

// Both looked up before anything is written, so that a failure leaves no copy behind.
let tsgo;
try {
  tsgo = path.dirname(createRequire(import.meta.url).resolve('@typescript/native-preview/package.json'));
} catch {
  finish(false, 'no @typescript/native-preview in node_modules: run npm install');
}
const config = snapshotConfig();

// The route types are copied to .typecheck/types: a folder as deep as .next/types, so that the
// validator's imports (../../app/...) still reach the pages, and one that no build touches.
const snapshot = path.resolve('.typecheck');
rmSync(snapshot, { recursive: true, force: true });
mkdirSync(snapshot);
if (existsSync('.next/types')) cpSync('.next/types', path.join(snapshot, 'types'), { recursive: true });
if (existsSync('next-env.d.ts')) {
  const env = readFileSync('next-env.d.ts', 'utf8').replaceAll('./.next/types/', './types/');
  writeFileSync(path.join(snapshot, 'next-env.d.ts'), env);
}
writeFileSync(path.join(snapshot, 'tsconfig.json'), JSON.stringify(config, null, 2));
if (values.ready) writeFileSync(values.ready, 'route types copied to .typecheck\n');

const run = spawnSync(
  process.execPath,
  [path.join(tsgo, 'bin', 'tsgo'), '-p', path.join(snapshot, 'tsconfig.json'), '--singleThreaded', '--diagnostics'],
  { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
);
rmSync(snapshot, { recursive: true, force: true });
if (run.error) finish(false, `could not run tsgo: ${run.error.message}`);
// --diagnostics adds a table after the errors; only its file count is kept.
const output = run.stdout ?? '';
const tableStart = output.search(/^Files:/m);
const errors = tableStart < 0 ? output : output.slice(0, tableStart);
const files = /^Files:\s+(\d+)/m.exec(output)?.[1] ?? '?';
process.stderr.write(errors + (run.stderr ?? ''));
const count = (errors.match(/error TS\d+/g) ?? []).length;
finish(run.status === 0, run.status === 0 ? `no type errors (${files} files)` : `${count || 'some'} type error(s)`);

// tsconfig.json with its includes and excludes seen from .typecheck, and .next/types replaced by the copy.
function snapshotConfig() {
  let base;
  try {
    base = JSON.parse(readFileSync('tsconfig.json', 'utf8'));
  } catch (error) {
    finish(false, `tsconfig.json is not plain JSON: ${error.message}`);
  }
  const include = (base.include ?? ['**/*']).flatMap((pattern) => {
    if (pattern === 'next-env.d.ts') return [pattern];
    if (pattern.startsWith('.next/types/')) return [pattern.slice('.next/'.length)];
    // The dev server's route types (.next/dev) are not part of a build.
    return pattern.startsWith('.next/') ? [] : [`../${pattern}`];
  });
  const exclude = [...(base.exclude ?? []).map((pattern) => `../${pattern}`), '../next-env.d.ts'];
  return { extends: '../tsconfig.json', compilerOptions: { noEmit: true, incremental: false }, include, exclude };
}

function finish(ok, message) {
  console.log(message);
  if (values.report) writeFileSync(values.report, JSON.stringify({ passed: ok ? 1 : 0, failed: ok ? 0 : 1 }));
  process.exit(ok ? 0 : 1);
}

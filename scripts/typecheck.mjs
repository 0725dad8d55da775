// Type-checks the project as `next build` does (tsconfig.json with the route types that `next typegen`
// writes to .next/types), so that the test command can build the panel without its type check and run
// this beside it: on 2 cores the build's own check was a minute of the longest chain.
//   node scripts/typecheck.mjs [--ready FILE] [--report FILE]   (`npm run typecheck` runs next typegen, then this)
// --ready: created once the route types are held in memory (a build may then rewrite or delete .next);
// --report: {passed, failed} for scripts/count-results.mjs, the check counted as one test.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import ts from 'typescript';

const { values } = parseArgs({ options: { ready: { type: 'string' }, report: { type: 'string' } } });
let program;

// The files a concurrent build rewrites, read once now and served from memory to the compiler.
const routeTypes = path.resolve('.next/types');
const generated = existsSync(routeTypes)
  ? readdirSync(routeTypes, { recursive: true })
      .map((file) => path.join(routeTypes, String(file)))
      .filter((file) => file.endsWith('.ts'))
  : [];
const snapshot = new Map([...generated, path.resolve('next-env.d.ts')].map((file) => [file, readText(file)]));
if (values.ready) writeFileSync(values.ready, `${snapshot.size} generated files held\n`);

const configPath = ts.findConfigFile(process.cwd(), ts.sys.fileExists, 'tsconfig.json');
if (!configPath) finish([{ messageText: 'no tsconfig.json here', category: ts.DiagnosticCategory.Error }]);
const { config, error } = ts.readConfigFile(configPath, ts.sys.readFile);
if (error) finish([error]);
const parsed = ts.parseJsonConfigFileContent(config, ts.sys, process.cwd(), undefined, configPath);
if (parsed.errors.length > 0) finish(parsed.errors);

// noEmit and no build-info file: a check, nothing written.
const options = { ...parsed.options, noEmit: true, incremental: false, tsBuildInfoFile: undefined };
// tsconfig.json includes .next/types but also excludes .next (the build copies .ts assets there), which
// drops validator.ts, the file that checks each page's and route's exports against its route.
const rootNames = [...new Set([...parsed.fileNames, ...generated])];
program = ts.createProgram({
  rootNames,
  options,
  projectReferences: parsed.projectReferences,
  host: snapshotHost(ts.createCompilerHost(options)),
});
finish(ts.getPreEmitDiagnostics(program));

function readText(file) {
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

function snapshotHost(host) {
  const held = (file) => snapshot.get(path.resolve(file));
  const holds = (dir) => [...snapshot.keys()].some((file) => file.startsWith(dir));
  const { fileExists, readFile, getSourceFile, directoryExists } = host;
  return {
    ...host,
    fileExists: (file) => (snapshot.has(path.resolve(file)) ? held(file) !== undefined : fileExists(file)),
    readFile: (file) => (snapshot.has(path.resolve(file)) ? held(file) : readFile(file)),
    directoryExists: (dir) => holds(path.resolve(dir) + path.sep) || (directoryExists?.(dir) ?? true),
    getSourceFile: (file, language, onError, create) => {
      if (!snapshot.has(path.resolve(file))) return getSourceFile(file, language, onError, create);
      const text = held(file);
      return text === undefined ? undefined : ts.createSourceFile(file, text, language);
    },
  };
}

function finish(diagnostics) {
  const errors = diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (diagnostics.length > 0) {
    const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => process.cwd(), getNewLine: () => '\n' };
    process.stderr.write(ts.formatDiagnosticsWithColorAndContext(diagnostics, host));
  }
  const ok = errors.length === 0;
  console.log(
    ok ? `no type errors (${program?.getSourceFiles().length ?? 0} files)` : `${errors.length} type error(s)`,
  );
  if (values.report) writeFileSync(values.report, JSON.stringify({ passed: ok ? 1 : 0, failed: ok ? 0 : 1 }));
  process.exit(ok ? 0 : 1);
}

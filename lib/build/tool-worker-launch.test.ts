import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compiledOrSource, toolWorkers } from './tool-worker-launch';

// Running from sources (the panel, tests), a tool worker starts from the project's compiled build
// when that build is current, and through tsx otherwise. A made-up project: a build is a pointer
// (.build/cli.json, as scripts/cli-build.mjs writes it) naming the sources it was built from.
let root = '';

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

function write(file: string, text = ''): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

function makeProject(): void {
  root = mkdtempSync(path.join(tmpdir(), 'remora-worker-launch-'));
  write('package.json', '{"type": "module"}\n');
  write('lib/cli/main.ts', 'export {};\n');
  write('lib/tools/tool-worker.ts', 'export {};\n');
}

/** A build in .build/ID made from the sources as they are now, pointed at as the current one. */
function build(id: string): string {
  write(`.build/${id}/main.js`);
  write(`.build/${id}/tool-worker.js`);
  const inputs: Record<string, number> = {};
  for (const file of ['lib/cli/main.ts', 'package.json']) inputs[file] = statSync(path.join(root, file)).mtimeMs;
  write('.build/cli.json', JSON.stringify({ dir: id, inputs }));
  return path.join(root, '.build', id, 'tool-worker.js');
}

function touch(file: string): void {
  // Later than the build by more than any clock tick; the check is on equality anyway.
  const later = new Date(Date.now() + 5000);
  utimesSync(path.join(root, file), later, later);
}

const typescriptWorker = () => path.join(root, 'lib/tools/tool-worker.ts');

describe('toolWorkers from sources (the panel names the project root)', () => {
  it('starts the compiled worker with plain Node while the build is current', () => {
    makeProject();
    const compiled = build('cli-first');
    const workers = toolWorkers({ projectRoot: root });
    expect(workers.launch()).toEqual({ script: compiled, execArgv: [] });
    expect(workers.projectRoot).toBe(root);
    // Bundles of TypeScript tools go inside .build, which each worker's sandbox reads, made before the first start.
    expect(workers.bundles).toBe(path.join(root, '.build', 'tools'));
    expect(existsSync(workers.bundles)).toBe(true);
  });

  it('never starts a worker built from older sources: a changed source means tsx, until it is rebuilt', () => {
    makeProject();
    build('cli-first');
    const workers = toolWorkers({ projectRoot: root });
    touch('lib/cli/main.ts');
    const stale = workers.launch();
    expect(stale.script).toBe(typescriptWorker());
    expect(stale.execArgv).toEqual(['--import', expect.stringMatching(/^file:.*\/tsx\/.*loader/)]);
    // Checked at each start: the same pool takes the new build once there is one.
    const rebuilt = build('cli-second');
    expect(workers.launch()).toEqual({ script: rebuilt, execArgv: [] });
  });

  it('uses tsx without a build, with a deleted source, or with a build folder left half made', () => {
    makeProject();
    const workers = toolWorkers({ projectRoot: root });
    expect(workers.launch().script).toBe(typescriptWorker());
    build('cli-first');
    rmSync(path.join(root, 'lib/cli/main.ts'));
    expect(workers.launch().script).toBe(typescriptWorker());
    write('lib/cli/main.ts', 'export {};\n');
    build('cli-second');
    rmSync(path.join(root, '.build/cli-second/main.js'));
    expect(workers.launch().script).toBe(typescriptWorker());
  });
});

describe('toolWorkers given a script', () => {
  it('runs it as given, for the project holding it', () => {
    makeProject();
    const compiled = build('cli-first');
    touch('lib/cli/main.ts');
    const workers = toolWorkers({ script: compiled });
    expect(workers.launch()).toEqual({ script: compiled, execArgv: [] });
    expect(workers.projectRoot).toBe(root);
    expect(toolWorkers({ script: typescriptWorker() }).launch().execArgv[0]).toBe('--import');
  });
});

describe('compiledOrSource (the panel starts its Python extraction child this way)', () => {
  it("gives the current build's file with plain Node, and the source through tsx once a source changed", () => {
    makeProject();
    const source = path.join(root, 'lib/panel/agents/inputs-child.ts');
    write('lib/panel/agents/inputs-child.ts', 'export {};\n');
    build('cli-first');
    const compiled = path.join(root, '.build', 'cli-first', 'inputs-child.js');
    expect(compiledOrSource(root, source, 'inputs-child.js')).toEqual({ script: compiled, execArgv: [] });
    touch('package.json');
    const stale = compiledOrSource(root, source, 'inputs-child.js');
    expect(stale).toEqual({ script: source, execArgv: ['--import', expect.stringMatching(/^file:.*\/tsx\//)] });
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectRoot } from './cli-process';

// The launcher and the build script, copied into a small project of their own, so that changing a
// "source" does not touch the real ones: it must run compiled JavaScript, and compile again only
// when a source changed.
let root = '';

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

function makeProject(): void {
  root = mkdtempSync(path.join(tmpdir(), 'remora-cli-build-'));
  const files = [
    'bin/remora.mjs',
    'scripts/cli-build.mjs',
    'lib/build/current-build.mjs',
    'lib/build/zod-locales.mjs',
    'lib/build/bundle-settings.json',
    'tsconfig.json',
  ];
  for (const file of files) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    copyFileSync(path.join(projectRoot, file), path.join(root, file));
  }
  writeFileSync(path.join(root, 'package.json'), '{"type": "module"}\n');
  symlinkSync(path.join(projectRoot, 'node_modules'), path.join(root, 'node_modules'));
  writeSource(
    'lib/cli/main.ts',
    [
      "import { word } from './word';",
      'const shout = (text: string): string => text.toUpperCase();',
      'console.log(shout(word), import.meta.url);',
      '',
    ].join('\n'),
  );
  writeSource('lib/cli/word.ts', "export const word: string = 'first';\n");
  writeSource('lib/tools/tool-worker.ts', 'export {};\n');
  writeSource('lib/panel/agents/inputs-child.ts', 'export {};\n');
}

function writeSource(file: string, text: string): void {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
}

function runLauncher(): { word: string; url: string } {
  const result = spawnSync(process.execPath, [path.join(root, 'bin/remora.mjs')], { encoding: 'utf8', cwd: root });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  const [word, url] = result.stdout.trim().split(' ');
  return { word, url };
}

function pointer(): { dir: string; inputs: Record<string, number> } {
  return JSON.parse(readFileSync(path.join(root, '.build/cli.json'), 'utf8'));
}

describe('the compiled command line', () => {
  it('compiles on first run and runs JavaScript from .build, not the TypeScript sources', () => {
    makeProject();
    const run = runLauncher();
    expect(run.word).toBe('FIRST');
    expect(run.url).toMatch(/\/\.build\/cli-[^/]+\/main\.js$/);
    expect(Object.keys(pointer().inputs)).toEqual(
      expect.arrayContaining(['lib/cli/main.ts', 'lib/cli/word.ts', 'package.json']),
    );
    // The other entry points, which processes running from sources start from the build.
    const folder = path.join(root, '.build', pointer().dir);
    for (const entry of ['tool-worker.js', 'inputs-child.js']) expect(existsSync(path.join(folder, entry))).toBe(true);
  });

  it('reuses the build while the sources are unchanged, and rebuilds when an imported file changes', () => {
    makeProject();
    runLauncher();
    const first = pointer().dir;
    expect(runLauncher().word).toBe('FIRST');
    expect(pointer().dir).toBe(first);

    writeSource('lib/cli/word.ts', "export const word: string = 'second';\n");
    // Even a change within the same clock tick as the build must count: the check is on equality.
    const later = new Date(Date.now() + 5000);
    utimesSync(path.join(root, 'lib/cli/word.ts'), later, later);
    expect(runLauncher().word).toBe('SECOND');
    expect(pointer().dir).not.toBe(first);
  });

  it('rebuilds when a source it was built from is deleted, and reports the compile error', () => {
    makeProject();
    runLauncher();
    rmSync(path.join(root, 'lib/cli/word.ts'));
    const result = spawnSync(process.execPath, [path.join(root, 'bin/remora.mjs')], { encoding: 'utf8', cwd: root });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('word');
  });

  it('the build script run by npm install says what it did', () => {
    makeProject();
    const build = spawnSync(process.execPath, [path.join(root, 'scripts/cli-build.mjs')], {
      encoding: 'utf8',
      cwd: root,
    });
    expect(build.status).toBe(0);
    expect(build.stdout).toMatch(/built the command line in \d+ ms/);
    const again = spawnSync(process.execPath, [path.join(root, 'scripts/cli-build.mjs')], {
      encoding: 'utf8',
      cwd: root,
    });
    expect(again.stdout).toContain('already built and current');
  });
});

// Nothing unused or unlisted (knip, scripts/check-unused-exports.mjs): the real tree passes, and a
// copy with a planted unused export, an unreached file and an unlisted package fails naming each.
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from './cli-process';

const CHECK = path.join(projectRoot, 'scripts', 'check-unused-exports.mjs');
const copies: string[] = [];
afterAll(() => copies.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

function check(root: string) {
  const run = spawnSync(process.execPath, [CHECK, root], { encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}

/** The project's files (tracked or new, not ignored) in a temporary folder, node_modules linked. */
function copyOfTree(): string {
  const copy = mkdtempSync(path.join(tmpdir(), 'remora-unused-exports-'));
  copies.push(copy);
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: projectRoot,
    encoding: 'utf8',
  });
  for (const file of files.split('\n').filter(Boolean)) {
    mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    try {
      cpSync(path.join(projectRoot, file), path.join(copy, file));
    } catch {
      // A file deleted but not yet committed.
    }
  }
  symlinkSync(path.join(projectRoot, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  return copy;
}

// knip reads every module of the project (about 6 s of CPU), more than a default test time on a
// shared machine.
const KNIP_MS = 240_000;

// One knip run, not two: a planted export cannot make another export used, so the copy's report is
// the project's report plus the planted line.
let report: { status: number | null; output: string } | undefined;
beforeAll(() => {
  const root = copyOfTree();
  appendFileSync(path.join(root, 'lib/metrics/types.ts'), '\nexport const plantedUnusedExport = 1;\n');
  writeFileSync(path.join(root, 'lib/metrics/planted-orphan.ts'), 'export const orphan = 1;\n');
  // semver is in node_modules (a dependency's dependency) but not in package.json.
  appendFileSync(path.join(root, 'lib/metrics/summarize.ts'), "\nimport 'semver';\n");
  report = check(root);
}, KNIP_MS);

const PLANTED = [
  'unused export: lib/metrics/types.ts: plantedUnusedExport',
  'unused file: lib/metrics/planted-orphan.ts: lib/metrics/planted-orphan.ts',
  'unlisted dependency: lib/metrics/summarize.ts: semver',
];

describe('knip findings', () => {
  it('none on the project as it is: only the planted ones are found', () => {
    const { output } = report!;
    const found = output.split('\n').filter((line) => /^(unused|unlisted|unresolved|duplicate) /.test(line));
    expect(found.filter((line) => !PLANTED.includes(line))).toEqual([]);
  });

  it('fail on a copy with an unused export, an unreached file and an unlisted package, naming each', () => {
    const { status, output } = report!;
    for (const line of PLANTED) expect(output.split('\n')).toContain(line);
    expect(output).toMatch(/^3 unused exports or other knip findings$/m);
    expect(status).toBe(1);
  });
});

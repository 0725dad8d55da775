// No export that nothing imports (knip, scripts/check-unused-exports.mjs): the real tree passes, and
// a copy with one planted unused export fails naming it.
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
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
  report = check(root);
}, KNIP_MS);

describe('unused exports', () => {
  it('none on the project as it is', () => {
    const { output } = report!;
    const found = output.split('\n').filter((line) => line.startsWith('unused export: '));
    expect(found.filter((line) => !line.endsWith(': plantedUnusedExport'))).toEqual([]);
    expect(output).toMatch(new RegExp(`^${found.length} unused exports?$`, 'm'));
  });

  it('fail on a copy with an export nothing imports, naming it', () => {
    const { status, output } = report!;
    expect(output).toMatch(/^unused export: lib\/metrics\/types\.ts: plantedUnusedExport$/m);
    expect(output).toMatch(/^1 unused export$/m);
    expect(status).toBe(1);
  });
});

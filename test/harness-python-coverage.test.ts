// --python covers every node exactly once by default (issue 15, item 8's coverage traps): not the
// first 20 of them, definitions inside if/try blocks included, and the lint agent once per file.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimServer, type SimServer } from '../lib/sim/server';
import { runCli } from './cli-process';

let sim: SimServer;
const folder = mkdtempSync(path.join(tmpdir(), 'remora-python-coverage-'));

beforeAll(async () => {
  sim = await startSimServer({ port: 0, seed: 3, latencyMs: 0, http500Rate: 0, http429Rate: 0 });
  mkdirSync(path.join(folder, 'code'));
  const many = Array.from({ length: 23 }, (_, index) => `def f${index}():\n    return ${index}\n`).join('\n\n');
  writeFileSync(path.join(folder, 'code', 'many.py'), many);
  writeFileSync(
    path.join(folder, 'code', 'guarded.py'),
    [
      'try:',
      '    import fast',
      'except ImportError:',
      '    def slow():',
      '        return 1',
      '',
      '',
      'class Box:',
      '    if True:',
      '        def size(self):',
      '            return 1',
      '',
    ].join('\n'),
  );
});

afterAll(async () => {
  await sim?.close();
  rmSync(folder, { recursive: true, force: true });
});

function conversations(stdout: string): number {
  return (JSON.parse(stdout) as { variants: { conversations: number }[] }).variants[0].conversations;
}

describe('harness --python coverage', () => {
  it('runs every node once by default, those inside if/try blocks too', async () => {
    const run = await runCli([
      'harness',
      '--agent',
      'docstring',
      '--base-url',
      sim.url,
      '--model',
      'fg',
      '--python',
      path.join(folder, 'code'),
      '--db',
      path.join(folder, 'docs.db'),
      '--json',
      '--max-turns',
      '1',
    ]);
    expect(run.code, run.stderr).toBe(0);
    // 23 functions, slow (in the except block), Box and Box.size (in the if block).
    expect(conversations(run.stdout)).toBe(26);
  }, 120_000);

  it('lints each file once, and says so when --requests-per-variant covers only part of the nodes', async () => {
    const lint = await runCli([
      'harness',
      '--agent',
      'lint',
      '--base-url',
      sim.url,
      '--model',
      'fg',
      '--python',
      path.join(folder, 'code'),
      '--db',
      path.join(folder, 'lint.db'),
      '--json',
      '--max-turns',
      '1',
    ]);
    expect(lint.code, lint.stderr).toBe(0);
    expect(conversations(lint.stdout)).toBe(2);
    const partial = await runCli([
      'harness',
      '--agent',
      'docstring',
      '--base-url',
      sim.url,
      '--model',
      'fg',
      '--python',
      path.join(folder, 'code'),
      '--requests-per-variant',
      '2',
      '--db',
      path.join(folder, 'partial.db'),
      '--json',
      '--max-turns',
      '1',
    ]);
    expect(partial.code, partial.stderr).toBe(0);
    expect(partial.stderr).toContain('covers 2 of the 26 nodes');
    expect(conversations(partial.stdout)).toBe(2);
  }, 120_000);
});

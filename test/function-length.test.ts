// The function-length rule holds on the project, and on a small tree fails for each way of breaking it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from './cli-process';

const RULE = path.join(projectRoot, 'scripts', 'check-function-length.mjs');
const copies: string[] = [];
afterAll(() => copies.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

const check = (root: string, ...flags: string[]) => {
  const run = spawnSync(process.execPath, [RULE, ...flags, root], { encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
};

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'remora-function-length-'));
  copies.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

// A function whose text spans exactly `lines` lines.
const fn = (name: string, lines: number) =>
  `export function ${name}() {\n${'  console.log(1);\n'.repeat(lines - 2)}}\n`;
const component = (name: string, lines: number) =>
  `export function ${name}() {\n  return (\n${'    <p>x</p>\n'.repeat(lines - 4)}  );\n}\n`;

describe('function length (scripts/check-function-length.mjs)', () => {
  it('holds on the project', () => {
    const { status, output } = check(projectRoot);
    expect(output).toMatch(/^no function length problems/m);
    expect(status).toBe(0);
  });

  it('names a function over 80 lines in lib/ and a component over 120, and passes those at the limit', () => {
    const root = tree({
      'lib/long.ts': fn('tooLong', 81),
      'lib/fine.ts': fn('justRight', 80),
      'app/page.tsx': component('TooLongPage', 121),
      'app/fine.tsx': component('FinePage', 120),
      'lib/long.test.ts': fn('aLongTest', 300),
    });
    const { status, output } = check(root);
    expect(output).toMatch(/^max-function-lines: lib\/long\.ts: tooLong \(line 1\) has 81 lines, over 80$/m);
    expect(output).toMatch(/^max-function-lines: app\/page\.tsx: TooLongPage \(line 1\) has 121 lines, over 120$/m);
    expect(output).not.toMatch(/justRight|FinePage|aLongTest/);
    expect(output).toMatch(/^2 function length problems/m);
    expect(status).toBe(1);
  });

  it('lets a listed function shrink but not grow, and asks for its entry to be lowered or dropped', () => {
    const baseline = (entries: Record<string, number>) => `${JSON.stringify(entries)}\n`;
    const root = tree({
      'lib/grew.ts': fn('grew', 101),
      'lib/shrank.ts': fn('shrank', 90),
      'lib/fixed.ts': fn('fixed', 40),
      'scripts/function-length-baseline.json': baseline({
        'lib/grew.ts: grew': 100,
        'lib/shrank.ts: shrank': 95,
        'lib/fixed.ts: fixed': 120,
      }),
    });
    const { status, output } = check(root);
    expect(output).toMatch(
      /^max-function-lines: lib\/grew\.ts: grew \(line 1\) has 101 lines, more than its baseline 100$/m,
    );
    expect(output).toMatch(/^function-length-baseline: lib\/shrank\.ts: shrank is 90 lines now, not 95/m);
    expect(output).toMatch(/^function-length-baseline: lib\/fixed\.ts: fixed is within the limit now/m);
    expect(status).toBe(1);

    // --update records the shrinking and drops the fixed one, but never admits the grown one.
    const updated = check(root, '--update');
    expect(JSON.parse(readFileSync(path.join(root, 'scripts/function-length-baseline.json'), 'utf8'))).toEqual({
      'lib/grew.ts: grew': 100,
      'lib/shrank.ts: shrank': 90,
    });
    expect(updated.output).toMatch(/^1 function length problem$/m);
    expect(updated.status).toBe(1);
  });

  it('names nested and repeated functions by where they are', () => {
    const body = '    console.log(1);\n'.repeat(80);
    const nested = `export function outer() {\n  const inner = () => {\n${body}  };\n  return inner;\n}\n`;
    const { output } = check(tree({ 'lib/nested.ts': nested }));
    expect(output).toMatch(/^max-function-lines: lib\/nested\.ts: outer > inner \(line 2\) has 82 lines/m);
    expect(output).toMatch(/^max-function-lines: lib\/nested\.ts: outer \(line 1\) has 85 lines/m);
  });
});

// scripts/count-results.mjs writes CI's closing line; CI shows only the end of the output, so the
// failed tests must be named there too, whichever suite they come from.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';

const run = promisify(execFile);

function plant(reports: Record<string, unknown>): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'remora-count-'));
  return Object.entries(reports).map(([name, report]) => {
    const file = path.join(dir, `${name}.json`);
    writeFileSync(file, JSON.stringify(report));
    return file;
  });
}

async function count(files: string[]): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await run(process.execPath, ['scripts/count-results.mjs', ...files]);
    return { code: 0, stdout };
  } catch (error) {
    const failure = error as { code: number; stdout: string };
    return { code: failure.code, stdout: failure.stdout };
  }
}

const vitestReport = (failed: boolean) => ({
  numPassedTests: 1,
  numFailedTests: failed ? 1 : 0,
  numPendingTests: 0,
  numTodoTests: 0,
  testResults: [
    {
      name: path.resolve('test/pool.test.ts'),
      status: failed ? 'failed' : 'passed',
      message: '',
      assertionResults: [
        { fullName: 'a worker starts', status: 'passed', failureMessages: [] },
        ...(failed
          ? [
              {
                fullName: 'a run closes',
                status: 'failed',
                failureMessages: ['\u001b[31mAssertionError: 13 != 0\u001b[39m\n  at x'],
              },
            ]
          : []),
      ],
    },
  ],
});

const playwrightReport = {
  errors: [],
  stats: { expected: 0, unexpected: 1, flaky: 0, skipped: 0 },
  suites: [
    {
      title: 'big.spec.ts',
      specs: [],
      suites: [
        {
          title: 'inner',
          specs: [
            {
              title: 'thousands of conversations',
              file: 'big.spec.ts',
              line: 12,
              tests: [
                { status: 'unexpected', results: [{ errors: [{ message: 'Error: read ECONNRESET\nCall log' }] }] },
              ],
            },
          ],
        },
      ],
    },
  ],
};

test('the failed tests of every suite are named just above the closing line', async () => {
  const files = plant({
    typecheck: { passed: 1, failed: 0 },
    integration: vitestReport(true),
    load: playwrightReport,
  });
  const { code, stdout } = await count(files);
  expect(code).toBe(1);
  const lines = stdout.trim().split('\n');
  expect(lines.at(-1)).toBe('2 passed, 2 failed');
  expect(lines.slice(0, 3)).toEqual([
    'failed:',
    '  integration: test/pool.test.ts > a run closes: AssertionError: 13 != 0',
    '  load: big.spec.ts:12 > thousands of conversations: Error: read ECONNRESET',
  ]);
});

test('a file that failed outside its tests, and a missing report, are named and counted', async () => {
  const broken = {
    ...vitestReport(false),
    testResults: [
      { name: path.resolve('test/x.test.ts'), status: 'failed', message: 'Cannot find module y', assertionResults: [] },
    ],
  };
  const [integration] = plant({ integration: broken });
  const { code, stdout } = await count([integration!, path.join(tmpdir(), 'no-such-report.json')]);
  expect(code).toBe(1);
  expect(stdout).toContain('  integration: test/x.test.ts: Cannot find module y');
  expect(stdout).toContain('no-such-report no report');
  expect(stdout.trim().split('\n').at(-1)).toBe('1 passed, 1 failed');
});

test('a clean run lists nothing above the counts', async () => {
  const { code, stdout } = await count(plant({ unit: vitestReport(false) }));
  expect(code).toBe(0);
  expect(stdout).toBe('  unit         1 passed  0 failed\n1 passed, 0 failed\n');
});

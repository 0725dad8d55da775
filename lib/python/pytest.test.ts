import { chmod, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runPytest } from './pytest';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'remora-pytest-'));
  await writeFile(path.join(folder, 'calc.py'), 'def add(a, b):\n    return a + b\n');
});
afterEach(() => rm(folder, { recursive: true, force: true }));

describe('runPytest (real python3 -m pytest)', () => {
  it('runs a written test file and counts passed, failed, errors and skipped', async () => {
    await writeFile(
      path.join(folder, 'test_calc.py'),
      [
        'import pytest',
        'from calc import add',
        '',
        'def test_adds():',
        '    assert add(1, 2) == 3',
        '',
        'def test_adds_strings():',
        '    assert add("a", "b") == "ab"',
        '',
        'def test_wrong():',
        '    assert add(1, 2) == 4, "sum is wrong"',
        '',
        '@pytest.fixture',
        'def broken():',
        '    raise RuntimeError("fixture boom")',
        '',
        'def test_uses_broken(broken):',
        '    pass',
        '',
        '@pytest.mark.skip(reason="later")',
        'def test_later():',
        '    pass',
        '',
      ].join('\n'),
    );
    const run = await runPytest({ folder, targets: ['test_calc.py'] });
    if (!run.ok) throw new Error(run.error);
    expect(run.report).toMatchObject({ passed: 2, failed: 1, errors: 1, skipped: 1, total: 5 });
    expect(run.report.failures.map((failure) => [failure.test, failure.kind])).toEqual([
      ['test_calc::test_wrong', 'failure'],
      ['test_calc::test_uses_broken', 'error'],
    ]);
    expect(run.report.failures[0].message).toContain('sum is wrong');
    // Nothing but the test file and the module is left in the workspace (no caches, no report).
    expect((await readdir(folder)).sort()).toEqual(['calc.py', 'test_calc.py']);
  });

  it('reports a test file that does not import as an error, not as a crash', async () => {
    await writeFile(path.join(folder, 'test_broken.py'), 'from calc import missing_name\n\ndef test_x():\n    pass\n');
    const run = await runPytest({ folder, targets: ['test_broken.py'] });
    if (!run.ok) throw new Error(run.error);
    expect(run.report).toMatchObject({ passed: 0, errors: 1, total: 1 });
    expect(run.report.failures[0].details).toContain('missing_name');
  });

  it('says so when there are no tests', async () => {
    const run = await runPytest({ folder, targets: [] });
    expect(run).toMatchObject({ ok: true, report: { total: 0 }, exitCode: 5 });
  });

  it('gives a clear error when python is missing', async () => {
    const run = await runPytest({ folder, targets: [], python: path.join(folder, 'no-such-python3') });
    expect(run).toMatchObject({ ok: false });
    expect(!run.ok && run.error).toContain('was not found on this machine');
  });

  it('gives a clear error when pytest is not installed for that python', async () => {
    // A python without pytest answers `-m pytest` like this.
    const fake = path.join(folder, 'python-without-pytest');
    await writeFile(fake, '#!/bin/sh\necho "/usr/bin/python3: No module named pytest" >&2\nexit 1\n');
    await chmod(fake, 0o755);
    const run = await runPytest({ folder, targets: [], python: fake });
    expect(run).toMatchObject({ ok: false });
    expect(!run.ok && run.error).toContain('pytest is not installed');
  });

  it('stops a run that takes too long', async () => {
    await writeFile(path.join(folder, 'test_slow.py'), 'import time\n\ndef test_forever():\n    time.sleep(60)\n');
    const run = await runPytest({ folder, targets: ['test_slow.py'], timeoutMs: 1500 });
    expect(run).toMatchObject({ ok: false });
    expect(!run.ok && run.error).toContain('did not finish');
  });
});

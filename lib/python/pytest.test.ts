import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetSandboxHost } from '../tools/sandbox/host';
import { runPytest } from './pytest';

/** Runs `action` with REMORA_PYTHON set to `python`, then restores the interpreter Remora found before. */
async function withPython<T>(python: string, action: () => Promise<T>): Promise<T> {
  const before = process.env.REMORA_PYTHON;
  process.env.REMORA_PYTHON = python;
  resetSandboxHost();
  try {
    return await action();
  } finally {
    if (before === undefined) delete process.env.REMORA_PYTHON;
    else process.env.REMORA_PYTHON = before;
    resetSandboxHost();
  }
}

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

  it('gives a clear error when the configured python is missing', async () => {
    const run = await withPython(path.join(folder, 'no-such-python3'), () => runPytest({ folder, targets: [] }));
    expect(run).toMatchObject({ ok: false });
    expect(!run.ok && run.error).toContain('could not be run');
    expect(!run.ok && run.error).toContain('REMORA_PYTHON');
  });

  it('gives a clear error when pytest is not installed for that python', async () => {
    // A virtual environment without pytest (and without pip, which keeps it quick to make).
    const venv = path.join(os.tmpdir(), `remora-venv-${process.pid}`);
    execFileSync('python3', ['-m', 'venv', '--without-pip', venv]);
    try {
      const run = await withPython(path.join(venv, 'bin', 'python'), () => runPytest({ folder, targets: [] }));
      expect(run).toMatchObject({ ok: false });
      expect(!run.ok && run.error).toContain('pytest is not installed');
    } finally {
      await rm(venv, { recursive: true, force: true });
    }
  });

  it('refuses a target that pytest would read as an option, and leaves that folder alone', async () => {
    const victim = await mkdtemp(path.join(os.tmpdir(), 'remora-victim-'));
    await writeFile(path.join(victim, 'keep.txt'), 'keep');
    await writeFile(path.join(folder, 'test_tmp.py'), 'def test_uses_tmp(tmp_path):\n    assert tmp_path.exists()\n');
    try {
      const run = await runPytest({ folder, targets: [`--basetemp=${victim}`] });
      expect(run).toMatchObject({ ok: false });
      expect(!run.ok && run.error).toContain('begins with "-"');
      expect(await readdir(victim)).toEqual(['keep.txt']);
    } finally {
      await rm(victim, { recursive: true, force: true });
    }
  });

  it('stops a run that takes too long', async () => {
    await writeFile(path.join(folder, 'test_slow.py'), 'import time\n\ndef test_forever():\n    time.sleep(60)\n');
    const run = await runPytest({ folder, targets: ['test_slow.py'], timeoutMs: 1500 });
    expect(run).toMatchObject({ ok: false });
    expect(!run.ok && run.error).toContain('did not finish');
  });
});

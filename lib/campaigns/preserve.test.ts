// A change that destroys what was there fails its own check (issue 27, item 1): a docstring that
// shrinks or loses a section or doctests, a lint change deleting code away from ruff's issues, a
// test file that loses tests. A change that only adds passes it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { editsOf } from './change';
import { runChecks, type CheckInput } from './checks';

const workspace = mkdtempSync(path.join(tmpdir(), 'remora-preserve-'));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

function input(agent: string, name: string, before: string, after: string): CheckInput {
  writeFileSync(path.join(workspace, name), after);
  const files = [{ path: name, before: Buffer.from(before), after: Buffer.from(after) }];
  const lines = before.split('\n').length;
  return {
    workspace,
    agent: { name: agent, settings: {} },
    target: { path: name, kind: 'module', startLine: 1, endLine: lines },
    files,
    edits: editsOf(files),
  };
}

const documented = [
  'def dumps(obj, indent=None):',
  '    """Serialize ``obj`` to a JSON formatted ``str``.',
  '',
  '    If ``indent`` is a non-negative integer, then JSON array elements and',
  '    object members will be pretty-printed with that indent level.',
  '',
  '    Args:',
  '        obj: what to serialize.',
  '',
  '    Examples:',
  '        >>> dumps(1)',
  "        '1'",
  '    """',
  '    return str(obj)',
  '',
].join('\n');

describe('the check that a change keeps what was there', () => {
  it('flags a docstring replaced by a shorter template and says what was lost', async () => {
    const template = documented.replace(
      /"""Serialize[\s\S]*?"""/,
      '"""Document dumps.\n\n    Args:\n        obj: The obj.\n    """',
    );
    const result = await runChecks(input('docstring', 'codec.py', documented, template));
    expect(result.passed).toBe(false);
    expect(result.checks.preserved?.passed).toBe(false);
    expect(result.checks.preserved?.losses).toEqual([
      'codec.py: dumps: its docstring shrank from 8 lines to 3',
      'codec.py: dumps: its docstring lost the Examples section',
      'codec.py: dumps: its doctest lines went from 1 to 0',
    ]);
    expect(result.checks.parse?.passed).toBe(true);
  });

  it('passes a docstring that only grows, and a new docstring where there was none', async () => {
    const grown = documented.replace('    Args:', '    More prose.\n\n    Args:');
    const added = 'def bare(x):\n    return x\n';
    const withDoc = 'def bare(x):\n    """Return x."""\n    return x\n';
    expect((await runChecks(input('docstring', 'grown.py', documented, grown))).checks.preserved?.passed).toBe(true);
    expect((await runChecks(input('docstring', 'bare.py', added, withDoc))).checks.preserved).toMatchObject({
      passed: true,
    });
  });

  it('flags a lint change that deletes code no ruff issue was on, and passes the fix alone', async () => {
    const before = 'import os\n\n\ndef keep(x):\n    y = x + 1\n    return y * 2\n';
    const fixed = '\n\ndef keep(x):\n    y = x + 1\n    return y * 2\n';
    const gutted = '\n\ndef keep(x):\n    pass\n';
    expect((await runChecks(input('lint', 'fix.py', before, fixed))).checks.preserved?.passed).toBe(true);
    const result = await runChecks(input('lint', 'gut.py', before, gutted));
    expect(result.checks.lint?.passed).toBe(true);
    expect(result.checks.preserved).toMatchObject({
      passed: false,
      losses: ['gut.py: deleted 1 line of code no ruff issue was on (from line 5)'],
    });
  });

  it('flags a test file that replaces the tests it had', async () => {
    const before = 'def test_one():\n    assert 1\n\n\ndef test_two():\n    assert 2\n';
    const replaced = 'def test_three():\n    assert 3\n';
    const result = await runChecks(input('test', 'test_things.py', before, replaced));
    expect(result.checks.preserved).toMatchObject({
      passed: false,
      losses: ['test_things.py: the change drops 2 existing tests: test_one, test_two'],
    });
    const extended = `${before}\n\ndef test_three():\n    assert 3\n`;
    expect((await runChecks(input('test', 'test_more.py', before, extended))).checks.preserved?.passed).toBe(true);
  });
});

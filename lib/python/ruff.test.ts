import { describe, expect, it } from 'vitest';
import { fixAll, fixIssue } from './lint-fix';
import { checkPythonSyntax } from './parser';
import { applyEdits, lintSource } from './ruff';

const settings = { lint: { select: ['E', 'F', 'W', 'I', 'UP'] } };

const source = `import os
import sys


def main(argv):
    print("hello")
    return len(argv)
`;

describe('ruff inside Node', () => {
  it('finds an unused import with a fix', () => {
    const lint = lintSource(source, settings);
    if (!lint.ok) throw new Error(lint.error);
    const unused = lint.diagnostics.filter((diagnostic) => diagnostic.code === 'F401');
    expect(unused.map((diagnostic) => [diagnostic.line, diagnostic.column, diagnostic.fixable])).toEqual([
      [1, 8, true],
      [2, 8, true],
    ]);
    expect(unused[0].message).toContain('`os` imported but unused');
  });

  it("applies ruff's own fix for the issue on the given line, and the result parses", async () => {
    const fixed = await fixIssue(source, settings, 'f401', 1);
    if (!fixed.ok) throw new Error(fixed.error);
    expect(fixed.source).toBe(source.replace('import os\n', ''));
    expect(fixed.applied).toEqual([{ code: 'F401', line: 1, message: 'Remove unused import: `os`' }]);
    expect(fixed.remaining.map((diagnostic) => `${diagnostic.code}@${diagnostic.line}`)).toEqual(['F401@1']);
    expect(await checkPythonSyntax(fixed.source)).toEqual([]);
  });

  it('fixes every issue of that code on a line (one statement importing two unused names)', async () => {
    const fixed = await fixIssue('import os, sys\n\nprint(1)\n', settings, 'F401', 1);
    if (!fixed.ok) throw new Error(fixed.error);
    // ruff gives both issues the same edit (the statement's removal): it is applied once.
    expect(fixed.source).toBe('\nprint(1)\n');
    expect(fixed.applied.map((fix) => fix.code)).toEqual(['F401', 'F401']);
    expect(fixed.remaining.filter((diagnostic) => diagnostic.code === 'F401')).toEqual([]);
  });

  it('says what is there when no such issue is on that line, and when an issue has no fix', async () => {
    const wrongLine = await fixIssue(source, settings, 'F401', 5);
    expect(wrongLine).toMatchObject({ ok: false });
    expect(!wrongLine.ok && wrongLine.error).toContain('F401 is reported on lines 1, 2');
    const noFix = await fixIssue('def f():\n    try:\n        pass\n    except:\n        pass\n', settings, 'E722', 4);
    expect(!noFix.ok && noFix.error).toContain('has no automatic fix');
  });

  it('applies every safe fix (check_only false), and leaves unsafe ones (E711) reported as such', async () => {
    const messy =
      'import sys\nimport os\nfrom typing import List\n\n\n' +
      'def f(x: List[int]) -> int:\n    if x == None:\n        return 0\n    return len(x)\n';
    const fixed = await fixAll(messy, settings);
    if (!fixed.ok) throw new Error(fixed.error);
    expect(fixed.source).toContain('def f(x: list[int]) -> int:');
    expect(fixed.source).toContain('if x == None:');
    expect(fixed.source).not.toContain('import os');
    expect(fixed.remaining.filter((diagnostic) => diagnostic.fixable)).toEqual([]);
    expect(fixed.remaining.map((diagnostic) => [diagnostic.code, diagnostic.unsafe_fix])).toEqual([['E711', true]]);
    expect(await checkPythonSyntax(fixed.source)).toEqual([]);
  });

  it('applies unsafe fixes (UP031, SIM108, SIM105, B905) only when the settings opt in', async () => {
    const code =
      'import contextlib\n\n\ndef f(a, b, x):\n    label = "%s" % x\n' +
      '    if x:\n        y = 1\n    else:\n        y = 2\n' +
      '    try:\n        a.pop()\n    except KeyError:\n        pass\n    return [label, y, list(zip(a, b))]\n';
    const strict = { lint: { select: ['UP031', 'SIM108', 'SIM105', 'B905'] } };
    const byDefault = await fixAll(code, strict);
    if (!byDefault.ok) throw new Error(byDefault.error);
    expect(byDefault.source).toBe(code);
    expect(byDefault.applied).toEqual([]);
    expect(byDefault.remaining.map((diagnostic) => diagnostic.code).sort()).toEqual([
      'B905',
      'SIM105',
      'SIM108',
      'UP031',
    ]);
    expect(byDefault.remaining.every((diagnostic) => diagnostic.unsafe_fix && !diagnostic.fixable)).toBe(true);
    const refused = await fixIssue(code, strict, 'UP031', 5);
    expect(!refused.ok && refused.error).toContain('is unsafe');
    const optedIn = await fixAll(code, { ...strict, 'unsafe-fixes': true });
    if (!optedIn.ok) throw new Error(optedIn.error);
    expect(optedIn.source).not.toBe(code);
    expect(optedIn.applied.map((fix) => fix.code)).toContain('UP031');
  });

  it('turns a bad configuration into an error value', () => {
    const lint = lintSource(source, { lint: { select: ['NOT_A_RULE'] } });
    expect(lint).toMatchObject({ ok: false });
    expect(!lint.ok && lint.error).toContain('the ruff configuration is not valid');
  });

  it('applies edits by line and column, also after non-ASCII text and CRLF line ends', () => {
    const text = 'é = 1\r\nvalue = 2\r\n';
    expect(applyEdits(text, [{ content: 'total', start: { row: 2, column: 1 }, end: { row: 2, column: 6 } }])).toBe(
      'é = 1\r\ntotal = 2\r\n',
    );
  });
});

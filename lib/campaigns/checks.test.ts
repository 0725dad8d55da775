// The campaign's parse check runs Python's own compile() on each changed file, confined to the
// workspace: it catches what tree-sitter's grammar accepts but Python refuses, and writes nothing.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runChecks, type CheckInput } from './checks';

const workspace = mkdtempSync(path.join(tmpdir(), 'remora-checks-'));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

function changed(name: string, after: Buffer): CheckInput {
  writeFileSync(path.join(workspace, name), after);
  return {
    workspace,
    agent: { name: 'docstring', settings: {} },
    target: { path: name, kind: 'module', startLine: 1, endLine: 1 },
    files: [{ path: name, before: Buffer.from('x = 1\n'), after }],
    edits: [],
  };
}

describe('the parse check of a campaign change', () => {
  it("reports what only Python's compiler refuses, passes a latin-1 file, and writes no byte code", async () => {
    const refused = await runChecks(changed('outside.py', Buffer.from('x = 1\nreturn x\n')));
    expect(refused.passed).toBe(false);
    expect(refused.checks.parse?.files).toEqual([
      { path: 'outside.py', problem: expect.stringContaining("SyntaxError: 'return' outside function") },
    ]);

    const latin = Buffer.concat([
      Buffer.from('# -*- coding: latin-1 -*-\nname = "'),
      Buffer.from([0xe9]),
      Buffer.from('"\n'),
    ]);
    const compiled = await runChecks(changed('latin.py', latin));
    expect(compiled.checks.parse).toEqual({ passed: true, files: [{ path: 'latin.py', problem: null }] });
    expect(readdirSync(workspace).sort()).toEqual(['latin.py', 'outside.py']);
  });
});

// The parse check of the lint and docstring task-success checks compiles what is on disk: a file in
// another encoding than UTF-8, declared as PEP 263 asks, is judged by its own bytes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodePython } from '../python/encoding';
import { parseProblem } from './script-output';

const workspace = mkdtempSync(path.join(tmpdir(), 'remora-compile-'));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

/** A file written as `bytes` in the workspace, and its text as the checks read it. */
function stored(name: string, bytes: Buffer) {
  const file = path.join(workspace, name);
  writeFileSync(file, bytes);
  const decoded = decodePython(bytes);
  if (!decoded.ok) throw new Error(decoded.error);
  return { source: decoded.value.text, fileName: name, file };
}

// "café = 1" with é as the single latin-1 byte 0xE9: valid Python in its declared encoding.
const latin1 = Buffer.concat([
  Buffer.from('# -*- coding: latin-1 -*-\ncaf'),
  Buffer.from([0xe9]),
  Buffer.from(' = 1\nprint(caf'),
  Buffer.from([0xe9]),
  Buffer.from(')\n'),
]);

describe('the compile step of the parse check', { timeout: 60_000 }, () => {
  it('compiles a latin-1 file from its own bytes (re-encoded as UTF-8 it would read "cafÃ©" and fail)', async () => {
    const target = stored('latin.py', latin1);
    expect(target.source).toContain('café');
    expect(await parseProblem(target, { workspace })).toBeNull();
  });

  it('compiles a cp1252 file whose characters have no UTF-8 reading under its declaration', async () => {
    // "Á" is 0xC1 in cp1252; as UTF-8 (C3 81) the byte 0x81 is undefined in cp1252.
    const bytes = Buffer.concat([Buffer.from('# coding: cp1252\nNAME = "'), Buffer.from([0xc1]), Buffer.from('"\n')]);
    expect(await parseProblem(stored('windows.py', bytes), { workspace })).toBeNull();
  });

  it('still finds a file that does not compile, and compiles text without a file as text', async () => {
    // tree-sitter accepts it; Python refuses a return outside a function.
    const broken = stored('broken.py', Buffer.from('x = 1\nreturn x\n'));
    expect(await parseProblem(broken, { workspace })).toMatch(
      /^broken\.py does not compile: SyntaxError: 'return' outside function/,
    );
    expect(
      await parseProblem(
        { source: '# -*- coding: latin-1 -*-\ncafé = 1\n', fileName: 'node.py', file: null },
        { workspace },
      ),
    ).toBeNull();
  });
});

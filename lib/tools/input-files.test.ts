import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { allowedInputFile, inputFileProblems, type InputFiles } from './input-files';
import { TemporaryWorkspaces } from './temporary-workspaces';

let folder: string;
let files: InputFiles;
beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'remora-input-roots-'));
  mkdirSync(path.join(folder, 'chosen', 'pkg'), { recursive: true });
  mkdirSync(path.join(folder, 'other'));
  writeFileSync(path.join(folder, 'chosen', 'pkg', 'mod.py'), 'x = 1\n');
  writeFileSync(path.join(folder, 'other', 'secret.py'), 'KEY = "k"\n');
  symlinkSync(path.join(folder, 'other'), path.join(folder, 'chosen', 'door'));
  files = { base: path.join(folder, 'chosen'), roots: [path.join(folder, 'chosen')] };
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('input files', () => {
  it('allows files under a chosen folder, relative to the base or absolute, existing or not', () => {
    expect(allowedInputFile('pkg/mod.py', files)).toBe(path.join(folder, 'chosen', 'pkg', 'mod.py'));
    expect(allowedInputFile(path.join(folder, 'chosen', 'pkg', 'mod.py'), files)).not.toBeNull();
    expect(allowedInputFile('pkg/new_module.py', files)).not.toBeNull();
  });

  it('refuses files elsewhere: absolute, ../, through a link, or missing under a folder elsewhere', () => {
    expect(allowedInputFile(path.join(folder, 'other', 'secret.py'), files)).toBeNull();
    expect(allowedInputFile('../other/secret.py', files)).toBeNull();
    expect(allowedInputFile('door/secret.py', files)).toBeNull();
    expect(allowedInputFile('door/missing.py', files)).toBeNull();
    expect(allowedInputFile('/etc/passwd', files)).toBeNull();
  });

  it('names each refused input, or its dataset case', () => {
    const inputs = [
      { file_path: 'pkg/mod.py' },
      { file_path: '../other/secret.py', node_name: 'steal' },
      { file_path: null },
    ];
    expect(inputFileProblems(inputs, files)).toEqual([
      expect.stringMatching(/^input 2 \(steal\): file_path \.\.\/other\/secret\.py is outside/),
    ]);
    expect(inputFileProblems(inputs, files, ['a', 'b', 'c'])).toEqual([expect.stringMatching(/^case b: /)]);
  });

  it('a workspace is never filled from a file outside, even if the check before was skipped', async () => {
    const workspaces = new TemporaryWorkspaces({ inputFiles: files });
    await expect(workspaces.create(null, { node_text: 'KEY = 1', file_path: 'door/secret.py' })).rejects.toThrow(
      'outside the folders chosen for this experiment',
    );
    const allowed = await workspaces.create(null, { node_text: 'x = 1', file_path: 'pkg/mod.py' });
    expect(allowed.original).toBe('x = 1\n');
    await allowed.finish();
  });
});

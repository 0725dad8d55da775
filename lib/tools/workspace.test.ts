import { mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_COMPANION_FILES,
  TemporaryWorkspaces,
  agentNeedsWorkspace,
  resolveInsideWorkspace,
  resolveTargetFile,
} from './workspace';

let root: string;
let project: string;
const slot = { variantIndex: 0, slot: 0, inputIndex: 0, variantName: 'baseline' };

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'remora-workspace-test-'));
  project = path.join(root, 'project');
  await mkdir(path.join(project, 'shop/tests'), { recursive: true });
  await mkdir(path.join(project, 'shop/data'), { recursive: true });
  await writeFile(path.join(project, 'shop/cart.py'), 'import os\n\n\ndef total(prices):\n    return sum(prices)\n');
  await writeFile(path.join(project, 'shop/money.py'), 'CENTS = 100\n');
  await writeFile(path.join(project, 'shop/pyproject.toml'), '[tool.ruff]\nline-length = 100\n');
  await writeFile(path.join(project, 'shop/README.md'), 'not copied\n');
  await writeFile(path.join(project, 'shop/data/big.csv'), 'not copied\n');
  await writeFile(path.join(project, 'shop/tests/test_cart.py'), 'from cart import total\n');
  await symlink('/etc/hostname', path.join(project, 'shop/linked.py'));
  await writeFile(path.join(root, 'outside.py'), 'SECRET = 1\n');
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('resolveInsideWorkspace', () => {
  let workspace: string;
  beforeAll(async () => {
    workspace = path.join(root, 'workspace');
    await mkdir(path.join(workspace, 'sub'), { recursive: true });
    await writeFile(path.join(workspace, 'module.py'), 'x = 1\n');
    await symlink(path.join(root, 'outside.py'), path.join(workspace, 'escape.py'));
    await symlink(root, path.join(workspace, 'escape-folder'));
    await symlink(path.join(workspace, 'module.py'), path.join(workspace, 'alias.py'));
    await symlink(path.join(root, 'nowhere.py'), path.join(workspace, 'dangling.py'));
  });
  const context = () => ({ workspace });

  it('accepts paths inside, new files included, and normalizes them', () => {
    expect(resolveInsideWorkspace(context(), 'module.py')).toMatchObject({ ok: true, relative: 'module.py' });
    expect(resolveInsideWorkspace(context(), 'sub/../sub/new_test.py')).toMatchObject({
      ok: true,
      relative: 'sub/new_test.py',
    });
    expect(resolveInsideWorkspace(context(), 'fixtures/deep/new.json')).toMatchObject({
      ok: true,
      relative: 'fixtures/deep/new.json',
    });
    expect(resolveInsideWorkspace(context(), path.join(workspace, 'module.py'))).toMatchObject({
      ok: true,
      relative: 'module.py',
    });
    // A link that stays inside is followed to its target.
    expect(resolveInsideWorkspace(context(), 'alias.py')).toMatchObject({ ok: true, relative: 'module.py' });
  });

  it('refuses ../ escapes and absolute paths outside', () => {
    for (const escape of [
      '../outside.py',
      'sub/../../outside.py',
      path.join(root, 'outside.py'),
      '/etc/passwd',
      '..',
    ]) {
      const resolved = resolveInsideWorkspace(context(), escape);
      expect(resolved.ok, escape).toBe(false);
      expect(!resolved.ok && resolved.error).toContain('outside the workspace');
    }
  });

  it('refuses links that lead outside, to a file or through a folder, and dangling links', () => {
    for (const escape of ['escape.py', 'escape-folder/outside.py', 'escape-folder/new.py']) {
      const resolved = resolveInsideWorkspace(context(), escape);
      expect(resolved.ok, escape).toBe(false);
      expect(!resolved.ok && resolved.error).toContain('symbolic link');
    }
    expect(resolveInsideWorkspace(context(), 'dangling.py')).toMatchObject({ ok: false });
  });

  it('refuses empty paths, the workspace itself, and a missing workspace', () => {
    expect(resolveInsideWorkspace(context(), '  ')).toMatchObject({ ok: false });
    expect(resolveInsideWorkspace(context(), '.')).toMatchObject({ ok: false });
    expect(resolveInsideWorkspace({ workspace: null }, 'module.py')).toMatchObject({
      ok: false,
      error: expect.stringContaining('no workspace'),
    });
  });

  it('takes paths named as the prompt shows them (from the project root) as files of the workspace', () => {
    const named = { workspace, filePath: 'shop/sub/module.py' };
    expect(resolveInsideWorkspace(named, 'shop/sub/module.py')).toMatchObject({ ok: true, relative: 'module.py' });
    expect(resolveInsideWorkspace(named, './shop/sub/test_module.py')).toMatchObject({
      ok: true,
      relative: 'test_module.py',
    });
    expect(resolveInsideWorkspace(named, 'shop/sub/../../outside.py')).toMatchObject({ ok: false });
    expect(resolveInsideWorkspace({ workspace, filePath: '/abs/shop/module.py' }, 'abs/shop/module.py')).toMatchObject({
      ok: true,
      relative: 'abs/shop/module.py',
    });
  });

  it('finds the target file by its name, whatever folder the input named', () => {
    expect(resolveTargetFile({ workspace, filePath: '/somewhere/else/module.py' })).toMatchObject({
      ok: true,
      relative: 'module.py',
    });
    expect(resolveTargetFile({ workspace, filePath: '../../module.py' })).toMatchObject({
      ok: true,
      relative: 'module.py',
    });
    expect(resolveTargetFile({ workspace, filePath: null })).toMatchObject({ ok: false });
  });
});

describe('TemporaryWorkspaces', () => {
  it('copies the target and its Python neighbours, diffs the changes to the original, then deletes it', async () => {
    const provider = new TemporaryWorkspaces({ root: project });
    const original = await readFile(path.join(project, 'shop/cart.py'));
    const workspace = await provider.create(slot, {
      node_text: 'def total(prices): ...',
      file_path: 'shop/cart.py',
      node_name: 'total',
      node_type: 'function',
    });
    const copied = (name: string) => existsSync(path.join(workspace.path, name));
    expect(['cart.py', 'money.py', 'pyproject.toml', 'tests/test_cart.py'].every(copied)).toBe(true);
    // Documentation, data folders and links among the neighbours are not copied.
    expect(['README.md', 'data/big.csv', 'linked.py'].some(copied)).toBe(false);

    await writeFile(path.join(workspace.path, 'cart.py'), 'def total(prices):\n    return sum(prices)\n');
    await writeFile(path.join(workspace.path, 'test_cart.py'), 'def test_total():\n    assert True\n');
    await rm(path.join(workspace.path, 'money.py'));
    await mkdir(path.join(workspace.path, '__pycache__'));
    await writeFile(path.join(workspace.path, '__pycache__/cart.cpython-311.pyc'), Buffer.from([0, 1, 2]));

    const changes = await workspace.finish();
    expect(changes.changedFiles).toEqual(['shop/cart.py', 'shop/money.py', 'shop/test_cart.py']);
    expect(changes.diff).toContain(
      '--- a/shop/cart.py\n+++ b/shop/cart.py\n@@ -1,5 +1,2 @@\n-import os\n-\n-\n def total(prices):',
    );
    expect(changes.diff).toContain('--- /dev/null\n+++ b/shop/test_cart.py\n@@ -0,0 +1,2 @@\n+def test_total():');
    expect(changes.diff).toContain('--- a/shop/money.py\n+++ /dev/null');
    expect(existsSync(workspace.path)).toBe(false);
    expect(await readFile(path.join(project, 'shop/cart.py'))).toEqual(original);
  });

  it('reports no diff when nothing changed', async () => {
    const workspace = await new TemporaryWorkspaces({ root: project }).create(slot, {
      node_text: '',
      file_path: 'shop/cart.py',
    });
    expect(await workspace.finish()).toEqual({ diff: null, changedFiles: [] });
  });

  it('holds the node text under the file name when the file cannot be found, and nothing without a file', async () => {
    const provider = new TemporaryWorkspaces({ root: project });
    const pasted = await provider.create(slot, { node_text: 'def pasted():\n    pass\n', file_path: 'gone/pasted.py' });
    expect(await readFile(path.join(pasted.path, 'pasted.py'), 'utf8')).toBe('def pasted():\n    pass\n');
    await pasted.finish();
    const empty = await provider.create(slot, { node_text: 'print(1)' });
    expect((await stat(empty.path)).isDirectory()).toBe(true);
    await writeFile(path.join(empty.path, 'notes.json'), '{}\n');
    expect(await empty.finish()).toMatchObject({ changedFiles: ['notes.json'] });
  });

  it('copies only the target from a folder with too many files', async () => {
    const crowded = path.join(root, 'crowded');
    await mkdir(crowded);
    for (let index = 0; index <= MAX_COMPANION_FILES + 1; index++)
      await writeFile(path.join(crowded, `module_${index}.py`), `VALUE = ${index}\n`);
    const provider = new TemporaryWorkspaces();
    try {
      const workspace = await provider.create(slot, { node_text: '', file_path: path.join(crowded, 'module_0.py') });
      expect(existsSync(path.join(workspace.path, 'module_0.py'))).toBe(true);
      expect(existsSync(path.join(workspace.path, 'module_1.py'))).toBe(false);
      // An absolute input path: the diff names files relative to the workspace.
      await writeFile(path.join(workspace.path, 'module_0.py'), 'VALUE = -1\n');
      expect(await workspace.finish()).toMatchObject({ changedFiles: ['module_0.py'] });
    } finally {
      await provider.cleanup();
    }
  });

  it('cleans up workspaces whose conversation never finished', async () => {
    const provider = new TemporaryWorkspaces({ root: project });
    const workspace = await provider.create(slot, { node_text: '', file_path: 'shop/cart.py' });
    await provider.cleanup();
    expect(existsSync(workspace.path)).toBe(false);
  });

  it('is used for agents that declare settings.workspace', () => {
    expect(agentNeedsWorkspace({ settings: { workspace: true } })).toBe(true);
    expect(agentNeedsWorkspace({ settings: {} })).toBe(false);
  });
});

import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPythonFiles, inputsFromPython, parseNodeTypes } from './files';
import { dedent, extractPythonNodes } from './nodes';

const source = `"""Module docstring."""
import functools


def top(a, b=1):
    def inner():
        return a
    return inner() + b


class Shelf:
    """A shelf."""

    capacity: int = 10

    @functools.cache
    def count(self) -> int:
        return 3

    class Label:
        def text(self):
            return "label"


async def fetch(url: str) -> bytes:
    return b""
`;

describe('extractPythonNodes', () => {
  it('lists functions, classes and methods with qualified names, line ranges and dedented text', async () => {
    const nodes = await extractPythonNodes(source, 'shop/shelf.py');
    expect(nodes.map((node) => [node.type, node.name, node.startLine, node.endLine])).toEqual([
      ['function', 'top', 5, 8],
      ['class', 'Shelf', 11, 22],
      ['method', 'Shelf.count', 16, 18],
      ['class', 'Shelf.Label', 20, 22],
      ['method', 'Shelf.Label.text', 21, 22],
      ['function', 'fetch', 25, 26],
    ]);
    const count = nodes.find((node) => node.name === 'Shelf.count');
    // The decorator belongs to the method; the class's indentation is gone.
    expect(count?.text).toBe('@functools.cache\ndef count(self) -> int:\n    return 3');
    expect(count?.className).toBe('Shelf');
    expect(count?.filePath).toBe('shop/shelf.py');
    // A function nested in a function is part of it, not a node of its own.
    expect(nodes.some((node) => node.name === 'inner')).toBe(false);
  });

  it('takes only the requested node types, and the whole module when asked', async () => {
    const methods = await extractPythonNodes(source, 'shelf.py', ['method']);
    expect(methods.map((node) => node.name)).toEqual(['Shelf.count', 'Shelf.Label.text']);
    const [module] = await extractPythonNodes(source, 'shop/shelf.py', ['module']);
    expect(module).toMatchObject({ type: 'module', name: 'shelf', text: source, startLine: 1, endLine: 26 });
  });

  it('dedents by the indentation common to all non-blank lines', () => {
    expect(dedent('    a\n\n      b\n    c')).toBe('a\n\n  b\nc');
    expect(dedent('a\n  b')).toBe('a\n  b');
  });
});

describe('Python files and folders as inputs', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'remora-python-files-'));
    const files: Record<string, string> = {
      'app/main.py': 'def main():\n    return 0\n',
      'app/util/helpers.py': 'class Helper:\n    def run(self):\n        pass\n',
      'app/__pycache__/main.cpython-311.py': 'def cached():\n    pass\n',
      'app/.hidden/secret.py': 'def hidden():\n    pass\n',
      'app/myenv/pyvenv.cfg': 'home = /usr/bin\n',
      'app/myenv/lib/site.py': 'def venv_code():\n    pass\n',
      'app/venv/lib/other.py': 'def other_venv():\n    pass\n',
      'app/notes.txt': 'not python\n',
    };
    for (const [name, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(root, name)), { recursive: true });
      await writeFile(path.join(root, name), text);
    }
    await symlink(path.join(root, 'app/main.py'), path.join(root, 'app/alias.py'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('walks folders, skipping caches, hidden folders and virtual environments', async () => {
    const { files, problems } = await collectPythonFiles([
      path.join(root, 'app'),
      path.join(root, 'missing.py'),
      path.join(root, 'app/notes.txt'),
    ]);
    expect(files.map((file) => path.relative(root, file))).toEqual(['app/main.py', 'app/util/helpers.py']);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('missing.py');
    expect(problems[1]).toContain('not a .py file');
  });

  it('builds one input per node, with paths relative to the given folder', async () => {
    const { inputs } = await inputsFromPython([path.join(root, 'app')], { relativeTo: root });
    expect(inputs).toEqual([
      {
        node_text: 'def main():\n    return 0',
        file_path: 'app/main.py',
        node_name: 'main',
        node_type: 'function',
        node_line: 1,
      },
      {
        node_text: 'class Helper:\n    def run(self):\n        pass',
        file_path: 'app/util/helpers.py',
        node_name: 'Helper',
        node_type: 'class',
        node_line: 1,
      },
      {
        node_text: 'def run(self):\n    pass',
        file_path: 'app/util/helpers.py',
        node_name: 'Helper.run',
        node_type: 'method',
        node_line: 2,
      },
    ]);
    const outside = await inputsFromPython([path.join(root, 'app/main.py')], {
      relativeTo: path.join(root, 'app/util'),
    });
    expect(outside.inputs[0].file_path).toBe(path.join(root, 'app/main.py'));
  });

  it('parses node type lists', () => {
    expect(parseNodeTypes('function, method')).toEqual({ ok: true, types: ['function', 'method'] });
    expect(parseNodeTypes('function,lambda')).toEqual({ ok: false, error: expect.stringContaining('"lambda"') });
    expect(parseNodeTypes(' , ')).toMatchObject({ ok: false });
  });
});

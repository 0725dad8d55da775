import { describe, expect, it } from 'vitest';
import { findDefinition } from './definitions';
import { withPythonTree } from './parser';
import { readSignature, type Signature } from './signature';

const source = `from dataclasses import dataclass


def mixed(a, b: int, /, c: str = "x", *args: float, d, e: bool = False, **options: object) -> dict[str, int]:
    return {}


async def fetch(url: str, *, timeout=5.0):
    pass


class Repository(Base, metaclass=Meta):
    def __init__(self, path: str, read_only: bool = False) -> None:
        self.path = path

    @staticmethod
    def parse(text: str) -> "Repository":
        return Repository(text)

    @classmethod
    def open(cls, name):
        return cls(name)


@dataclass
class Point:
    x: float
    y: float = 0.0
    label: str | None = None
`;

function signatureOf(name: string): Promise<Signature> {
  return withPythonTree(source, (root) => {
    const found = findDefinition(root, name);
    if (!found.ok) throw new Error(found.error);
    return readSignature(root, found.definition);
  });
}

describe('readSignature', () => {
  it('reads every parameter kind, annotation and default', async () => {
    const signature = await signatureOf('mixed');
    expect(signature.kind).toBe('function');
    expect(signature.parameters).toEqual([
      { name: 'a', kind: 'positional_only', type: null, default: null, required: true },
      { name: 'b', kind: 'positional_only', type: 'int', default: null, required: true },
      { name: 'c', kind: 'positional_or_keyword', type: 'str', default: '"x"', required: false },
      { name: 'args', kind: 'var_positional', type: 'float', default: null, required: false },
      { name: 'd', kind: 'keyword_only', type: null, default: null, required: true },
      { name: 'e', kind: 'keyword_only', type: 'bool', default: 'False', required: false },
      { name: 'options', kind: 'var_keyword', type: 'object', default: null, required: false },
    ]);
    expect(signature.kind === 'function' && signature.return_type).toBe('dict[str, int]');
  });

  it('knows async functions and keyword-only parameters after a bare *', async () => {
    const signature = await signatureOf('fetch');
    expect(signature).toMatchObject({ is_async: true, return_type: null });
    expect(signature.parameters.map((parameter) => [parameter.name, parameter.kind])).toEqual([
      ['url', 'positional_or_keyword'],
      ['timeout', 'keyword_only'],
    ]);
  });

  it('leaves out self and cls but not the first parameter of a static method', async () => {
    expect(await signatureOf('Repository.open')).toMatchObject({
      kind: 'method',
      bound_to: 'cls',
      decorators: ['classmethod'],
      parameters: [{ name: 'name' }],
    });
    const parse = await signatureOf('Repository.parse');
    expect(parse).toMatchObject({ bound_to: null, return_type: '"Repository"' });
    expect(parse.parameters.map((parameter) => parameter.name)).toEqual(['text']);
  });

  it('describes a class by its constructor, or by its fields when it has no __init__', async () => {
    expect(await signatureOf('Repository')).toMatchObject({
      kind: 'class',
      bases: ['Base', 'metaclass=Meta'],
      constructor_source: '__init__',
      methods: ['__init__', 'parse', 'open'],
      parameters: [
        { name: 'path', type: 'str', required: true },
        { name: 'read_only', type: 'bool', default: 'False', required: false },
      ],
    });
    expect(await signatureOf('Point')).toMatchObject({
      constructor_source: 'fields',
      decorators: ['dataclass'],
      parameters: [
        { name: 'x', type: 'float', required: true },
        { name: 'y', type: 'float', default: '0.0', required: false },
        { name: 'label', type: 'str | None', default: 'None', required: false },
      ],
    });
  });

  it('reports a missing node with the names the file defines', async () => {
    const found = await withPythonTree(source, (root) => findDefinition(root, 'nothing_here'));
    expect(found).toMatchObject({ ok: false });
    expect(!found.ok && found.error).toContain('Repository.parse');
  });
});

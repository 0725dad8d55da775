import { describe, expect, it } from 'vitest';
import { definitionLine, findDefinition, listDefinitions } from './definitions';
import { withPythonTree } from './parser';

const PROPERTIES = `from typing import overload


class Box:
    @property
    def size(self) -> int:
        return self._size

    @size.setter
    def size(self, value: int) -> None:
        self._size = value

    @overload
    def get(self, key: int) -> int: ...
    @overload
    def get(self, key: str) -> str: ...
    def get(self, key):
        return key
`;

const GUARDED = `import sys

if sys.version_info >= (3, 8):
    def modern():
        return 1
else:
    def modern():
        return 0

try:
    import fast
except ImportError:
    class Fallback:
        def run(self):
            return None
finally:
    def cleanup():
        pass

with open(__file__) as handle:
    def inside_with():
        pass


class Holder:
    if True:
        def guarded_method(self):
            return 2
`;

describe('definitions by position', () => {
  it('lists definitions inside if/else, try/except/finally and with blocks, at module and class level', async () => {
    const names = await withPythonTree(GUARDED, (root) =>
      listDefinitions(root).map(
        (definition) => `${definition.kind}:${definition.qualifiedName}@${definitionLine(definition)}`,
      ),
    );
    expect(names).toEqual([
      'function:modern@4',
      'function:modern@7',
      'class:Fallback@13',
      'method:Fallback.run@14',
      'function:cleanup@17',
      'function:inside_with@21',
      'class:Holder@25',
      'method:Holder.guarded_method@27',
    ]);
  });

  it('finds the getter and the setter of a property, and each @overload stub, by their line', async () => {
    await withPythonTree(PROPERTIES, (root) => {
      const getter = findDefinition(root, 'Box.size', 'method', 5);
      const setter = findDefinition(root, 'Box.size', 'method', 9);
      expect(getter.ok && getter.definition.node.text).toContain('return self._size');
      expect(setter.ok && setter.definition.node.text).toContain('self._size = value');
      const stub = findDefinition(root, 'Box.get', 'method', 13);
      expect(stub.ok && stub.definition.node.text).toContain('key: int');
      const implementation = findDefinition(root, 'Box.get', 'method', 17);
      expect(implementation.ok && implementation.definition.node.text).toContain('return key');
      const wrongLine = findDefinition(root, 'Box.size', 'method', 6);
      expect(wrongLine.ok).toBe(false);
      expect(!wrongLine.ok && wrongLine.error).toContain('line 6');
    });
  });
});

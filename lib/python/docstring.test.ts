import { describe, expect, it } from 'vitest';
import { findDefinition } from './definitions';
import { applyDocstring, bodyIndent, docstringLiteral, readDocstring } from './docstring';
import { parseDocstring } from './docstring-parse';
import { type DocStyle } from './docstring-model';
import { completeModel, renderDocstring } from './docstring-render';
import { checkPythonSyntax, withPythonTree } from './parser';
import { readSignature } from './signature';

const cart = `class Cart:
    """A shopping cart."""

    def add(self, sku: str, price: float, quantity: int = 1) -> bool:
        if quantity < 1:
            raise ValueError("quantity")
        return True


def identity(x): return x
`;

const given = `Add an item to the cart.

Args:
    sku: The stock keeping unit.
    price: Unit price in pounds.
    quantity: How many to add.

Returns:
    True when the item was added.

Raises:
    ValueError: If quantity is below 1.`;

/** The pipeline write_docstring runs: parse, complete from the signature, render in a style, insert. */
async function document(source: string, node: string, text: string, style: DocStyle): Promise<string> {
  return withPythonTree(source, (root) => {
    const found = findDefinition(root, node);
    if (!found.ok) throw new Error(found.error);
    const signature = readSignature(root, found.definition);
    const { model, optional } = completeModel(parseDocstring(text).model, {
      parameters: signature.parameters,
      returnType: signature.kind === 'class' ? null : signature.return_type,
    });
    const indent = bodyIndent(source, found.definition);
    const literal = docstringLiteral(renderDocstring(model, style, optional), indent);
    if (!literal.ok) throw new Error(literal.error);
    return applyDocstring(source, found.definition, literal.literal, indent).source;
  });
}

const expected: Record<DocStyle, string> = {
  google: `    def add(self, sku: str, price: float, quantity: int = 1) -> bool:
        """Add an item to the cart.

        Args:
            sku (str): The stock keeping unit.
            price (float): Unit price in pounds.
            quantity (int, optional): How many to add.

        Returns:
            bool: True when the item was added.

        Raises:
            ValueError: If quantity is below 1.
        """
        if quantity < 1:`,
  numpy: `    def add(self, sku: str, price: float, quantity: int = 1) -> bool:
        """Add an item to the cart.

        Parameters
        ----------
        sku : str
            The stock keeping unit.
        price : float
            Unit price in pounds.
        quantity : int, optional
            How many to add.

        Returns
        -------
        bool
            True when the item was added.

        Raises
        ------
        ValueError
            If quantity is below 1.
        """
        if quantity < 1:`,
  sphinx: `    def add(self, sku: str, price: float, quantity: int = 1) -> bool:
        """Add an item to the cart.

        :param sku: The stock keeping unit.
        :type sku: str
        :param price: Unit price in pounds.
        :type price: float
        :param quantity: How many to add.
        :type quantity: int
        :returns: True when the item was added.
        :rtype: bool
        :raises ValueError: If quantity is below 1.
        """
        if quantity < 1:`,
};

describe('writing a docstring into a method of a class', () => {
  for (const style of ['google', 'numpy', 'sphinx'] as const) {
    it(`inserts a ${style}-style docstring at the method body's indentation, and the file still parses`, async () => {
      const written = await document(cart, 'Cart.add', given, style);
      expect(written).toContain(expected[style]);
      expect(written.startsWith('class Cart:\n    """A shopping cart."""\n\n')).toBe(true);
      expect(await checkPythonSyntax(written)).toEqual([]);
      // Read back through the tree: the method now has exactly that docstring, and it reads as the same content.
      const back = await withPythonTree(written, (root) => {
        const found = findDefinition(root, 'Cart.add');
        return found.ok ? readDocstring(found.definition)?.text : null;
      });
      expect(parseDocstring(back ?? '').style).toBe(style);
      expect(parseDocstring(back ?? '').model.params.map((param) => [param.name, param.type])).toEqual([
        ['sku', 'str'],
        ['price', 'float'],
        ['quantity', 'int'],
      ]);
    });
  }

  it('converts between styles: numpy in, sphinx out keeps every part', async () => {
    const numpy = await document(cart, 'Cart.add', given, 'numpy');
    const text = await withPythonTree(numpy, (root) => {
      const found = findDefinition(root, 'Cart.add');
      return found.ok ? (readDocstring(found.definition)?.text ?? '') : '';
    });
    const sphinx = await document(numpy, 'Cart.add', text, 'sphinx');
    expect(sphinx).toContain(expected.sphinx);
    expect(sphinx).not.toContain('----------');
  });

  it('replaces an existing docstring instead of adding a second one', async () => {
    const written = await document(cart, 'Cart', 'A cart of items, keyed by SKU.', 'google');
    expect(written.startsWith('class Cart:\n    """A cart of items, keyed by SKU."""\n\n    def add')).toBe(true);
    expect(written.match(/"""/g)).toHaveLength(2);
  });

  it('moves a body written on the header line below the new docstring', async () => {
    const written = await document(cart, 'identity', 'Return x unchanged.', 'google');
    expect(written.endsWith('def identity(x):\n    """Return x unchanged."""\n    return x\n')).toBe(true);
    expect(await checkPythonSyntax(written)).toEqual([]);
  });
});

describe('docstring literals', () => {
  it('keeps one-liners on one line and refuses text with both kinds of triple quotes', () => {
    expect(docstringLiteral('Short.', '    ')).toEqual({ ok: true, literal: '"""Short."""' });
    expect(docstringLiteral('Says """hi"""', '    ')).toEqual({ ok: true, literal: '\'\'\'Says """hi"""\'\'\'' });
    expect(docstringLiteral('a """ and \'\'\'', '')).toMatchObject({ ok: false });
    expect(docstringLiteral('   ', '')).toMatchObject({ ok: false });
  });

  it('uses a raw literal for backslashes and never ends a one-liner with a quote', () => {
    expect(docstringLiteral('Match \\d+ digits.', '')).toEqual({ ok: true, literal: 'r"""Match \\d+ digits."""' });
    expect(docstringLiteral('Returns "x"', '    ')).toEqual({ ok: true, literal: '"""Returns "x"\n    """' });
  });
});

describe('parseDocstring', () => {
  it('reads sphinx fields with types given apart', () => {
    const { style, model } = parseDocstring(
      ':param int count: How many.\n:param name: Who.\n:type name: str\n:returns: A greeting.\n:rtype: str',
    );
    expect(style).toBe('sphinx');
    expect(model.params).toEqual([
      { name: 'count', type: 'int', description: 'How many.' },
      { name: 'name', type: 'str', description: 'Who.' },
    ]);
    expect(model.returns).toEqual({ type: 'str', description: 'A greeting.' });
  });

  it('strips quotes a model wrapped around the text and treats plain prose as summary and description', () => {
    const { style, model } = parseDocstring('"""Compute the total.\n\n    Sums every line of the cart.\n    """');
    expect(style).toBe('plain');
    expect(model.summary).toBe('Compute the total.');
    expect(model.description).toBe('Sums every line of the cart.');
  });

  it('reads google entries with types and multi-line descriptions', () => {
    const { model } = parseDocstring(
      'Do it.\n\nArgs:\n    path (str): Where to write,\n        relative to the root.\n    mode: How.\n\n' +
        'Returns:\n    int: Bytes written.',
    );
    expect(model.params).toEqual([
      { name: 'path', type: 'str', description: 'Where to write,\nrelative to the root.' },
      { name: 'mode', type: null, description: 'How.' },
    ]);
    expect(model.returns).toEqual({ type: 'int', description: 'Bytes written.' });
  });
});

// The definitions a Python module holds: module-level functions, classes (nested ones too) and their methods.
import type { SyntaxNode } from './parser';

type DefinitionKind = 'function' | 'method' | 'class';

export type Definition = {
  kind: DefinitionKind;
  name: string;
  /** `Class.method`, `Outer.Inner`, or the plain name at module level. */
  qualifiedName: string;
  className: string | null;
  /** The function_definition or class_definition node. */
  node: SyntaxNode;
  /** The node with its decorators (decorated_definition), or the definition itself. */
  outer: SyntaxNode;
};

function unwrap(statement: SyntaxNode): { node: SyntaxNode; outer: SyntaxNode } | null {
  if (statement.type === 'function_definition' || statement.type === 'class_definition')
    return { node: statement, outer: statement };
  if (statement.type === 'decorated_definition') {
    const inner = statement.childForFieldName('definition');
    if (inner && (inner.type === 'function_definition' || inner.type === 'class_definition'))
      return { node: inner, outer: statement };
  }
  return null;
}

/**
 * Statements whose blocks hold definitions that still belong to the module or class (`if TYPE_CHECKING:`, `try:`...).
 */
const COMPOUND_STATEMENTS = new Set([
  'if_statement',
  'try_statement',
  'with_statement',
  'for_statement',
  'while_statement',
  'match_statement',
]);
const CLAUSES = new Set([
  'elif_clause',
  'else_clause',
  'except_clause',
  'except_group_clause',
  'finally_clause',
  'case_clause',
]);

/**
 * Definitions in source order, those inside `if`/`try`/`with` blocks at module or class level
 * included. Functions nested inside functions are not listed: they are part of the function that
 * holds them, not units of their own.
 */
export function listDefinitions(root: SyntaxNode): Definition[] {
  const found: Definition[] = [];
  const visitCompound = (statement: SyntaxNode, className: string | null) => {
    for (const child of statement.namedChildren) {
      if (child.type === 'block') visitBlock(child, className);
      else if (CLAUSES.has(child.type) || child.type === 'match_block') visitCompound(child, className);
    }
  };
  const visitBlock = (block: SyntaxNode, className: string | null) => {
    for (const statement of block.namedChildren) {
      const definition = unwrap(statement);
      if (!definition) {
        if (COMPOUND_STATEMENTS.has(statement.type)) visitCompound(statement, className);
        continue;
      }
      const name = definition.node.childForFieldName('name')?.text;
      if (!name) continue;
      const qualifiedName = className ? `${className}.${name}` : name;
      if (definition.node.type === 'class_definition') {
        found.push({ kind: 'class', name, qualifiedName, className, ...definition });
        const body = definition.node.childForFieldName('body');
        if (body) visitBlock(body, qualifiedName);
      } else {
        found.push({ kind: className ? 'method' : 'function', name, qualifiedName, className, ...definition });
      }
    }
  };
  visitBlock(root, null);
  return found;
}

export type FoundDefinition = { ok: true; definition: Definition } | { ok: false; error: string };

/** 1-based line where a definition starts, decorators included (how a node is identified by position). */
export function definitionLine(definition: Definition): number {
  return definition.outer.startPosition.row + 1;
}

/**
 * Finds a definition by its qualified name (`Inventory.add_item`), or by its plain name when that
 * names exactly one definition. `kind` narrows the search when given. With `line`, the definition
 * must also start on that line: a property's getter and setter, or `@overload` stubs and their
 * implementation, share a name and differ only by position.
 */
export function findDefinition(
  root: SyntaxNode,
  name: string,
  kind?: string | null,
  line?: number | null,
): FoundDefinition {
  const all = listDefinitions(root);
  const wanted =
    kind === 'function' || kind === 'method' || kind === 'class'
      ? all.filter((definition) => definition.kind === kind)
      : all;
  if (typeof line === 'number') {
    const placed = wanted.find(
      (definition) =>
        definitionLine(definition) === line &&
        (definition.qualifiedName === name || definition.name === name.split('.').pop()),
    );
    if (placed) return { ok: true, definition: placed };
    return {
      ok: false,
      error: `no ${kind && kind !== 'module' ? kind : 'definition'} named "${name}" starts on line ${line} of the file`,
    };
  }
  const exact = wanted.filter((definition) => definition.qualifiedName === name);
  if (exact.length > 0) return { ok: true, definition: exact[exact.length - 1] };
  const plain = wanted.filter((definition) => definition.name === name.split('.').pop());
  if (plain.length === 1) return { ok: true, definition: plain[0] };
  const names = all.map((definition) => definition.qualifiedName);
  const available =
    names.length > 0
      ? `; the file defines: ${names.slice(0, 30).join(', ')}`
      : '; the file defines no functions or classes';
  if (plain.length > 1)
    return {
      ok: false,
      error: `"${name}" is ambiguous: ${plain.map((definition) => definition.qualifiedName).join(', ')}`,
    };
  return {
    ok: false,
    error: `no ${kind && kind !== 'module' ? kind : 'definition'} named "${name}" in the file${available}`,
  };
}

// A definition's docstring in its source: where it is, what it says, and the edit that inserts or replaces it.
import type { Definition } from './definitions';
import { cleanDocstring } from './docstring-parse';
import type { SyntaxNode } from './parser';

export type ExistingDocstring = {
  /** The docstring as Python would show it (inspect.cleandoc of the literal's content). */
  text: string;
  /** The literal as written, quotes included. */
  literal: string;
  startIndex: number;
  endIndex: number;
  line: number;
};

function firstStatement(body: SyntaxNode | null): SyntaxNode | null {
  return body?.namedChildren.find((child) => child.type !== 'comment') ?? null;
}

/** The string literal that is the definition's docstring, if it has one (f-strings and bytes are not docstrings). */
function docstringNode(definition: Definition): SyntaxNode | null {
  return bodyDocstringNode(definition.node.childForFieldName('body'));
}

function bodyDocstringNode(body: SyntaxNode | null): SyntaxNode | null {
  const statement = firstStatement(body);
  if (statement?.type !== 'expression_statement' || statement.namedChildren.length !== 1) return null;
  const literal = statement.namedChildren[0];
  if (literal.type !== 'string') return null;
  const start = literal.children.find((child) => child.type === 'string_start')?.text ?? '';
  if (/[fFbB]/.test(start)) return null;
  return literal;
}

function literalContent(literal: string): string {
  const match = /^([rRuU]*)("""|'''|"|')([\s\S]*)\2$/.exec(literal);
  if (!match) return literal;
  const [, prefix, , content] = match;
  // Escapes matter only for odd docstrings; the common ones (\" \' \\ \n) are undone so the text reads as Python shows
  // it.
  if (/[rR]/.test(prefix)) return content;
  return content
    .replace(/\\(["'\\])/g, '$1')
    .replace(/\\n/g, '\n')
    .replace(/\\t/g, '\t');
}

export function readDocstring(definition: Definition): ExistingDocstring | null {
  return readBodyDocstring(definition.node.childForFieldName('body'));
}

/** The docstring opening a block or a module (the tree's root), if it has one. */
export function readBodyDocstring(body: SyntaxNode | null): ExistingDocstring | null {
  const node = bodyDocstringNode(body);
  if (!node) return null;
  return {
    text: cleanDocstring(literalContent(node.text)),
    literal: node.text,
    startIndex: node.startIndex,
    endIndex: node.endIndex,
    line: node.startPosition.row + 1,
  };
}

/** 1-based line of a character index. */
function lineNumberAt(source: string, index: number): number {
  let line = 1;
  for (
    let position = source.indexOf('\n');
    position !== -1 && position < index;
    position = source.indexOf('\n', position + 1)
  )
    line++;
  return line;
}

function lineStart(source: string, index: number): number {
  return source.lastIndexOf('\n', index - 1) + 1;
}

function leadingWhitespace(text: string): string {
  return /^[ \t]*/.exec(text)?.[0] ?? '';
}

/** The indentation of the definition's body; for a body on the header line, one level deeper than the header. */
export function bodyIndent(source: string, definition: Definition): string {
  const body = definition.node.childForFieldName('body');
  const headerIndent = leadingWhitespace(source.slice(lineStart(source, definition.node.startIndex)));
  if (body) {
    const statement = firstStatement(body) ?? body;
    const before = source.slice(lineStart(source, statement.startIndex), statement.startIndex);
    if (before.trim() === '' && before.length > headerIndent.length) return before;
  }
  return headerIndent + (headerIndent.includes('\t') ? '\t' : '    ');
}

export type DocstringLiteral = { ok: true; literal: string } | { ok: false; error: string };

/**
 * The Python literal for a docstring's text at the given indentation: one line when it fits,
 * otherwise the summary on the opening line and the closing quotes on their own line.
 */
export function docstringLiteral(text: string, indent: string, maxLineLength = 88): DocstringLiteral {
  const content = text.replace(/\r\n?/g, '\n').trim();
  if (content === '') return { ok: false, error: 'the docstring is empty' };
  let quote = '"""';
  if (content.includes('"""')) {
    if (content.includes("'''"))
      return { ok: false, error: 'the docstring contains both """ and \'\'\'; remove the triple quotes from its text' };
    quote = "'''";
  }
  // A raw literal keeps backslashes as written (as ruff's D301 asks).
  const prefix = content.includes('\\') ? 'r' : '';
  const lines = content.split('\n');
  const single = `${prefix}${quote}${content}${quote}`;
  const endsBadly = content.endsWith(quote[0]) || content.endsWith('\\');
  if (lines.length === 1 && !endsBadly && indent.length + single.length <= maxLineLength)
    return { ok: true, literal: single };
  const body = lines
    .map((line, index) => (index === 0 || line.trim() === '' ? line.trimEnd() : `${indent}${line.trimEnd()}`))
    .join('\n');
  return { ok: true, literal: `${prefix}${quote}${body}\n${indent}${quote}` };
}

export type DocstringEdit = { source: string; replaced: boolean; line: number };

/** The source with the definition's docstring replaced by `literal`, or inserted as the body's first statement. */
export function applyDocstring(source: string, definition: Definition, literal: string, indent: string): DocstringEdit {
  const existing = docstringNode(definition);
  if (existing) {
    return {
      source: source.slice(0, existing.startIndex) + literal + source.slice(existing.endIndex),
      replaced: true,
      line: existing.startPosition.row + 1,
    };
  }
  const node = definition.node;
  const body = node.childForFieldName('body');
  const colon = [...node.children]
    .reverse()
    .find((child) => child.type === ':' && (!body || child.endIndex <= body.startIndex));
  if (!colon || !body) throw new Error(`cannot find the body of ${definition.qualifiedName}`);
  const lineEnd = source.indexOf('\n', colon.endIndex);
  const restOfHeader = source.slice(colon.endIndex, lineEnd === -1 ? source.length : lineEnd);
  if (
    lineEnd !== -1 &&
    (restOfHeader.trim() === '' || restOfHeader.trim().startsWith('#')) &&
    body.startIndex > lineEnd
  ) {
    // The body starts on a later line: the docstring becomes a new first line of it.
    const at = lineEnd + 1;
    return {
      source: `${source.slice(0, at)}${indent}${literal}\n${source.slice(at)}`,
      replaced: false,
      line: lineNumberAt(source, at),
    };
  }
  // `def f(): return 1`: the statement moves to its own line under the docstring.
  return {
    source: `${source.slice(0, colon.endIndex)}\n${indent}${literal}\n${indent}${source.slice(body.startIndex)}`,
    replaced: false,
    line: lineNumberAt(source, colon.endIndex) + 1,
  };
}

// Python nodes as experiment inputs: functions, methods (with their class), classes, or whole modules.
import path from 'node:path';
import { z } from 'zod';
import { listDefinitions } from './definitions';
import { withPythonTree } from './parser';

export const NODE_TYPES = ['function', 'method', 'class', 'module'] as const;
export const NodeType = z.enum(NODE_TYPES);
export type NodeType = z.infer<typeof NodeType>;
export const DEFAULT_NODE_TYPES: NodeType[] = ['function', 'method', 'class'];

export type PythonNode = {
  type: NodeType;
  /** `Class.method` for methods, the module name for modules. */
  name: string;
  className: string | null;
  /** The node's source, decorators included, dedented so that its first line starts at column 0. */
  text: string;
  filePath: string;
  /** 1-based, inclusive. */
  startLine: number;
  endLine: number;
};

/** Removes the indentation common to every non-blank line. */
export function dedent(text: string): string {
  const lines = text.split('\n');
  let common: string | null = null;
  for (const line of lines) {
    if (line.trim() === '') continue;
    const indent = /^[ \t]*/.exec(line)?.[0] ?? '';
    if (common === null || !indent.startsWith(common)) {
      let shared = 0;
      const reference: string = common ?? indent;
      while (shared < reference.length && shared < indent.length && reference[shared] === indent[shared]) shared++;
      common = common === null ? indent : reference.slice(0, shared);
    }
  }
  if (!common) return text;
  const width = common.length;
  return lines.map((line) => (line.trim() === '' ? line.trimEnd() : line.slice(width))).join('\n');
}

export function moduleName(filePath: string): string {
  return path.basename(filePath).replace(/\.pyi?$/, '');
}

/** The nodes of one Python source, in source order, restricted to `types`. */
export function extractPythonNodes(
  source: string,
  filePath: string,
  types: readonly NodeType[] = DEFAULT_NODE_TYPES,
): Promise<PythonNode[]> {
  return withPythonTree(source, (root) => {
    const nodes: PythonNode[] = [];
    if (types.includes('module')) {
      const lineCount = source.endsWith('\n') ? source.split('\n').length - 1 : source.split('\n').length;
      nodes.push({
        type: 'module',
        name: moduleName(filePath),
        className: null,
        text: source,
        filePath,
        startLine: 1,
        endLine: Math.max(1, lineCount),
      });
    }
    for (const definition of listDefinitions(root)) {
      if (!types.includes(definition.kind)) continue;
      const { outer } = definition;
      // The node's text starts at its first character; its line's indentation is put back before dedenting.
      const lineStart = source.lastIndexOf('\n', outer.startIndex - 1) + 1;
      const text = dedent(source.slice(lineStart, outer.endIndex));
      nodes.push({
        type: definition.kind,
        name: definition.qualifiedName,
        className: definition.className,
        text,
        filePath,
        startLine: outer.startPosition.row + 1,
        endLine: outer.endPosition.row + 1,
      });
    }
    return nodes;
  });
}

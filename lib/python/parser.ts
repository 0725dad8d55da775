// tree-sitter's Python grammar, loaded once per process: tool workers parse many files with one parser.
import { createRequire } from 'node:module';
import path from 'node:path';
import { packageFolder } from '../package-path';
import { Language, Parser, type Node, type Tree } from 'web-tree-sitter';
import { useBaselineWasmCompiler } from './wasm-baseline';

export type { Node as SyntaxNode } from 'web-tree-sitter';

function grammarFile(): string {
  const require = createRequire(import.meta.url);
  return path.join(
    packageFolder('tree-sitter-python', require.resolve('tree-sitter-python/package.json')),
    'tree-sitter-python.wasm',
  );
}

// The parser is the process's, not this module's: each TypeScript tool is bundled on its own
// (lib/build/tool-module.ts), so a tool worker holds one copy of this module per tool, and a parser
// per copy cost every tool 0.3-0.4 s of CPU to initialise tree-sitter and compile the grammar again
// (web-tree-sitter itself is external to the bundles, one instance per process, and its init()
// replaces that instance's WebAssembly). Keyed by Symbol.for, so that every copy finds the same slot.
const PARSER = Symbol.for('remora.python-parser');
// How many times this process loaded the grammar, counted across every copy of this module.
const LOADS = Symbol.for('remora.python-grammar-loads');
const processSlots = globalThis as { [key: symbol]: unknown };

/** How many times this process has loaded the Python grammar (a tool worker reports it in tests). */
export function pythonGrammarLoads(): number {
  return (processSlots[LOADS] as number | undefined) ?? 0;
}

async function createParser(): Promise<Parser> {
  processSlots[LOADS] = pythonGrammarLoads() + 1;
  useBaselineWasmCompiler();
  await Parser.init();
  const language = await Language.load(grammarFile());
  const parser = new Parser();
  parser.setLanguage(language);
  return parser;
}

/** The process's Python parser (created on first use). */
function pythonParser(): Promise<Parser> {
  let parser = processSlots[PARSER] as Promise<Parser> | undefined;
  if (!parser) {
    parser = createParser();
    processSlots[PARSER] = parser;
    // A failed start is not cached, so that a later call can try again.
    parser.catch(() => {
      if (processSlots[PARSER] === parser) delete processSlots[PARSER];
    });
  }
  return parser;
}

/**
 * Parses `source` and hands the module node to `use`. The tree lives in WebAssembly memory and is
 * freed when `use` returns, so `use` must return plain data, never nodes.
 */
export async function withPythonTree<T>(source: string, use: (root: Node) => T): Promise<T> {
  const parser = await pythonParser();
  const tree: Tree | null = parser.parse(source);
  if (!tree) throw new Error('tree-sitter returned no tree for the Python source');
  try {
    return use(tree.rootNode);
  } finally {
    tree.delete();
  }
}

export type SyntaxProblem = { line: number; column: number; message: string };

/** Where the source does not parse (ERROR and MISSING nodes), at most `limit` of them. */
export function syntaxProblems(root: Node, limit = 5): SyntaxProblem[] {
  const problems: SyntaxProblem[] = [];
  if (!root.hasError) return problems;
  const visit = (node: Node) => {
    if (problems.length >= limit) return;
    if (node.isMissing) {
      problems.push({
        line: node.startPosition.row + 1,
        column: node.startPosition.column + 1,
        message: `missing "${node.type}"`,
      });
      return;
    }
    if (node.isError) {
      const snippet = node.text.split('\n')[0].slice(0, 40);
      problems.push({
        line: node.startPosition.row + 1,
        column: node.startPosition.column + 1,
        message: `invalid syntax near "${snippet}"`,
      });
      return;
    }
    if (!node.hasError) return;
    for (const child of node.children) visit(child);
  };
  visit(root);
  return problems;
}

/** Parse problems of a whole source text; empty when it parses. */
export function checkPythonSyntax(source: string): Promise<SyntaxProblem[]> {
  return withPythonTree(source, (root) => syntaxProblems(root));
}

export function describeSyntaxProblems(problems: SyntaxProblem[]): string {
  return problems.map((problem) => `line ${problem.line}, column ${problem.column}: ${problem.message}`).join('; ');
}

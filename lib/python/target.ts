// What a Python tool works on: the conversation's target file in its workspace, and the node the
// input names in it. Without a file (an input of pasted code), read-only tools use the node's text.
import { readFile, rename, writeFile } from 'node:fs/promises';
import type { ToolContext, ToolOutput } from '../tools/protocol';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { repositoryLayout, resolveTargetFile } from '../tools/workspace';
import { errorMessage } from '../errors';
import { findDefinition, listDefinitions, type Definition } from './definitions';
import type { SyntaxNode } from './parser';
import { moduleName } from './nodes';
import { decodePython, encodePython, type SourceFormat } from './encoding';

export type TargetSource = {
  source: string;
  /** Absolute path inside the workspace, or null when the source is the input's own text. */
  file: string | null;
  /** The file's name in the workspace (also the module's file name). */
  fileName: string;
  module: string;
  /** How the file is stored (encoding, BOM, CRLF), so that writing it back keeps every untouched byte. */
  format: SourceFormat;
};

const PLAIN_FORMAT: SourceFormat = { encoding: 'utf-8', newline: '\n', bom: false };

export type Loaded<T> = { ok: true; value: T } | { ok: false; error: string };

/** The target's source: the workspace copy when there is one, else (for reading only) the node text. */
export async function loadTargetSource(
  context: ToolContext,
  options: { writable: boolean },
): Promise<Loaded<TargetSource>> {
  if (context.workspace && context.filePath) {
    const target = resolveTargetFile(context);
    if (!target.ok) return target;
    let bytes: Buffer;
    try {
      bytes = await readFile(target.path);
    } catch (error) {
      return { ok: false, error: `cannot read the target file ${target.relative}: ${errorMessage(error)}` };
    }
    // PEP 263: the file's declared encoding, not UTF-8 regardless (latin-1 bytes would become U+FFFD).
    const decoded = decodePython(bytes);
    if (!decoded.ok) return { ok: false, error: `cannot work on ${target.relative}: ${decoded.error}` };
    const { text, format } = decoded.value;
    const module = repositoryLayout(context)
      ? packageModule(context.workspace, target.relative)
      : moduleName(target.relative);
    return { ok: true, value: { source: text, file: target.path, fileName: target.relative, module, format } };
  }
  if (options.writable) {
    const missing = !context.workspace ? 'the conversation has no workspace' : 'the input names no file (file_path)';
    return { ok: false, error: `this tool changes the target file, but ${missing}` };
  }
  if (!context.nodeText.trim())
    return { ok: false, error: 'there is no code to work on: the input has neither a file nor node text' };
  const fileName = context.filePath ? (context.filePath.split(/[\\/]/).pop() ?? 'node.py') : 'node.py';
  return {
    ok: true,
    value: { source: context.nodeText, file: null, fileName, module: moduleName(fileName), format: PLAIN_FORMAT },
  };
}

/**
 * Writes the target back in its own encoding and line endings, whole or not at all (a temporary file
 * renamed over it). Text the encoding cannot hold is an error value: nothing is written then.
 */
export async function writeTargetSource(
  target: TargetSource,
  source: string,
): Promise<{ ok: true } | { ok: false; error: string }> {
  if (!target.file) throw new Error('the target has no file to write');
  const encoded = encodePython(source, target.format);
  if (!encoded.ok)
    return { ok: false, error: `the file was not changed: ${encoded.error} (the file is ${target.format.encoding})` };
  const temporary = `${target.file}.remora-${process.pid}.tmp`;
  await writeFile(temporary, encoded.bytes);
  await rename(temporary, target.file);
  return { ok: true };
}

/** Folders that hold a project's packages by convention (the src layout): not part of a dotted name. */
const SOURCE_ROOTS = new Set(['src', 'lib', 'python']);
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The dotted name Python imports a file by from the workspace root, as a test run there (`python -m
 * pytest`, the root on sys.path) imports it: its folders up the chain of `__init__.py` files
 * (`pkg/sub/mod.py` with both packages -> `pkg.sub.mod`); folders above that chain without one are
 * namespace packages (PEP 420) and part of the name too (`ns/mod.py` -> `ns.mod`), unless the
 * folder left is a src-layout root (`src/pkg/mod.py` -> `pkg.mod`, the installed package).
 */
export function packageModule(workspace: string, relative: string): string {
  const parts = relative.split('/');
  const names = [moduleName(parts.pop() ?? relative)];
  if (names[0] === '__init__') names.pop();
  while (parts.length > 0 && existsSync(path.join(workspace, ...parts, '__init__.py')))
    names.unshift(parts.pop() as string);
  const chained = names.length > (relative.endsWith('__init__.py') ? 0 : 1);
  const namespace = parts.length > 0 && parts.every((part) => IDENTIFIER.test(part));
  if (namespace && !(chained && parts.length === 1 && SOURCE_ROOTS.has(parts[0]))) names.unshift(...parts);
  return names.join('.') || moduleName(relative);
}

export type NodeChoice = { ok: true; definition: Definition | null } | { ok: false; error: string };

/**
 * The definition the conversation is about: the one the input names (node_name, narrowed by
 * node_type), or the only definition of the code. `null` means the whole module.
 */
export function chooseDefinition(
  root: SyntaxNode,
  context: Pick<ToolContext, 'nodeName' | 'nodeType'> & Partial<Pick<ToolContext, 'nodeLine'>>,
): NodeChoice {
  if (context.nodeType === 'module') return { ok: true, definition: null };
  if (context.nodeName) {
    const found = findDefinition(root, context.nodeName, context.nodeType, context.nodeLine);
    return found.ok ? { ok: true, definition: found.definition } : found;
  }
  const topLevel = listDefinitions(root).filter((definition) => definition.className === null);
  if (topLevel.length === 1) return { ok: true, definition: topLevel[0] };
  return {
    ok: false,
    error: 'the input names no node (node_name) and the code does not hold exactly one function or class',
  };
}

/**
 * chooseDefinition for a tool that works on one definition: a whole module is refused, with
 * `refusal` saying what the tool works on.
 */
export function chooseNode(
  root: SyntaxNode,
  context: Parameters<typeof chooseDefinition>[1],
  refusal: string,
): { ok: true; definition: Definition } | { ok: false; error: string } {
  const choice = chooseDefinition(root, context);
  if (!choice.ok) return choice;
  if (!choice.definition) return { ok: false, error: `the input is a whole module; ${refusal}` };
  return { ok: true, definition: choice.definition };
}

export function errorOutput(error: string, knowledge?: Record<string, unknown>): ToolOutput {
  return { outcome: 'error', result: null, error, ...(knowledge ? { knowledge_delta: knowledge } : {}) };
}

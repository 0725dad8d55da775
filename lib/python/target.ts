// What a Python tool works on: the conversation's target file in its workspace, and the node the
// input names in it. Without a file (an input of pasted code), read-only tools use the node's text.
import { readFile, writeFile } from 'node:fs/promises';
import type { ToolContext, ToolOutput } from '../tools/protocol';
import { resolveTargetFile } from '../tools/workspace';
import { errorMessage } from '../errors';
import { findDefinition, listDefinitions, type Definition } from './definitions';
import type { SyntaxNode } from './parser';
import { moduleName } from './nodes';

export type TargetSource = {
  source: string;
  /** Absolute path inside the workspace, or null when the source is the input's own text. */
  file: string | null;
  /** The file's name in the workspace (also the module's file name). */
  fileName: string;
  module: string;
};

export type Loaded<T> = { ok: true; value: T } | { ok: false; error: string };

/** The target's source: the workspace copy when there is one, else (for reading only) the node text. */
export async function loadTargetSource(context: ToolContext, options: { writable: boolean }): Promise<Loaded<TargetSource>> {
  if (context.workspace && context.filePath) {
    const target = resolveTargetFile(context);
    if (!target.ok) return target;
    try {
      const source = await readFile(target.path, 'utf8');
      return { ok: true, value: { source, file: target.path, fileName: target.relative, module: moduleName(target.relative) } };
    } catch (error) {
      return { ok: false, error: `cannot read the target file ${target.relative}: ${errorMessage(error)}` };
    }
  }
  if (options.writable) {
    const missing = !context.workspace ? 'the conversation has no workspace' : 'the input names no file (file_path)';
    return { ok: false, error: `this tool changes the target file, but ${missing}` };
  }
  if (!context.nodeText.trim()) return { ok: false, error: 'there is no code to work on: the input has neither a file nor node text' };
  const fileName = context.filePath ? context.filePath.split(/[\\/]/).pop() ?? 'node.py' : 'node.py';
  return { ok: true, value: { source: context.nodeText, file: null, fileName, module: moduleName(fileName) } };
}

export async function writeTargetSource(target: TargetSource, source: string): Promise<void> {
  if (!target.file) throw new Error('the target has no file to write');
  await writeFile(target.file, source, 'utf8');
}

export type NodeChoice = { ok: true; definition: Definition | null } | { ok: false; error: string };

/**
 * The definition the conversation is about: the one the input names (node_name, narrowed by
 * node_type), or the only definition of the code. `null` means the whole module.
 */
export function chooseDefinition(root: SyntaxNode, context: Pick<ToolContext, 'nodeName' | 'nodeType'>): NodeChoice {
  if (context.nodeType === 'module') return { ok: true, definition: null };
  if (context.nodeName) {
    const found = findDefinition(root, context.nodeName, context.nodeType);
    return found.ok ? { ok: true, definition: found.definition } : found;
  }
  const topLevel = listDefinitions(root).filter((definition) => definition.className === null);
  if (topLevel.length === 1) return { ok: true, definition: topLevel[0] };
  return { ok: false, error: 'the input names no node (node_name) and the code does not hold exactly one function or class' };
}

export function errorOutput(error: string, knowledge?: Record<string, unknown>): ToolOutput {
  return { outcome: 'error', result: null, error, ...(knowledge ? { knowledge_delta: knowledge } : {}) };
}

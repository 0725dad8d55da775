// The names of the files a conversation writes about its node (a test file, a fixture file): one per
// node, so that two conversations of a campaign never write the same file. Same-name functions
// (the branches of an `if`/`try`) add their line; a package's __init__.py is named after the package.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ToolContext } from '../tools/protocol';
import { repositoryLayout, resolveTargetFile } from '../tools/workspace';
import { moduleName } from './nodes';
import { packageModule } from './target';

type NodeFileContext = Pick<ToolContext, 'workspace' | 'filePath' | 'nodeName'> &
  Partial<Pick<ToolContext, 'settings' | 'nodeLine'>>;

/** The module a test imports: its file name, or in a repository layout its dotted path as Python resolves it. */
export function importedModule(context: NodeFileContext): string | null {
  if (!context.filePath) return null;
  const normalized = context.filePath.replace(/\\/g, '/');
  if (repositoryLayout(context) && context.workspace) return packageModule(context.workspace, normalized);
  const name = moduleName(path.basename(normalized));
  // A package's __init__.py is the package: its name is the folder's.
  return name === '__init__' ? (path.basename(path.dirname(normalized)) || name).replace(/^\.$/, name) : name;
}

/** Whether the target file defines the node's name more than once (read as bytes: only ASCII names matter). */
function nameRepeats(context: NodeFileContext, name: string): boolean {
  if (!context.workspace || !context.filePath) return false;
  const target = resolveTargetFile(context);
  if (!target.ok) return false;
  let text: string;
  try {
    text = readFileSync(target.path, 'latin1');
  } catch {
    return false;
  }
  const escaped = name.replace(/[^\w]/g, '\\$&');
  return (text.match(new RegExp(`^[ \\t]*(?:async[ \\t]+)?(?:def|class)[ \\t]+${escaped}\\b`, 'gm')) ?? []).length > 1;
}

/** `<module>_<node>`, with `_line<N>` when the file defines that name more than once. */
export function nodeFileStem(context: NodeFileContext, node: string | null = context.nodeName): string {
  const module = (importedModule(context) ?? 'module').replace(/\./g, '_');
  if (!node) return module;
  const last = node.split('.').pop() ?? node;
  const line = context.nodeLine && nameRepeats(context, last) ? `_line${context.nodeLine}` : '';
  return `${module}_${node.replace(/\W+/g, '_')}${line}`;
}

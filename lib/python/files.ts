// Python files and folders as experiment inputs (the command line's --python and the panel's "add inputs from files").
import { existsSync } from 'node:fs';
import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ConversationInput } from '../protocol/conversation';
import { errorMessage } from '../errors';
import { DEFAULT_NODE_TYPES, extractPythonNodes, type NodeType, type PythonNode } from './nodes';

/** Folders never searched: caches, dependencies and virtual environments. Hidden folders are skipped too. */
const SKIPPED_FOLDERS = new Set(['__pycache__', 'node_modules', 'site-packages', 'venv']);

function isSkippedFolder(folder: string, name: string): boolean {
  if (name.startsWith('.') || SKIPPED_FOLDERS.has(name)) return true;
  // A virtual environment may have any name; its pyvenv.cfg gives it away.
  return existsSync(path.join(folder, name, 'pyvenv.cfg'));
}

export type CollectedFiles = { files: string[]; problems: string[] };

/**
 * Every .py file under the given files and folders, each once, sorted within each folder. Missing paths are problems,
 * not exceptions.
 */
export async function collectPythonFiles(paths: string[]): Promise<CollectedFiles> {
  const files: string[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  const add = (file: string) => {
    const absolute = path.resolve(file);
    if (seen.has(absolute)) return;
    seen.add(absolute);
    files.push(file);
  };
  const walk = async (folder: string) => {
    const entries = await readdir(folder, { withFileTypes: true });
    entries.sort((left, right) => left.name.localeCompare(right.name));
    for (const entry of entries) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!isSkippedFolder(folder, entry.name)) await walk(full);
      } else if (entry.isFile() && entry.name.endsWith('.py')) {
        add(full);
      }
    }
  };
  for (const given of paths) {
    try {
      const info = await stat(given);
      if (info.isDirectory()) await walk(given);
      else if (given.endsWith('.py')) add(given);
      else problems.push(`${given} is not a .py file or a folder`);
    } catch (error) {
      problems.push(`cannot read ${given}: ${errorMessage(error)}`);
    }
  }
  return { files, problems };
}

export type PythonInputsOptions = {
  nodeTypes?: readonly NodeType[];
  /**
   * Paths in the inputs are written relative to this folder when the file is inside it (default: the current folder).
   */
  relativeTo?: string;
};

export type PythonInputs = { inputs: ConversationInput[]; nodes: PythonNode[]; problems: string[] };

/** Inputs (one per node) from Python files and folders. Unreadable files are listed in `problems`. */
export async function inputsFromPython(paths: string[], options: PythonInputsOptions = {}): Promise<PythonInputs> {
  const types = options.nodeTypes ?? DEFAULT_NODE_TYPES;
  const base = path.resolve(options.relativeTo ?? process.cwd());
  const { files, problems } = await collectPythonFiles(paths);
  const nodes: PythonNode[] = [];
  for (const file of files) {
    let source: string;
    try {
      source = await readFile(file, 'utf8');
    } catch (error) {
      problems.push(`cannot read ${file}: ${errorMessage(error)}`);
      continue;
    }
    nodes.push(...(await extractPythonNodes(source, displayPath(file, base), types)));
  }
  return { inputs: nodes.map(nodeInput), nodes, problems };
}

/** Relative to `base` with forward slashes when inside it, absolute otherwise. */
function displayPath(file: string, base: string): string {
  const absolute = path.resolve(file);
  const relative = path.relative(base, absolute);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return absolute;
  return relative.split(path.sep).join('/');
}

function nodeInput(node: PythonNode): ConversationInput {
  // The line identifies the node with its name: a property's getter and setter share the name.
  return {
    node_text: node.text,
    file_path: node.filePath,
    node_name: node.name,
    node_type: node.type,
    ...(node.type === 'module' ? {} : { node_line: node.startLine }),
  };
}

/** Parses a comma-separated list of node types (`function,method,class`). */
export function parseNodeTypes(text: string): { ok: true; types: NodeType[] } | { ok: false; error: string } {
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const allowed: readonly string[] = ['function', 'method', 'class', 'module'];
  const unknown = names.filter((name) => !allowed.includes(name));
  if (names.length === 0) return { ok: false, error: 'give at least one node type' };
  if (unknown.length > 0)
    return {
      ok: false,
      error: `unknown node type ${unknown.map((name) => `"${name}"`).join(', ')}; use ${allowed.join(', ')}`,
    };
  return { ok: true, types: [...new Set(names)] as NodeType[] };
}

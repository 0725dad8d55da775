// One file's part of a campaign: its hash, its encoding, and its nodes by position. A file that
// cannot be worked on (too large, undecodable, a syntax error) yields one skipped node that says
// why, so that the counts of found, ran and skipped always cover the whole repository.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { decodePython } from '../python/encoding';
import { definitionLine, listDefinitions } from '../python/definitions';
import { methodOffer } from '../python/method-offer';
import { moduleName, type NodeType } from '../python/nodes';
import { describeSyntaxProblems, syntaxProblems, withPythonTree } from '../python/parser';

type ExtractedNode = {
  kind: NodeType;
  name: string;
  startLine: number;
  endLine: number;
  /** The node's text as the model is sent it (its lines, indentation kept). */
  text: string;
  skipReason: string | null;
};

export type ExtractedFile = {
  path: string;
  sha256: string;
  bytes: number;
  encoding: string | null;
  skipReason: string | null;
  nodes: ExtractedNode[];
};

export function sha256(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * The nodes each agent works on: lint per file, docstring per definition, test and sample_data per function and
 * method (a method only when its instance can be built: `offersMethodsByInstance`).
 */
export function nodeTypesFor(agent: { name: string; settings: Record<string, unknown> }): NodeType[] {
  const declared = agent.settings.campaign_node_types;
  if (
    Array.isArray(declared) &&
    declared.every((type) => ['module', 'class', 'function', 'method'].includes(String(type)))
  )
    return declared as NodeType[];
  if (agent.name === 'lint') return ['module'];
  if (offersMethodsByInstance(agent)) return ['function', 'method'];
  return ['function', 'method', 'class'];
}

/** Agents whose methods are called on a built instance: a method whose instance cannot be built is skipped. */
export function offersMethodsByInstance(agent: { name: string }): boolean {
  return agent.name === 'test' || agent.name === 'sample_data';
}

/** Lines `startLine..endLine` (1-based, inclusive) of a text, with their line ends. */
export function sliceLines(text: string, startLine: number, endLine: number): string {
  let start = 0;
  for (let line = 1; line < startLine && start !== -1; line++) start = text.indexOf('\n', start) + 1 || -1;
  if (start === -1) return '';
  let end = start;
  for (let line = startLine; line <= endLine && end !== -1; line++) end = text.indexOf('\n', end) + 1 || -1;
  return end === -1 ? text.slice(start) : text.slice(start, end);
}

function lineCount(text: string): number {
  if (text === '') return 1;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

function skippedFile(file: Omit<ExtractedFile, 'nodes' | 'skipReason'>, reason: string): ExtractedFile {
  const node: ExtractedNode = {
    kind: 'module',
    name: moduleName(file.path),
    startLine: 1,
    endLine: 1,
    text: '',
    skipReason: reason,
  };
  return { ...file, skipReason: reason, nodes: [node] };
}

/** A file listed but not read (a link), with the reason: one skipped node accounts for it. */
export function unreadFile(relative: string, reason: string): ExtractedFile {
  return skippedFile({ path: relative, sha256: sha256(''), bytes: 0, encoding: null }, reason);
}

/** Reads and splits one file; never throws for what the file holds. */
export async function extractFile(
  relative: string,
  absolute: string,
  types: readonly NodeType[],
  maxBytes: number,
  options: { methodsByInstance?: boolean } = {},
): Promise<ExtractedFile> {
  const data = await readFile(absolute);
  const base = { path: relative, sha256: sha256(data), bytes: data.length, encoding: null as string | null };
  if (data.length > maxBytes)
    return skippedFile(base, `the file has ${data.length} bytes, over the limit of ${maxBytes} (--max-file-bytes)`);
  const decoded = decodePython(data);
  if (!decoded.ok) return skippedFile(base, decoded.error);
  const { text, format } = decoded.value;
  base.encoding = format.encoding;
  const found = await withPythonTree(text, (root) => {
    const problems = syntaxProblems(root, 1);
    if (problems.length > 0) return { error: `syntax error: ${describeSyntaxProblems(problems)}` };
    const all = listDefinitions(root);
    return {
      definitions: all.map((definition) => {
        const offer =
          options.methodsByInstance && definition.kind === 'method' && types.includes('method')
            ? methodOffer(root, definition, all)
            : null;
        return {
          kind: definition.kind as NodeType,
          name: definition.qualifiedName,
          startLine: definitionLine(definition),
          endLine: definition.outer.endPosition.row + 1,
          skipReason: offer && !offer.ok ? offer.reason : null,
        };
      }),
    };
  });
  if ('error' in found) return skippedFile(base, found.error ?? 'syntax error');
  const nodes: ExtractedNode[] = [];
  if (types.includes('module'))
    nodes.push({
      kind: 'module',
      name: moduleName(relative),
      startLine: 1,
      endLine: lineCount(text),
      text,
      skipReason: null,
    });
  for (const definition of found.definitions) {
    if (!types.includes(definition.kind)) continue;
    nodes.push({ ...definition, text: sliceLines(text, definition.startLine, definition.endLine) });
  }
  return { ...base, skipReason: null, nodes };
}

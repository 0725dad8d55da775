// read_current_docstring: the node's docstring as Python shows it, and the style it is written in.
import { defineTool } from '../../../lib/tools/define-tool';
import { detectStyle } from '../../../lib/python/docstring-parse';
import { readDocstring } from '../../../lib/python/docstring';
import { withPythonTree } from '../../../lib/python/parser';
import { chooseNode, errorOutput, loadTargetSource } from '../../../lib/python/target';

export default defineTool(import.meta.url, async (_args, context) => {
  const loaded = await loadTargetSource(context, { writable: false });
  if (!loaded.ok) return errorOutput(loaded.error);
  const found = await withPythonTree(loaded.value.source, (root) => {
    const choice = chooseNode(root, context, 'the docstring tools work on a function, method or class');
    if (!choice.ok) return choice;
    return {
      ok: true as const,
      node: choice.definition.qualifiedName,
      kind: choice.definition.kind,
      docstring: readDocstring(choice.definition),
    };
  });
  if (!found.ok) return errorOutput(found.error);
  const text = found.docstring?.text ?? null;
  const style = text === null ? null : detectStyle(text);
  const styled = style === 'plain' ? 'plain' : `${style}-style`;
  return {
    outcome: 'success',
    result: {
      node: found.node,
      kind: found.kind,
      has_docstring: text !== null,
      docstring: text,
      line: found.docstring?.line ?? null,
      style,
    },
    summary:
      text === null
        ? `${found.node} has no docstring; call read_type_hints, then write_docstring`
        : `${found.node} has a ${styled} docstring of ${text.split('\n').length} line(s)`,
    knowledge_delta: {
      node: found.node,
      has_docstring: text !== null,
      current_docstring: text,
      current_docstring_style: style,
    },
  };
});

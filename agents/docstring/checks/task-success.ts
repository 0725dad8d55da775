// The docstring agent's task success: the file parses, and the node carries a docstring in the asked
// style (settings.docstring_style, google by default). A plain one-paragraph docstring passes only
// where there is nothing to list: a class, or a function without parameters or return value.
import { defineTool } from '../../../lib/tools/define-tool';
import { parseDocstring } from '../../../lib/python/docstring-parse';
import { DOC_STYLES, type DocStyle } from '../../../lib/python/docstring-model';
import { readDocstring } from '../../../lib/python/docstring';
import { withPythonTree } from '../../../lib/python/parser';
import { readSignature } from '../../../lib/python/signature';
import { chooseDefinition, errorOutput, loadTargetSource } from '../../../lib/python/target';
import { judged, parseProblem } from '../../../lib/task-success/script-output';

const RECEIVERS = new Set(['self', 'cls']);

export default defineTool(import.meta.url, async (_args, context) => {
  if (!context.workspace) return errorOutput("the docstring check needs the conversation's workspace");
  const asked = (
    typeof context.settings.docstring_style === 'string' ? context.settings.docstring_style : 'google'
  ) as DocStyle;
  if (!DOC_STYLES.includes(asked))
    return errorOutput(`settings.docstring_style must be one of ${DOC_STYLES.join(', ')}`);
  const loaded = await loadTargetSource(context, { writable: false });
  if (!loaded.ok) return errorOutput(loaded.error);
  const { source } = loaded.value;
  const problem = await parseProblem(loaded.value, context);
  if (problem) return judged(false, problem);

  const found = await withPythonTree(source, (root) => {
    const choice = chooseDefinition(root, context);
    if (!choice.ok) return { ok: false as const, error: choice.error };
    if (!choice.definition)
      return { ok: false as const, error: 'the input is a whole module, not a node with a docstring' };
    const signature = readSignature(root, choice.definition);
    const parameters = signature.parameters.filter((parameter) => !RECEIVERS.has(parameter.name));
    const returns = signature.kind !== 'class' && signature.return_type !== null && signature.return_type !== 'None';
    return {
      ok: true as const,
      node: choice.definition.qualifiedName,
      kind: signature.kind,
      docstring: readDocstring(choice.definition)?.text ?? null,
      somethingToList: signature.kind !== 'class' && (parameters.length > 0 || returns),
    };
  });
  if (!found.ok) return judged(false, found.error);
  if (found.docstring === null || found.docstring.trim() === '') return judged(false, `${found.node} has no docstring`);
  const style = parseDocstring(found.docstring).style;
  const details = { node: found.node, asked_style: asked, found_style: style };
  if (style === asked) return judged(true, `${found.node} has a ${asked}-style docstring`, details);
  if (style === 'plain' && !found.somethingToList)
    return judged(true, `${found.node} has a docstring, and nothing to list in sections`, details);
  const written = style === 'plain' ? 'plain prose' : `in ${style} style`;
  return judged(false, `${found.node}'s docstring is ${written}, not in the asked ${asked} style`, details);
});

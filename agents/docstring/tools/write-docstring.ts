// write_docstring: formats the given docstring in the requested style (google, numpy or sphinx),
// with types taken from the signature where the text gives none, and inserts or replaces the node's
// docstring at the body's indentation. The file is only written when it still parses.
import { defineTool } from '../../../lib/tools/define-tool';
import { cleanDocstring, parseDocstring } from '../../../lib/python/docstring-parse';
import { DOC_STYLES, type DocStyle } from '../../../lib/python/docstring-model';
import { completeModel, renderDocstring } from '../../../lib/python/docstring-render';
import { applyDocstring, bodyIndent, docstringLiteral, readDocstring } from '../../../lib/python/docstring';
import { definitionLine, findDefinition } from '../../../lib/python/definitions';
import { checkPythonSyntax, describeSyntaxProblems, withPythonTree } from '../../../lib/python/parser';
import { readSignature } from '../../../lib/python/signature';
import { chooseNode, errorOutput, loadTargetSource, writeTargetSource } from '../../../lib/python/target';

export default defineTool(import.meta.url, async (args, context) => {
  const style = (typeof args.style === 'string' ? args.style.trim().toLowerCase() : 'google') as DocStyle;
  if (!DOC_STYLES.includes(style))
    return errorOutput(`style must be one of ${DOC_STYLES.join(', ')}, not ${JSON.stringify(args.style)}`);
  if (typeof args.docstring !== 'string' || args.docstring.trim() === '')
    return errorOutput('docstring is empty: give the summary line (and Args/Returns sections if you like)');
  const loaded = await loadTargetSource(context, { writable: true });
  if (!loaded.ok) return errorOutput(loaded.error);
  const target = loaded.value;
  const docstring = args.docstring;

  const edit = await withPythonTree(target.source, (root) => {
    const choice = chooseNode(root, context, 'write_docstring works on a function, method or class');
    if (!choice.ok) return choice;
    const definition = choice.definition;
    const signature = readSignature(root, definition);
    const parsed = parseDocstring(docstring);
    const { model, optional } = completeModel(parsed.model, {
      parameters: signature.parameters,
      returnType: signature.kind === 'class' ? null : signature.return_type,
    });
    const text = renderDocstring(model, style, optional);
    const indent = bodyIndent(target.source, definition);
    const literal = docstringLiteral(text, indent);
    if (!literal.ok) return literal;
    const names = signature.parameters.map((parameter) => parameter.name);
    const documented = model.params.map((entry) => entry.name.replace(/^\*+/, ''));
    return {
      ok: true as const,
      node: definition.qualifiedName,
      kind: definition.kind,
      // The node keeps its first line (the docstring goes below the header): it is found again there,
      // not by name, which a getter and its setter share.
      startLine: definitionLine(definition),
      text,
      inputStyle: parsed.style,
      applied: applyDocstring(target.source, definition, literal.literal, indent),
      undocumented: names.filter((name) => !documented.includes(name)),
      unknown: documented.filter((name) => !names.includes(name)),
    };
  });
  if (!edit.ok) return errorOutput(edit.error);

  const problems = await checkPythonSyntax(edit.applied.source);
  if (problems.length > 0 && (await checkPythonSyntax(target.source)).length === 0) {
    return errorOutput(
      `the docstring would break the file (${describeSyntaxProblems(problems)}); the file was not changed`,
    );
  }
  // Read back what was written: the node must now carry exactly this docstring.
  const written = await withPythonTree(edit.applied.source, (root) => {
    const found = findDefinition(root, edit.node, edit.kind, edit.startLine);
    return found.ok ? (readDocstring(found.definition)?.text ?? null) : null;
  });
  if (written !== cleanDocstring(edit.text))
    return errorOutput(
      'the docstring could not be written faithfully (it reads back differently); the file was not changed',
    );
  const stored = await writeTargetSource(target, edit.applied.source);
  if (!stored.ok) return errorOutput(stored.error);

  const missing = edit.undocumented.length > 0 ? `; parameters not documented: ${edit.undocumented.join(', ')}` : '';
  return {
    outcome: 'success',
    result: {
      node: edit.node,
      style,
      line: edit.applied.line,
      replaced: edit.applied.replaced,
      docstring: edit.text,
      undocumented_parameters: edit.undocumented,
      unknown_parameters: edit.unknown,
    },
    summary:
      `${edit.applied.replaced ? 'replaced' : 'inserted'} the ${style}-style docstring of ${edit.node} ` +
      `at line ${edit.applied.line}${missing}`,
    knowledge_delta: {
      docstring_written: true,
      docstring_style: style,
      docstring_line: edit.applied.line,
      undocumented_parameters: edit.undocumented,
    },
  };
});

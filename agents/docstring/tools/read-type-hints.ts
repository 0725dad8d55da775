// read_type_hints: parameters (kind, annotation, default) and the return type of the node.
import { defineTool } from '../../../lib/tools/define-tool';
import { withPythonTree } from '../../../lib/python/parser';
import { readSignature } from '../../../lib/python/signature';
import { chooseNode, errorOutput, loadTargetSource } from '../../../lib/python/target';

export default defineTool(import.meta.url, async (_args, context) => {
  const loaded = await loadTargetSource(context, { writable: false });
  if (!loaded.ok) return errorOutput(loaded.error);
  const found = await withPythonTree(loaded.value.source, (root) => {
    const choice = chooseNode(root, context, 'read_type_hints works on a function, method or class');
    if (!choice.ok) return choice;
    return { ok: true as const, signature: readSignature(root, choice.definition) };
  });
  if (!found.ok) return errorOutput(found.error);
  const { signature } = found;
  const returnType = signature.kind === 'class' ? null : signature.return_type;
  const unannotated = signature.parameters
    .filter((parameter) => parameter.type === null)
    .map((parameter) => parameter.name);
  const parameters = signature.parameters.map((parameter) => ({
    name: parameter.name,
    type: parameter.type,
    default: parameter.default,
    kind: parameter.kind,
  }));
  const counted = `${parameters.length} parameter${parameters.length === 1 ? '' : 's'}`;
  const returns = returnType ? `, returns ${returnType}` : '';
  const missing = unannotated.length > 0 ? `; no annotation on ${unannotated.join(', ')}` : '';
  return {
    outcome: 'success',
    result: {
      node: signature.qualified_name,
      kind: signature.kind,
      parameters,
      return_type: returnType,
      ...(signature.kind === 'class' ? { constructor_source: signature.constructor_source } : {}),
    },
    summary: `${signature.qualified_name}: ${counted}${returns}${missing}`,
    knowledge_delta: {
      parameter_names: parameters.map((parameter) => parameter.name),
      parameter_types: Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.type])),
      parameter_defaults: Object.fromEntries(
        parameters
          .filter((parameter) => parameter.default !== null)
          .map((parameter) => [parameter.name, parameter.default]),
      ),
      return_type: returnType,
      unannotated_parameters: unannotated,
    },
  };
});

// analyze_signature, shared by the test and sample_data agents: the node's signature and how to import it.
import type { ToolContext, ToolOutput } from '../tools/protocol';
import { listDefinitions } from './definitions';
import { readDocstring } from './docstring';
import { methodOffer, type Construction } from './method-offer';
import { withPythonTree } from './parser';
import { readSignature, type Signature } from './signature';
import { chooseNode, errorOutput, loadTargetSource, type TargetSource } from './target';
import { plural } from '../plural';

type SignatureAnalysis = {
  module: string;
  import_statement: string;
  has_docstring: boolean;
  signature: Signature;
  /** For a method: what it is called on, an instance built by the class's own constructor or the class. */
  construction?: Construction;
  /** For a method whose instance cannot be built: why. */
  construction_problem?: string;
};

export async function analyzeSignatureTool(context: ToolContext): Promise<ToolOutput> {
  const loaded = await loadTargetSource(context, { writable: false });
  if (!loaded.ok) return errorOutput(loaded.error);
  const target: TargetSource = loaded.value;
  const analysis = await withPythonTree(target.source, (root) => {
    const choice = chooseNode(root, context, 'analyze_signature needs a function, method or class (node_name)');
    if (!choice.ok) return choice;
    const signature = readSignature(root, choice.definition);
    const importable = choice.definition.qualifiedName.split('.')[0];
    const value: SignatureAnalysis = {
      module: target.module,
      import_statement: `from ${target.module} import ${importable}`,
      has_docstring: readDocstring(choice.definition) !== null,
      signature,
    };
    if (choice.definition.kind === 'method') {
      const offer = methodOffer(root, choice.definition, listDefinitions(root));
      if (!offer.ok) value.construction_problem = offer.reason;
      else value.construction = offer.construction;
    }
    return { ok: true as const, value };
  });
  if (!analysis.ok) return errorOutput(analysis.error);
  const { signature } = analysis.value;
  const parameters = signature.parameters;
  const returnType = signature.kind === 'class' ? signature.name : signature.return_type;
  const names = parameters.length > 0 ? ` (${parameters.map((parameter) => parameter.name).join(', ')})` : '';
  const returns = returnType ? ` and returns ${returnType}` : '';
  return {
    outcome: 'success',
    result: analysis.value,
    summary: `${signature.qualified_name} takes ${plural(parameters.length, 'parameter')}${names}${returns}`,
    knowledge_delta: {
      function_name: signature.qualified_name,
      node_kind: signature.kind,
      module: analysis.value.module,
      import_statement: analysis.value.import_statement,
      parameter_count: parameters.length,
      parameter_names: parameters.map((parameter) => parameter.name),
      parameter_types: Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.type])),
      required_parameters: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
      return_type: returnType,
      ...(analysis.value.construction ? { instance: analysis.value.construction.call } : {}),
    },
  };
}

// Whether the test and sample_data agents can work on a method (issue 27, item 3): a method is
// called on an instance, built from its class's own constructor (or, for a static or class method,
// on the class). A method whose instance cannot be built is skipped with the reason, first clause a
// category that `campaign show` counts by.
import type { Definition } from './definitions';
import type { Parameter } from './signature';
import { readSignature } from './signature';
import type { SyntaxNode } from './parser';

/** Builtin bases whose constructors take nothing required: a subclass without its own __init__ is built with `C()`. */
const PLAIN_BASES = new Set(['object', 'Exception', 'ValueError', 'TypeError', 'RuntimeError', 'dict', 'list', 'set']);
const ABSTRACT_BASES =
  /^(abc\.)?ABC$|^(typing\.|typing_extensions\.)?Protocol(\[.*\])?$|metaclass\s*=\s*(abc\.)?ABCMeta/;

export type Construction = {
  class_name: string;
  /** The constructor's parameters (self left out). */
  parameters: Parameter[];
  /**
   * What the method is called on: a call that builds the instance (`Counter()`, or with the required parameters
   * named, to fill in), or for a static or class method the class itself (`Counter`).
   */
  call: string;
};

export type MethodOffer = { ok: true; construction: Construction } | { ok: false; reason: string };

function decorators(definition: Definition): string[] {
  if (definition.outer === definition.node) return [];
  return definition.outer.namedChildren
    .filter((child) => child.type === 'decorator')
    .map((child) => child.text.replace(/^@\s*/, '').trim());
}

function constructorOf(
  root: SyntaxNode,
  owner: Definition,
  all: Definition[],
  seen = new Set<string>(),
): { parameters: Parameter[] } | { reason: string } {
  seen.add(owner.qualifiedName);
  const signature = readSignature(root, owner);
  if (signature.kind !== 'class') return { reason: `unknown constructor: ${owner.qualifiedName} is not a class` };
  if (signature.constructor_source !== 'none') return { parameters: signature.parameters };
  const bases = signature.bases.filter((base) => !base.includes('='));
  for (const base of bases) {
    if (PLAIN_BASES.has(base)) continue;
    const local = all.find((other) => other.kind === 'class' && other.qualifiedName === base && !seen.has(base));
    const inherited = `${owner.qualifiedName} inherits its constructor from ${base}`;
    if (!local) return { reason: `unknown constructor: ${inherited}, outside this module` };
    return constructorOf(root, local, all, seen);
  }
  return { parameters: [] };
}

/** How a test builds what the method is called on, or why it cannot. */
export function methodOffer(root: SyntaxNode, method: Definition, all: Definition[]): MethodOffer {
  const own = decorators(method);
  if (own.some((decorator) => /^(typing\.)?overload$/.test(decorator)))
    return { ok: false, reason: 'overload stub: an @overload declaration has no body; its implementation is offered' };
  const owner = all.find((other) => other.kind === 'class' && other.qualifiedName === method.className);
  if (!owner) return { ok: false, reason: `unknown constructor: the class ${method.className} was not found` };
  const signature = readSignature(root, owner);
  const abstract =
    (signature.kind === 'class' && signature.bases.some((base) => ABSTRACT_BASES.test(base))) ||
    all.some(
      (other) =>
        other.className === owner.qualifiedName &&
        decorators(other).some((decorator) => /^(abc\.)?abstract(method|property)$/.test(decorator)),
    );
  if (own.includes('staticmethod') || own.includes('classmethod'))
    return { ok: true, construction: { class_name: owner.qualifiedName, parameters: [], call: owner.qualifiedName } };
  if (abstract)
    return {
      ok: false,
      reason: `abstract class: ${owner.qualifiedName} is abstract, so no instance can be built from its constructor`,
    };
  const constructor = constructorOf(root, owner, all);
  if ('reason' in constructor) return { ok: false, reason: constructor.reason };
  const required = constructor.parameters.filter(
    (parameter) => parameter.required && parameter.kind !== 'var_positional' && parameter.kind !== 'var_keyword',
  );
  const named = required.map((parameter) =>
    parameter.kind === 'positional_only' ? `<${parameter.name}>` : `${parameter.name}=<${parameter.name}>`,
  );
  return {
    ok: true,
    construction: {
      class_name: owner.qualifiedName,
      parameters: constructor.parameters,
      call: `${owner.qualifiedName}(${named.join(', ')})`,
    },
  };
}

// Signatures read from the syntax tree: parameters (kind, annotation, default), return type, decorators.
import type { Definition } from './definitions';
import { listDefinitions } from './definitions';
import type { SyntaxNode } from './parser';

type ParameterKind = 'positional_only' | 'positional_or_keyword' | 'var_positional' | 'keyword_only' | 'var_keyword';

export type Parameter = {
  name: string;
  kind: ParameterKind;
  /** The annotation as written, or null. */
  type: string | null;
  /** The default as written, or null. */
  default: string | null;
  required: boolean;
};

type FunctionSignature = {
  kind: 'function' | 'method';
  name: string;
  qualified_name: string;
  class_name: string | null;
  is_async: boolean;
  decorators: string[];
  /** `self` or `cls` when the method receives one (not listed in parameters). */
  bound_to: string | null;
  parameters: Parameter[];
  return_type: string | null;
};

type ClassSignature = {
  kind: 'class';
  name: string;
  qualified_name: string;
  class_name: string | null;
  decorators: string[];
  bases: string[];
  /** What constructing the class takes: __init__'s parameters, or the annotated fields of a dataclass-like class. */
  constructor_source: '__init__' | 'fields' | 'none';
  parameters: Parameter[];
  methods: string[];
};

export type Signature = FunctionSignature | ClassSignature;

function decoratorsOf(definition: Definition): string[] {
  if (definition.outer === definition.node) return [];
  return definition.outer.namedChildren
    .filter((child) => child.type === 'decorator')
    .map((child) => child.text.replace(/^@\s*/, ''));
}

function nameOf(node: SyntaxNode): string {
  if (node.type === 'identifier') return node.text;
  if (node.type === 'list_splat_pattern' || node.type === 'dictionary_splat_pattern') {
    return node.namedChildren.find((child) => child.type === 'identifier')?.text ?? node.text.replace(/^\*+/, '');
  }
  const named = node.childForFieldName('name');
  if (named) return nameOf(named);
  const first = node.namedChildren[0];
  return first ? nameOf(first) : node.text;
}

function splatKind(node: SyntaxNode): ParameterKind | null {
  const inner = node.type === 'typed_parameter' ? node.namedChildren[0] : node;
  if (inner?.type === 'list_splat_pattern') return 'var_positional';
  if (inner?.type === 'dictionary_splat_pattern') return 'var_keyword';
  return null;
}

/** Parameters in order; `/` and `*` markers turn into kinds. */
function readParameters(parametersNode: SyntaxNode | null): Parameter[] {
  if (!parametersNode) return [];
  const parameters: Parameter[] = [];
  let keywordOnly = false;
  for (const child of parametersNode.namedChildren) {
    if (child.type === 'positional_separator') {
      for (const parameter of parameters)
        if (parameter.kind === 'positional_or_keyword') parameter.kind = 'positional_only';
      continue;
    }
    if (child.type === 'keyword_separator') {
      keywordOnly = true;
      continue;
    }
    if (child.type === 'comment') continue;
    const splat = splatKind(child);
    const type = child.childForFieldName('type')?.text ?? null;
    const value = child.childForFieldName('value')?.text ?? null;
    const kind: ParameterKind = splat ?? (keywordOnly ? 'keyword_only' : 'positional_or_keyword');
    if (splat === 'var_positional') keywordOnly = true;
    parameters.push({ name: nameOf(child), kind, type, default: value, required: value === null && splat === null });
  }
  return parameters;
}

function functionSignature(definition: Definition): FunctionSignature {
  const node = definition.node;
  const decorators = decoratorsOf(definition);
  let parameters = readParameters(node.childForFieldName('parameters'));
  let boundTo: string | null = null;
  const isStatic = decorators.some((decorator) => decorator === 'staticmethod' || decorator.endsWith('.staticmethod'));
  if (
    definition.kind === 'method' &&
    !isStatic &&
    parameters.length > 0 &&
    parameters[0].kind !== 'var_positional' &&
    parameters[0].kind !== 'keyword_only'
  ) {
    boundTo = parameters[0].name;
    parameters = parameters.slice(1);
  }
  return {
    kind: definition.kind === 'method' ? 'method' : 'function',
    name: definition.name,
    qualified_name: definition.qualifiedName,
    class_name: definition.className,
    is_async: node.children.some((child) => child.type === 'async'),
    decorators,
    bound_to: boundTo,
    parameters,
    return_type: node.childForFieldName('return_type')?.text ?? null,
  };
}

/** `name: type = default` statements at the top of a class body (dataclasses, NamedTuple, TypedDict, attrs). */
function annotatedFields(body: SyntaxNode | null): Parameter[] {
  if (!body) return [];
  const fields: Parameter[] = [];
  for (const statement of body.namedChildren) {
    if (statement.type !== 'expression_statement') continue;
    const assignment = statement.namedChildren[0];
    if (assignment?.type !== 'assignment') continue;
    const left = assignment.childForFieldName('left');
    const type = assignment.childForFieldName('type')?.text ?? null;
    if (left?.type !== 'identifier' || type === null || /^(typing\.)?ClassVar\b/.test(type)) continue;
    const value = assignment.childForFieldName('right')?.text ?? null;
    fields.push({ name: left.text, kind: 'positional_or_keyword', type, default: value, required: value === null });
  }
  return fields;
}

function classSignature(definition: Definition, all: Definition[]): ClassSignature {
  const node = definition.node;
  const superclasses = node.childForFieldName('superclasses');
  const bases = superclasses
    ? superclasses.namedChildren.filter((child) => child.type !== 'comment').map((child) => child.text)
    : [];
  const methods = all.filter((other) => other.kind === 'method' && other.className === definition.qualifiedName);
  const init = methods.find((method) => method.name === '__init__');
  let parameters: Parameter[] = [];
  let source: ClassSignature['constructor_source'] = 'none';
  if (init) {
    parameters = functionSignature(init).parameters;
    source = '__init__';
  } else {
    parameters = annotatedFields(node.childForFieldName('body'));
    if (parameters.length > 0) source = 'fields';
  }
  return {
    kind: 'class',
    name: definition.name,
    qualified_name: definition.qualifiedName,
    class_name: definition.className,
    decorators: decoratorsOf(definition),
    bases,
    constructor_source: source,
    parameters,
    methods: methods.map((method) => method.name),
  };
}

/** The signature of a definition; `root` is the module it belongs to (a class needs its methods). */
export function readSignature(root: SyntaxNode, definition: Definition): Signature {
  return definition.kind === 'class'
    ? classSignature(definition, listDefinitions(root))
    : functionSignature(definition);
}

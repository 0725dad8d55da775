// Renders a DocModel in Google, NumPy or Sphinx style, with parameter types filled from the signature.
import type { DocEntry, DocModel, DocReturn, DocStyle } from './docstring-model';
import type { Parameter } from './signature';

export type SignatureFacts = { parameters: Parameter[]; returnType: string | null };

/** Adds what the signature knows and the docstring left out: annotations as types, whether a parameter is optional. */
export function completeModel(model: DocModel, facts: SignatureFacts): { model: DocModel; optional: Set<string> } {
  const byName = new Map(facts.parameters.map((parameter) => [parameter.name, parameter]));
  const params = model.params.map((entry) => {
    const parameter = byName.get(entry.name.replace(/^\*+/, ''));
    return { ...entry, type: entry.type ?? parameter?.type ?? null };
  });
  const optional = new Set(
    facts.parameters.filter((parameter) => parameter.default !== null).map((parameter) => parameter.name),
  );
  const withReturnType = (value: DocReturn | null): DocReturn | null => {
    if (!value) return null;
    const annotation = facts.returnType && facts.returnType !== 'None' ? facts.returnType : null;
    return { ...value, type: value.type ?? annotation };
  };
  return {
    model: { ...model, params, returns: withReturnType(model.returns), yields: withReturnType(model.yields) },
    optional,
  };
}

function indentLines(text: string, indent: string): string[] {
  return text.split('\n').map((line) => (line.trim() === '' ? '' : `${indent}${line}`));
}

function prose(model: DocModel): string[] {
  const parts = [model.summary.trim() || 'Undocumented.'];
  if (model.description.trim()) parts.push('', ...model.description.trim().split('\n'));
  return parts;
}

/** Lines after an entry's first, indented; none when there are none. */
function continuation(rest: string[], indent: string): string[] {
  return rest.length === 0 ? [] : indentLines(rest.join('\n'), indent);
}

/** How a sectioned style (Google, NumPy) writes a section's heading and each kind of entry. */
type SectionStyle = {
  heading: (title: string) => string[];
  paramsTitle: string;
  /** `types`: the entry's type, and "optional" where that applies, as one text (possibly empty). */
  entry: (item: DocEntry, types: string) => string[];
  returning: (value: DocReturn) => string[];
  raised: (item: DocEntry) => string[];
  otherBody: (body: string) => string[];
};

/** The prose, then the sections in the one order both styles use; an empty section is left out. */
function renderSections(model: DocModel, optional: Set<string>, style: SectionStyle): string {
  const lines = prose(model);
  const section = (title: string, body: string[]) => {
    if (body.length === 0) return;
    lines.push('', ...style.heading(title), ...body);
  };
  const entries = (items: DocEntry[], withOptional: boolean) =>
    items.flatMap((item) =>
      style.entry(
        item,
        [item.type, withOptional && optional.has(item.name) ? 'optional' : null].filter(Boolean).join(', '),
      ),
    );
  section(style.paramsTitle, entries(model.params, true));
  section('Attributes', entries(model.attributes, false));
  section('Returns', model.returns ? style.returning(model.returns) : []);
  section('Yields', model.yields ? style.returning(model.yields) : []);
  section('Raises', model.raises.flatMap(style.raised));
  for (const other of model.other) section(other.title, style.otherBody(other.body));
  return lines.join('\n');
}

const GOOGLE: SectionStyle = {
  heading: (title) => [`${title}:`],
  paramsTitle: 'Args',
  entry: (item, types) => {
    const head = `${item.name}${types ? ` (${types})` : ''}:`;
    const [first = '', ...rest] = item.description.split('\n');
    return [`    ${head}${first ? ` ${first}` : ''}`, ...continuation(rest, '        ')];
  },
  returning: (value) => {
    const [first = '', ...rest] = value.description.split('\n');
    const head = value.type ? `${value.type}: ${first}`.trimEnd() : first;
    return [`    ${head}`, ...continuation(rest, '    ')];
  },
  raised: (item) => {
    const [first = '', ...rest] = item.description.split('\n');
    return [`    ${item.name}:${first ? ` ${first}` : ''}`, ...continuation(rest, '        ')];
  },
  otherBody: (body) => indentLines(body, '    '),
};

const NUMPY: SectionStyle = {
  heading: (title) => [title, '-'.repeat(title.length)],
  paramsTitle: 'Parameters',
  entry: (item, types) => [
    types ? `${item.name} : ${types}` : item.name,
    ...(item.description ? indentLines(item.description, '    ') : []),
  ],
  returning: (value) => [value.type ?? 'object', ...(value.description ? indentLines(value.description, '    ') : [])],
  raised: (item) => [item.name, ...(item.description ? indentLines(item.description, '    ') : [])],
  otherBody: (body) => body.split('\n'),
};

function renderSphinx(model: DocModel): string {
  const lines = prose(model);
  const fields: string[] = [];
  const field = (head: string, description: string) => {
    const [first = '', ...rest] = description.split('\n');
    fields.push(`${head}${first ? ` ${first}` : ''}`, ...continuation(rest, '    '));
  };
  for (const item of model.params) {
    field(`:param ${item.name.replace(/^\*+/, '')}:`, item.description);
    if (item.type) fields.push(`:type ${item.name.replace(/^\*+/, '')}: ${item.type}`);
  }
  for (const item of model.attributes) {
    field(`:ivar ${item.name}:`, item.description);
    if (item.type) fields.push(`:vartype ${item.name}: ${item.type}`);
  }
  if (model.returns) {
    field(':returns:', model.returns.description);
    if (model.returns.type) fields.push(`:rtype: ${model.returns.type}`);
  }
  if (model.yields) {
    field(':yields:', model.yields.description);
    if (model.yields.type) fields.push(`:ytype: ${model.yields.type}`);
  }
  for (const item of model.raises) field(`:raises ${item.name}:`, item.description);
  if (fields.length > 0) lines.push('', ...fields);
  for (const other of model.other)
    lines.push('', `${other.title[0].toUpperCase()}${other.title.slice(1)}:`, ...indentLines(other.body, '    '));
  return lines.join('\n');
}

/** The docstring's text (without quotes or indentation) in the given style. */
export function renderDocstring(model: DocModel, style: DocStyle, optional: Set<string> = new Set()): string {
  if (style === 'numpy') return renderSections(model, optional, NUMPY);
  if (style === 'sphinx') return renderSphinx(model);
  return renderSections(model, optional, GOOGLE);
}

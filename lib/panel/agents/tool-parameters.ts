// A tool's JSON Schema as rows people can read (name, type, required, description, allowed values),
// beside the schema itself. Read leniently: a schema the page shows may be invalid.
import { isRecord } from '../../protocol/records';

export type ParameterRow = {
  name: string;
  /** "string", "array of string", "object", "integer | null"... */
  type: string;
  required: boolean;
  description: string | null;
  /** Allowed values (enum or const), as JSON. */
  allowed: string[] | null;
  /** The default, as JSON. */
  defaultValue: string | null;
  /** Nested properties of an object parameter, one level deep per row. */
  children: ParameterRow[];
};

function record(value: unknown): Record<string, unknown> | null {
  return isRecord(value) ? value : null;
}

function typeOf(schema: Record<string, unknown>): string {
  const type = schema.type;
  const base = Array.isArray(type) ? type.map(String).join(' | ') : typeof type === 'string' ? type : null;
  if (base === 'array') {
    const items = record(schema.items);
    return items ? `array of ${typeOf(items)}` : 'array';
  }
  if (base) return base;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options))
      return options.map((option) => (record(option) ? typeOf(record(option)!) : '?')).join(' | ');
  }
  if ('enum' in schema || 'const' in schema) return 'value';
  return 'any';
}

export function parameterRows(schema: unknown, depth = 0): ParameterRow[] {
  const object = record(schema);
  const properties = record(object?.properties);
  if (!object || !properties) return [];
  const required = Array.isArray(object.required) ? object.required.map(String) : [];
  return Object.entries(properties).map(([name, value]) => {
    const property = record(value) ?? {};
    const allowed = Array.isArray(property.enum)
      ? property.enum.map((item) => JSON.stringify(item))
      : 'const' in property
        ? [JSON.stringify(property.const)]
        : null;
    const nested =
      property.type === 'object' ? property : record(property.items)?.type === 'object' ? record(property.items) : null;
    return {
      name,
      type: typeOf(property),
      required: required.includes(name),
      description: typeof property.description === 'string' ? property.description : null,
      allowed,
      defaultValue: 'default' in property ? JSON.stringify(property.default) : null,
      // Deep schemas stay readable in the raw view; the table goes two levels down.
      children: depth < 2 && nested ? parameterRows(nested, depth + 1) : [],
    };
  });
}

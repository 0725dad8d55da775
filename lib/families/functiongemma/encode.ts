// Encodes values, calls, tool responses and tool declarations in FunctionGemma's native syntax
// (spec/functiongemma.md). Strings are wrapped in <escape>, numbers and booleans are bare,
// arrays are [a,b] and objects {key:value} with bare keys.
import type { JsonSchema, ToolSpec } from '../../protocol/messages';
import { parseJson } from '../../protocol/json';
import { isRecord } from '../../protocol/records';

import {
  END_FUNCTION_CALL,
  END_FUNCTION_DECLARATION,
  END_FUNCTION_RESPONSE,
  ESCAPE,
  START_FUNCTION_CALL,
  START_FUNCTION_DECLARATION,
  START_FUNCTION_RESPONSE,
} from '../../protocol/functiongemma-tokens';

export function escapeString(text: string): string {
  return ESCAPE + text + ESCAPE;
}

/**
 * Keys in the order the model's template writes them. The template sorts with Jinja's `dictsort`,
 * which ignores case by default and is stable, so "B" comes after "a" and "a"/"A" keep their order.
 */
export function sortKeysLikeTemplate(keys: string[]): string[] {
  return keys
    .map((key, index) => ({ key, folded: key.toLowerCase(), index }))
    .sort((left, right) =>
      left.folded < right.folded ? -1 : left.folded > right.folded ? 1 : left.index - right.index,
    )
    .map((entry) => entry.key);
}

/** `key:value,...` for an object's defined fields, keys sorted as the template sorts them. */
function encodeFields(object: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const key of sortKeysLikeTemplate(Object.keys(object))) {
    const value = object[key];
    // As in JSON, an undefined field is absent rather than null.
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
    parts.push(`${key}:${encodeValue(value)}`);
  }
  return parts.join(',');
}

/** One value in native syntax. Non-finite numbers become null, as JSON would write them. */
export function encodeValue(value: unknown): string {
  if (typeof value === 'string') return escapeString(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'bigint') return value.toString();
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value))
    return `[${value.map((item) => (item === undefined ? 'null' : encodeValue(item))).join(',')}]`;
  if (isRecord(value)) return `{${encodeFields(value)}}`;
  return 'null';
}

/** `<start_function_call>call:NAME{...}<end_function_call>` */
export function encodeCall(name: string, args: Record<string, unknown>): string {
  return `${START_FUNCTION_CALL}call:${name}{${encodeFields(args)}}${END_FUNCTION_CALL}`;
}

/** A tool result: an object is written with its sorted fields, anything else as `{value:...}`. */
export function encodeResponse(name: string, result: unknown): string {
  const body = isRecord(result) ? encodeFields(result) : `value:${encodeValue(result)}`;
  return `${START_FUNCTION_RESPONSE}response:${name}{${body}}${END_FUNCTION_RESPONSE}`;
}

/**
 * A `role: tool` message's content (always a string in OpenAI's shape): JSON of an object is written
 * as that object; any other text, JSON scalars and arrays included, as the string value.
 */
export function encodeToolMessage(name: string, content: string): string {
  const parsed = parseJson(content);
  if (parsed.ok && isRecord(parsed.value)) return encodeResponse(name, parsed.value);
  return encodeResponse(name, content);
}

function schemaType(schema: Record<string, unknown>): string | null {
  const type = schema.type;
  if (typeof type === 'string') return type.toUpperCase();
  // ["string", "null"]: the format has one type per field, so the first non-null one stands for it.
  if (Array.isArray(type)) {
    const first = type.find((entry) => typeof entry === 'string' && entry !== 'null');
    if (typeof first === 'string') return first.toUpperCase();
  }
  return null;
}

/**
 * A JSON schema in declaration syntax. Only the keys the model was shown are written, in sorted
 * order: description, enum, items, properties, required, type. Others (default, minimum, format,
 * additionalProperties...) are left out, as the model's template leaves them out.
 */
export function encodeSchema(schema: JsonSchema): string {
  const parts: string[] = [];
  if (typeof schema.description === 'string') parts.push(`description:${escapeString(schema.description)}`);
  if (Array.isArray(schema.enum)) parts.push(`enum:${encodeValue(schema.enum)}`);
  if (isRecord(schema.items)) parts.push(`items:{${encodeSchema(schema.items)}}`);
  if (isRecord(schema.properties) && Object.keys(schema.properties).length > 0) {
    const properties = schema.properties;
    const fields = sortKeysLikeTemplate(Object.keys(properties)).map((key) => {
      const property = properties[key];
      return `${key}:{${isRecord(property) ? encodeSchema(property) : ''}}`;
    });
    parts.push(`properties:{${fields.join(',')}}`);
  }
  if (Array.isArray(schema.required) && schema.required.length > 0) {
    const names = schema.required.filter((name): name is string => typeof name === 'string');
    parts.push(`required:[${names.map(escapeString).join(',')}]`);
  }
  const type = schemaType(schema);
  if (type !== null) parts.push(`type:${escapeString(type)}`);
  return parts.join(',');
}

/** `<start_function_declaration>declaration:NAME{description:...,parameters:{...}}<end_function_declaration>` */
export function encodeDeclaration(tool: ToolSpec): string {
  const { name, description, parameters } = tool.function;
  let body = `description:${escapeString(description ?? '')}`;
  // A tool without parameters has none written, as the template skips an empty mapping.
  if (isRecord(parameters) && Object.keys(parameters).length > 0) body += `,parameters:{${encodeSchema(parameters)}}`;
  return `${START_FUNCTION_DECLARATION}declaration:${name}{${body}}${END_FUNCTION_DECLARATION}`;
}

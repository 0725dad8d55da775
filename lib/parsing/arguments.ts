// Checks a call's arguments against its tool's JSON schema, coercing values whose type the wire format
// lost ("42" for an integer field) and filling defaults. Errors are worded for a small model to act on.
import type { ErrorObject } from 'ajv';
import type { JsonSchema } from '../protocol/messages';
import { errorMessage } from '../errors';
import { isRecord } from '../protocol/records';
import { compiledSchema, metaSchemaErrors } from './schema-compiler';

export type ArgumentsCheck =
  | { ok: true; value: Record<string, unknown>; coerced: boolean }
  | { ok: false; errors: string[]; value: Record<string, unknown> };

/** Copies JSON-like data so that ajv's coercion and defaults never touch the caller's object. */
function cloneJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(cloneJson);
  if (!isRecord(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = cloneJson(value[key]);
    // A plain assignment to "__proto__" would replace the prototype instead of copying the key.
    if (key === '__proto__')
      Object.defineProperty(copy, key, { value: item, enumerable: true, writable: true, configurable: true });
    else copy[key] = item;
  }
  return copy;
}

/** True when a value the caller gave was changed (coerced); keys added as defaults do not count. */
function changed(before: unknown, after: unknown): boolean {
  if (before === after) return false;
  if (Array.isArray(before)) {
    if (!Array.isArray(after) || after.length !== before.length) return true;
    return before.some((item, index) => changed(item, after[index]));
  }
  if (isRecord(before)) {
    if (!isRecord(after)) return true;
    return Object.keys(before).some((key) => changed(before[key], after[key]));
  }
  return true;
}

/** "/config/items/0" -> "config.items[0]" */
function argumentPath(pointer: string, child?: unknown): string {
  const segments =
    pointer === ''
      ? []
      : pointer
          .slice(1)
          .split('/')
          .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (typeof child === 'string') segments.push(child);
  let path = '';
  for (const segment of segments) {
    if (/^\d+$/.test(segment) && path !== '') path += `[${segment}]`;
    else path += path === '' ? segment : `.${segment}`;
  }
  return path;
}

function describeError(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const path = argumentPath(error.instancePath);
  const subject = path === '' ? 'the arguments' : `argument "${path}"`;
  switch (error.keyword) {
    case 'required':
      return `argument "${argumentPath(error.instancePath, params.missingProperty)}" is required`;
    case 'additionalProperties':
      return `unknown argument "${argumentPath(error.instancePath, params.additionalProperty)}"`;
    case 'unevaluatedProperties':
      return `unknown argument "${argumentPath(error.instancePath, params.unevaluatedProperty)}"`;
    case 'type': {
      const types = Array.isArray(params.type) ? params.type : String(params.type).split(',');
      return `${subject} must be ${types.join(' or ')}`;
    }
    case 'enum': {
      const allowed = Array.isArray(params.allowedValues) ? params.allowedValues : [];
      return `${subject} must be one of ${allowed.map((item) => JSON.stringify(item)).join(', ')}`;
    }
    case 'const':
      return `${subject} must be ${JSON.stringify(params.allowedValue)}`;
    default:
      return `${subject} ${error.message ?? `fails the "${error.keyword}" rule`}`;
  }
}

function describeErrors(errors: ErrorObject[] | null | undefined): string[] {
  const messages = (errors ?? []).map(describeError);
  return messages.length === 0 ? ['the arguments do not match the schema'] : [...new Set(messages)];
}

/**
 * Validates (a copy of) the arguments against the schema. On success `value` holds the coerced
 * arguments with defaults filled in and `coerced` says whether any given value changed type.
 */
export function checkArguments(schema: JsonSchema, args: Record<string, unknown>): ArgumentsCheck {
  try {
    if (!isRecord(args)) return { ok: false, errors: ['the arguments must be an object'], value: {} };
    const value = cloneJson(args) as Record<string, unknown>;
    if (!isRecord(schema)) return { ok: false, errors: ["the tool's parameters are not a JSON schema object"], value };
    const compiled = compiledSchema(schema);
    if (!compiled.ok)
      return { ok: false, errors: [`the tool's parameters schema is invalid: ${compiled.problem}`], value };
    if (compiled.validate(value)) return { ok: true, value, coerced: changed(args, value) };
    return { ok: false, errors: describeErrors(compiled.validate.errors), value };
  } catch (error) {
    return { ok: false, errors: [`the arguments could not be checked: ${errorMessage(error)}`], value: {} };
  }
}

/** Problems that make `schema` unusable as a tool's `parameters` (empty when it is a valid JSON Schema). */
export function checkSchema(schema: unknown): string[] {
  try {
    if (!isRecord(schema)) return ['the parameters schema must be a JSON object'];
    const problems: string[] = [];
    if (schema.type !== undefined && schema.type !== 'object') {
      problems.push(`the parameters schema must have type "object", not ${JSON.stringify(schema.type)}`);
    }
    const metaErrors = metaSchemaErrors(schema);
    if (metaErrors.length > 0) {
      for (const error of metaErrors)
        problems.push(
          `schema${error.instancePath || ''}: ${error.message ?? error.keyword}${allowedValuesHint(error)}`,
        );
      return [...new Set(problems)];
    }
    const compiled = compiledSchema(schema);
    if (!compiled.ok) problems.push(compiled.problem);
    return problems;
  } catch (error) {
    return [`the parameters schema could not be checked: ${errorMessage(error)}`];
  }
}

function allowedValuesHint(error: ErrorObject): string {
  const allowed = (error.params as Record<string, unknown>).allowedValues;
  return Array.isArray(allowed) ? ` (${allowed.map((item) => JSON.stringify(item)).join(', ')})` : '';
}

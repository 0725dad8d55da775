// JSON read as Python's json.loads reads it, for BFCL's checker: a number written with a point or an
// exponent is a float (5.0), one without is an int (5), and Python's == and `in` compare them. A
// JavaScript number cannot tell 5 from 5.0, so floats are kept as PyFloat.
import { parse } from 'lossless-json';

export class PyFloat {
  constructor(readonly value: number) {}
  toString(): string {
    return Number.isInteger(this.value) ? this.value.toFixed(1) : String(this.value);
  }
}

export type PyType = 'str' | 'int' | 'float' | 'bool' | 'list' | 'dict' | 'NoneType';

/** JSON text to Python-like values (ints as numbers, floats as PyFloat). Throws on bad JSON. */
export function parsePythonJson(text: string): unknown {
  return parse(text, null, {
    parseNumber: (literal: string) => (/[.eE]/.test(literal) ? new PyFloat(Number(literal)) : Number(literal)),
  });
}

/** Plain JavaScript values (already parsed) as Python would hold them: an integral number is an int. */
export function fromJavaScript(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fromJavaScript);
  if (isPlainObject(value))
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fromJavaScript(item)]));
  if (typeof value === 'number' && !Number.isInteger(value)) return new PyFloat(value);
  return value;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof PyFloat);
}

/** Python's type(value).__name__. */
export function pyType(value: unknown): PyType {
  if (value === null || value === undefined) return 'NoneType';
  if (typeof value === 'string') return 'str';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return 'int';
  if (value instanceof PyFloat) return 'float';
  if (Array.isArray(value)) return 'list';
  return 'dict';
}

function numeric(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof PyFloat) return value.value;
  return null;
}

/** Python's ==: numbers (bool, int, float) by value, lists item by item, dicts key by key. */
function pyEquals(first: unknown, second: unknown): boolean {
  const a = numeric(first);
  const b = numeric(second);
  if (a !== null || b !== null) return a !== null && b !== null && a === b;
  if (Array.isArray(first) || Array.isArray(second)) {
    return (
      Array.isArray(first) &&
      Array.isArray(second) &&
      first.length === second.length &&
      first.every((item, index) => pyEquals(item, second[index]))
    );
  }
  if (isPlainObject(first) && isPlainObject(second)) {
    const keys = Object.keys(first);
    return (
      keys.length === Object.keys(second).length &&
      keys.every((key) => key in second && pyEquals(first[key], second[key]))
    );
  }
  return first === second;
}

/** Python's `value in values`. */
export function pyIn(value: unknown, values: unknown[]): boolean {
  return values.some((candidate) => pyEquals(value, candidate));
}

/** Python's repr, roughly: for error messages only. */
export function pyRepr(value: unknown): string {
  if (typeof value === 'string') return `'${value}'`;
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number' || value instanceof PyFloat) return String(value);
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(', ')}]`;
  return `{${Object.entries(value as Record<string, unknown>)
    .map(([key, item]) => `'${key}': ${pyRepr(item)}`)
    .join(', ')}}`;
}

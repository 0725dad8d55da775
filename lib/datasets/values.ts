// How a value the model gave is compared with an accepted one, in the way BFCL's AST checker does.
//
// BFCL (ShishirPatil/gorilla, berkeley-function-call-leaderboard/bfcl_eval/eval_checker/ast_eval/
// ast_checker.py, `standardize_string`) compares strings after removing every space and the
// characters , . / - _ * ^, lowercasing, and turning single quotes into double quotes, "so as not to
// punish a model for April 1, 2024 vs April 1,2024"; lists compare item by item after the same
// normalisation; an integer is accepted where a float is expected. We apply exactly that, and on top
// also ignore any other punctuation and whitespace around a string ("Paris!" = "paris"), which the
// issue asks for and which BFCL's rule does not cover.
import { isRecord } from '../protocol/records';

const BFCL_REMOVED = /[ ,./\-_*^]/g;
const SURROUNDING = /^[\p{P}\s]+|[\p{P}\s]+$/gu;

export function normalizeString(value: string): string {
  return value.replace(SURROUNDING, '').replace(BFCL_REMOVED, '').toLowerCase().replace(/'/g, '"');
}

/** Equal after normalisation: strings as above, numbers by value (72 = 72.0), arrays in order, objects key by key. */
export function valuesMatch(actual: unknown, accepted: unknown): boolean {
  if (typeof actual === 'string' && typeof accepted === 'string')
    return normalizeString(actual) === normalizeString(accepted);
  if (typeof actual === 'number' && typeof accepted === 'number') return actual === accepted;
  if (Array.isArray(actual) || Array.isArray(accepted)) {
    if (!Array.isArray(actual) || !Array.isArray(accepted) || actual.length !== accepted.length) return false;
    return actual.every((item, index) => valuesMatch(item, accepted[index]));
  }
  if (isRecord(actual) || isRecord(accepted)) {
    if (!isRecord(actual) || !isRecord(accepted)) return false;
    const keys = Object.keys(actual);
    if (keys.length !== Object.keys(accepted).length) return false;
    return keys.every((key) => Object.hasOwn(accepted, key) && valuesMatch(actual[key], accepted[key]));
  }
  return actual === accepted;
}

/** The JSON type of a value, as JSON Schema names it (an integer is "integer"). */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'object') return 'object';
  return typeof value;
}

/**
 * Whether a value has the JSON Schema type (or one of the types) a property declares. An integer is
 * accepted where a number is expected. An unknown or missing type accepts anything.
 */
export function typeMatches(value: unknown, declared: unknown): boolean {
  if (Array.isArray(declared)) return declared.length === 0 || declared.some((type) => typeMatches(value, type));
  if (typeof declared !== 'string') return true;
  switch (declared) {
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isRecord(value);
    case 'null':
      return value === null;
    default:
      return true;
  }
}

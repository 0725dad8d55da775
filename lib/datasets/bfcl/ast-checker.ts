// BFCL's AST checker (ShishirPatil/gorilla, berkeley-function-call-leaderboard, bfcl_eval/eval_checker/
// ast_eval/ast_checker.py), rule for rule, for Python-language cases: written from its published
// rules so that `bfcl` scoring gives leaderboard-comparable numbers. Its quirks are kept on purpose
// (string normalisation only one level deep, greedy parallel matching in the order of the answers,
// "variable" answers, a literal "" both meaning "may be absent" and matching an empty string).
import { PyFloat, isPlainObject, pyIn, pyRepr, pyType, type PyType } from './python-values';

export type BfclParameter = { type: string; items?: { type?: string } };
export type BfclFunction = {
  name: string;
  parameters: { properties: Record<string, BfclParameter>; required?: string[] };
};
/** One call as the checker reads a model's output: {name: {argument: value}}. */
export type BfclCall = Record<string, Record<string, unknown>>;
/** One expected call: {name: {argument: [accepted values]}} ("" among them: may be absent). */
export type BfclAnswer = Record<string, Record<string, unknown[]>>;
export type BfclResult = { valid: boolean; errors: string[]; errorType: string | null };

const PYTHON_TYPES: Record<string, PyType> = {
  string: 'str',
  integer: 'int',
  float: 'float',
  boolean: 'bool',
  array: 'list',
  tuple: 'list',
  dict: 'dict',
  any: 'str',
};
const NESTED_TYPES = ['array', 'tuple'];

const VALID: BfclResult = { valid: true, errors: [], errorType: null };
const invalid = (errorType: string, ...errors: string[]): BfclResult => ({ valid: false, errors, errorType });

/**
 * The checker's entry point: `parallel` and `multiple` categories by name, else one call against the first function.
 */
export function astCheck(
  functions: BfclFunction[],
  output: BfclCall[],
  answers: BfclAnswer[],
  category: string,
): BfclResult {
  if (category.includes('parallel')) return parallelNoOrder(functions, output, answers);
  if (category.includes('multiple')) {
    if (output.length !== answers.length)
      return invalid('multiple_function_checker:wrong_count', 'Wrong number of functions.');
    const description = functions.find((candidate) => candidate.name === Object.keys(answers[0])[0]);
    if (!description)
      return invalid('multiple_function_checker:no_description', 'No function is described for the expected call.');
    return simpleFunction(description, output[0], answers[0]);
  }
  if (output.length !== 1) return invalid('simple_function_checker:wrong_count', 'Wrong number of functions.');
  return simpleFunction(functions[0], output[0], answers[0]);
}

function parallelNoOrder(functions: BfclFunction[], output: BfclCall[], answers: BfclAnswer[]): BfclResult {
  if (output.length !== answers.length)
    return invalid('parallel_function_checker_no_order:wrong_count', 'Wrong number of functions.');
  const matched: number[] = [];
  // Greedy, as BFCL does: each expected call takes the first unmatched call that passes.
  for (const [answerIndex, answer] of answers.entries()) {
    const description = functions.find((candidate) => candidate.name === Object.keys(answer)[0]);
    if (!description)
      return invalid(
        'parallel_function_checker_no_order:no_description',
        'No function is described for an expected call.',
      );
    let found = false;
    for (let index = 0; index < output.length && !found; index += 1) {
      if (matched.includes(index)) continue;
      if (simpleFunction(description, output[index], answer).valid) {
        matched.push(index);
        found = true;
      }
    }
    if (!found)
      return invalid(
        'parallel_function_checker_no_order:cannot_find_match',
        `Could not find a matching function among the model output for index ${answerIndex} of possible answers.`,
      );
  }
  return VALID;
}

function pythonType(name: string | undefined): PyType {
  const type = name === undefined ? undefined : PYTHON_TYPES[name];
  if (!type) throw new UnsupportedType(name ?? '(none)');
  return type;
}

class UnsupportedType extends Error {
  constructor(readonly typeName: string) {
    super(`BFCL's Python checker has no type "${typeName}"`);
  }
}

function simpleFunction(description: BfclFunction, call: BfclCall, answer: BfclAnswer): BfclResult {
  const possible = Object.values(answer)[0];
  const name = description.name;
  if (!(name in call))
    return invalid('simple_function_checker:wrong_func_name', `Function name '${name}' not found in model output.`);
  const given = call[name];
  const properties = description.parameters.properties;
  for (const parameter of description.parameters.required ?? []) {
    if (!(parameter in given))
      return invalid('simple_function_checker:missing_required', `Missing required parameter: '${parameter}'.`);
  }
  for (const [parameter, raw] of Object.entries(given)) {
    if (!(parameter in properties) || !(parameter in possible))
      return invalid('simple_function_checker:unexpected_param', `Unexpected parameter: '${parameter}'.`);
    const typeName = properties[parameter].type;
    let expected: PyType;
    let nested: PyType | null = null;
    try {
      expected = pythonType(typeName);
      if (NESTED_TYPES.includes(typeName)) nested = pythonType(properties[parameter].items?.type);
    } catch (error) {
      if (error instanceof UnsupportedType) return invalid('type_error:unsupported', error.message);
      throw error;
    }
    // Python's int is taken where a float is expected.
    const value = typeName === 'float' && pyType(raw) === 'int' ? new PyFloat(raw as number) : raw;
    const typed = typeCheck(parameter, value, possible[parameter], typeName, expected, nested);
    if (!typed.result.valid) return typed.result;
    if (!typed.isVariable) {
      let special: BfclResult | null = null;
      if (expected === 'dict') special = dictCheck(parameter, value as Record<string, unknown>, possible[parameter]);
      else if (expected === 'list' && nested === 'dict')
        special = listOfDictsCheck(value as unknown[], possible[parameter]);
      else if (expected === 'str') special = stringCheck(parameter, value as string, possible[parameter]);
      else if (expected === 'list') special = listCheck(parameter, value as unknown[], possible[parameter]);
      if (special) {
        if (!special.valid) return special;
        continue;
      }
    }
    if (!pyIn(value, possible[parameter]))
      return invalid(
        'value_error:others',
        `Invalid value for parameter '${parameter}': ${pyRepr(value)}. Expected one of ${pyRepr(possible[parameter])}.`,
      );
  }
  for (const [parameter, accepted] of Object.entries(possible)) {
    if (!(parameter in given) && !pyIn('', accepted))
      return invalid(
        'simple_function_checker:missing_optional',
        `Optional parameter '${parameter}' not provided and not marked as optional.`,
      );
  }
  return VALID;
}

/** The type of the first accepted value that is not "" (the type a "variable" answer is written in). */
function answerType(accepted: unknown[]): PyType | null {
  const first = accepted.find((candidate) => candidate !== '');
  return first === undefined ? null : pyType(first);
}

type TypeCheck = { result: BfclResult; isVariable: boolean };

function typeCheck(
  parameter: string,
  value: unknown,
  accepted: unknown[],
  typeName: string,
  expected: PyType,
  nested: PyType | null,
): TypeCheck {
  const written = answerType(accepted);
  const isVariable = written !== null && written !== expected;
  let failure: BfclResult | null = null;
  if (pyType(value) === expected) {
    if (nested === null) return { result: VALID, isVariable };
    for (const candidate of accepted) {
      // A candidate that is not a list (a "" or a variable name) checks nothing, so it passes.
      const itemsFit =
        !Array.isArray(candidate) ||
        (value as unknown[]).every((item) => typeCheck(parameter, item, candidate, nested, nested, null).result.valid);
      if (itemsFit) return { result: VALID, isVariable };
    }
    failure = invalid(
      'type_error:nested',
      `Nested type checking failed for parameter '${parameter}'. ` +
        `Expected outer type ${typeName} with inner type ${nested}. Parameter value: ${pyRepr(value)}.`,
    );
  }
  // A value of the answers' own type is a "variable" answer; after a failed nested check it stays a failure.
  if (written !== null && pyType(value) === written) return { result: failure ?? VALID, isVariable: true };
  const message =
    `Incorrect type for parameter '${parameter}'. ` +
    `Expected type ${typeName}, got ${pyType(value)}. Parameter value: ${pyRepr(value)}.`;
  return {
    result: { valid: false, errors: [...(failure?.errors ?? []), message], errorType: 'type_error:simple' },
    isVariable: false,
  };
}

/** BFCL's standardize_string: spaces and , . / - _ * ^ removed, lower case, ' as ". */
function standardizeString(text: string): string {
  return text
    .replace(/[ ,./\-_*^]/g, '')
    .toLowerCase()
    .replace(/'/g, '"');
}

const standardized = (value: unknown) => (typeof value === 'string' ? standardizeString(value) : value);

function stringCheck(parameter: string, value: string, accepted: unknown[]): BfclResult {
  const candidates = accepted
    .filter((candidate): candidate is string => typeof candidate === 'string')
    .map(standardizeString);
  if (candidates.includes(standardizeString(value))) return VALID;
  return invalid(
    'value_error:string',
    `Invalid value for parameter '${parameter}': ${pyRepr(value)}. ` +
      `Expected one of ${pyRepr(accepted)}. Case insensitive.`,
  );
}

/** Only the list's own string items are standardised (not strings nested deeper). */
function listCheck(parameter: string, value: unknown[], accepted: unknown[]): BfclResult {
  const given = value.map(standardized);
  // Python iterates a string answer ("" included) character by character.
  const candidates = accepted.map((candidate) =>
    (typeof candidate === 'string' ? Array.from(candidate) : Array.isArray(candidate) ? candidate : []).map(
      standardized,
    ),
  );
  if (pyIn(given, candidates)) return VALID;
  return invalid(
    'value_error:list/tuple',
    `Invalid value for parameter '${parameter}': ${pyRepr(value)}. Expected one of ${pyRepr(accepted)}.`,
  );
}

function dictCheck(parameter: string, value: Record<string, unknown>, accepted: unknown[]): BfclResult {
  let result = invalid('dict_checker:unclear');
  for (const candidate of accepted) {
    if (candidate === '') continue;
    if (!isPlainObject(candidate)) continue;
    const errors: string[] = [];
    let errorType = 'dict_checker:unclear';
    for (const [key, item] of Object.entries(value)) {
      if (!(key in candidate)) {
        errors.push(`Unexpected dict key parameter: '${key}'.`);
        errorType = 'value_error:dict_key';
        break;
      }
      const options = Array.isArray(candidate[key]) ? (candidate[key] as unknown[]).map(standardized) : [];
      if (!pyIn(standardized(item), options)) {
        errors.push(`Invalid value for parameter '${key}': ${pyRepr(item)}. Expected one of ${pyRepr(options)}.`);
        errorType = 'value_error:dict_value';
        break;
      }
    }
    for (const [key, options] of Object.entries(candidate)) {
      if (!(key in value) && !(Array.isArray(options) && pyIn('', options))) {
        errors.push(`Missing dict key parameter: '${key}'.`);
        errorType = 'value_error:dict_key';
        break;
      }
    }
    if (errors.length === 0) return VALID;
    result = { valid: false, errors, errorType };
  }
  void parameter;
  return result;
}

function listOfDictsCheck(value: unknown[], accepted: unknown[]): BfclResult {
  let result = invalid('list_dict_checker:unclear');
  for (const candidate of accepted) {
    const entries = Array.isArray(candidate) ? candidate : typeof candidate === 'string' ? Array.from(candidate) : [];
    if (value.length !== entries.length) {
      result = invalid('value_error:list_dict_count', 'Wrong number of dictionaries in the list.');
      continue;
    }
    let all = true;
    for (const [index, item] of value.entries()) {
      result = isPlainObject(item) ? dictCheck('', item, [entries[index]]) : invalid('dict_checker:unclear');
      if (!result.valid) {
        all = false;
        break;
      }
    }
    if (all) return VALID;
  }
  return result;
}

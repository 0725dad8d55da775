// `bfcl` scoring: the first response judged by BFCL's AST checker (ast-checker.ts), as a Verdict so
// that accuracy, the confusion table and per-case verdicts work the same as with lenient scoring.
// What the checker gets:
// - functions and ground truth: as BFCL gave them when the case was imported from BFCL
//   (Expectation.bfcl); otherwise derived from the case's JSON Schema tools and expected calls
//   (number: float, object: dict, a missing or mixed type: any; an optional argument: "" accepted);
// - the model's calls as Python's json.loads reads them: from the raw `arguments` text of structured
//   tool_calls (so 5.0 is a float), else from the parsed values (a whole number is an int);
// - the category: BFCL's id for imported cases, else "parallel" for several expected calls and
//   "multiple" for one (the expected function is looked up by name).
import type { ConversationRecord } from '../../runner/types';
import type { Expectation, ExpectedCall } from '../../protocol/expectation';
import type { ToolSchemas } from '../score';
import { scoreConversation } from '../score-conversation';
import type { FailureKind, Verdict } from '../verdict';
import { astCheck, type BfclAnswer, type BfclCall, type BfclFunction, type BfclParameter } from './ast-checker';
import { fromJavaScript, isPlainObject, parsePythonJson } from './python-values';

export function scoreConversationBfcl(
  record: Pick<ConversationRecord, 'modelCalls'>,
  expectation: Expectation,
  schemas: ToolSchemas,
): Verdict {
  const first = record.modelCalls[0];
  // The lenient verdict gives the shape (calls, pairs by name, name correctness); the checker decides.
  const lenient = scoreConversation(record, expectation, schemas);
  if (!first || first.status !== 'ok' || expectation.kind === 'no_call')
    return { ...lenient, scoring: 'bfcl', bfclErrorType: lenient.correct ? null : 'irrelevance' };
  const output = modelOutput(first);
  const { functions, answers, category } = checkerInput(expectation.calls, expectation.bfcl, schemas);
  const result =
    output.length === 0
      ? { valid: false, errors: ['The model made no function call.'], errorType: 'ast_decoder:decoder_failed' }
      : astCheck(functions, output, answers, category);
  const kind = failureKind(result.errorType, output.length, answers.length);
  return {
    ...lenient,
    correct: result.valid,
    argumentsCorrect: lenient.nameCorrect ? result.valid : null,
    pairs: lenient.pairs.map((pair) => ({ ...pair, correct: result.valid && pair.expectedName === pair.calledName })),
    failures: result.valid
      ? []
      : [
          {
            kind,
            expectedCall: null,
            calledCall: null,
            argument: null,
            message: result.errors.map(String).join(' ') || result.errorType || 'not valid',
          },
        ],
    scoring: 'bfcl',
    bfclErrorType: result.errorType,
  };
}

/** The calls of a response as BFCL decodes them: [{name: arguments}]. */
function modelOutput(call: ConversationRecord['modelCalls'][number]): BfclCall[] {
  const raw = rawArguments(call.response);
  return call.parsedCalls.map((parsed, index) => {
    const text = call.parsePath === 'tool_calls' && raw.length === call.parsedCalls.length ? raw[index] : null;
    let values: unknown = null;
    if (text !== null) {
      try {
        values = parsePythonJson(text.trim() === '' ? '{}' : text);
      } catch {
        // Unreadable text: the parsed values (already reported as unreadable) stand in.
        values = null;
      }
    }
    const args = isPlainObject(values) ? values : (fromJavaScript(parsed.arguments) as Record<string, unknown>);
    return { [parsed.name]: args };
  });
}

function rawArguments(response: unknown): (string | null)[] {
  const message = (
    response as { choices?: { message?: { tool_calls?: { function?: { arguments?: unknown } }[] } }[] } | null
  )?.choices?.[0]?.message;
  return (message?.tool_calls ?? []).map((call) =>
    typeof call.function?.arguments === 'string' ? call.function.arguments : null,
  );
}

type CheckerInput = { functions: BfclFunction[]; answers: BfclAnswer[]; category: string };

function checkerInput(
  calls: ExpectedCall[],
  source: Extract<Expectation, { kind: 'call' }>['bfcl'],
  schemas: ToolSchemas,
): CheckerInput {
  if (source) {
    return {
      functions: (parsePythonJson(source.functions) as BfclFunction[]).map(normalizeFunction),
      answers: parsePythonJson(source.answers) as BfclAnswer[],
      category: source.category,
    };
  }
  const functions = [...schemas.entries()].map(([name, parameters]) => derivedFunction(name, parameters));
  const answers = calls.map((call) => ({
    [call.name]: Object.fromEntries(
      Object.entries(call.arguments).map(([name, accepted]) => [
        name,
        [...accepted.map((value) => fromJavaScript(wrapDicts(value))), ...(call.optional.includes(name) ? [''] : [])],
      ]),
    ),
  }));
  return { functions, answers, category: calls.length > 1 ? 'parallel' : 'multiple' };
}

/** BFCL descriptions may omit `required`; the checker then requires nothing. */
function normalizeFunction(description: BfclFunction): BfclFunction {
  const parameters = isPlainObject(description.parameters) ? description.parameters : { properties: {} };
  return {
    name: description.name,
    parameters: {
      properties: (parameters.properties ?? {}) as Record<string, BfclParameter>,
      required: parameters.required ?? [],
    },
  };
}

/** An expanded dict answer back in BFCL's form: each key's value as a one-value list. */
function wrapDicts(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(wrapDicts);
  if (isPlainObject(value))
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, [wrapDicts(inner)]]));
  return value;
}

const JSON_TO_BFCL: Record<string, string> = {
  string: 'string',
  integer: 'integer',
  number: 'float',
  boolean: 'boolean',
  array: 'array',
  object: 'dict',
};

function bfclType(schema: unknown): string {
  const type = isPlainObject(schema) ? schema.type : undefined;
  return typeof type === 'string' ? (JSON_TO_BFCL[type] ?? 'any') : 'any';
}

function derivedFunction(name: string, parameters: Record<string, unknown>): BfclFunction {
  const properties = isPlainObject(parameters.properties) ? parameters.properties : {};
  const converted: Record<string, BfclParameter> = {};
  for (const [key, schema] of Object.entries(properties)) {
    const type = bfclType(schema);
    converted[key] =
      type === 'array'
        ? { type, items: { type: bfclType(isPlainObject(schema) ? schema.items : undefined) } }
        : { type };
  }
  const required = Array.isArray(parameters.required)
    ? parameters.required.filter((entry): entry is string => typeof entry === 'string')
    : [];
  return { name, parameters: { properties: converted, required } };
}

function failureKind(errorType: string | null, made: number, expected: number): FailureKind {
  const type = errorType ?? '';
  if (type.endsWith('wrong_count') || type.startsWith('ast_decoder'))
    return made < expected ? 'missing_call' : 'extra_call';
  if (type.endsWith('wrong_func_name')) return 'wrong_tool';
  if (type.endsWith('missing_required') || type.endsWith('missing_optional')) return 'missing_argument';
  if (type.endsWith('unexpected_param')) return 'unexpected_argument';
  if (type.startsWith('type_error')) return 'wrong_type';
  return 'wrong_value';
}

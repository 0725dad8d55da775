// Scores one model response against a case's expectation, in the spirit of BFCL's AST match
// (bfcl_eval/eval_checker/ast_eval/ast_checker.py): the right function; every required argument
// present; no argument the schema does not know and none the expected call does not list; each value
// of the right type (an integer where a number is expected is fine) and among the accepted values
// (strings normalised, see values.ts); an argument the expected call marks optional may be absent;
// parallel calls are matched in any order by a proper assignment; an irrelevant request passes only
// when no call is made. Every failure says why, per call and per argument.
//
// What is scored is the calls as the model gave them (ParsedCall, before the runner's coercion and
// schema defaults), so a default the harness filled in is never held against the model.
import type { ParsedCall } from '../protocol/parsed-call';
import { isRecord } from '../protocol/records';
import type { Expectation, ExpectedCall } from '../protocol/expectation';
import { assignCalls } from './assignment';
import { checkGivenArgument, failure } from './score-argument';
import type { CallPair, ScoreFailure, Verdict } from './verdict';

/** The tools' parameter schemas by name, for the required, unknown-argument and type checks. */
export type ToolSchemas = ReadonlyMap<string, Record<string, unknown>>;

/** A response to score: its calls in order; null when the request failed and nothing came back. */
export type ScoredResponse = { calls: ParsedCall[] } | null;

// Pairing an expected call with a call of another tool reads better ("expected A, called B") than
// reporting A missing and B extra, so a wrong-tool pair costs less than two unpaired calls.
const WRONG_TOOL_COST = 1000;
const UNPAIRED_COST = 1000;

export function scoreResponse(
  expectation: Expectation,
  response: ScoredResponse,
  schemas: ToolSchemas,
  turn = 1,
): Verdict {
  const calls = (response?.calls ?? []).map((call) => ({ name: call.name, arguments: call.arguments }));
  if (response === null) {
    return {
      kind: expectation.kind,
      turn,
      scored: false,
      correct: false,
      nameCorrect: null,
      argumentsCorrect: null,
      calls,
      pairs: [],
      failures: [failure('no_response', 'the model request failed; there is no response to score')],
    };
  }
  if (expectation.kind === 'no_call') return scoreIrrelevant(response.calls, calls, turn);
  return scoreCalls(expectation.calls, response.calls, schemas, calls, turn);
}

function scoreIrrelevant(made: ParsedCall[], calls: Verdict['calls'], turn: number): Verdict {
  const failures = made.map((call, index) =>
    failure(
      'unexpected_call',
      `no call was expected (the request is irrelevant to the tools), but ${call.name} was called`,
      { calledCall: index, actual: call.name },
    ),
  );
  const pairs: CallPair[] =
    made.length === 0
      ? [{ expected: null, called: null, expectedName: null, calledName: null, correct: true }]
      : made.map((call, index) => ({
          expected: null,
          called: index,
          expectedName: null,
          calledName: call.name,
          correct: false,
        }));
  return {
    kind: 'no_call',
    turn,
    scored: true,
    correct: made.length === 0,
    nameCorrect: null,
    argumentsCorrect: null,
    calls,
    pairs,
    failures,
  };
}

function scoreCalls(
  expected: ExpectedCall[],
  made: ParsedCall[],
  schemas: ToolSchemas,
  calls: Verdict['calls'],
  turn: number,
): Verdict {
  const comparisons = expected.map((expectedCall, expectedIndex) =>
    made.map((call, calledIndex) =>
      compareCall(expectedCall, call, schemas.get(expectedCall.name) ?? null, expectedIndex, calledIndex),
    ),
  );
  const cost = comparisons.map((row) =>
    row.map((found) => (found.some((item) => item.kind === 'wrong_tool') ? WRONG_TOOL_COST : found.length)),
  );
  const assignment = assignCalls(cost, expected.length, made.length, UNPAIRED_COST);

  const pairs: CallPair[] = [];
  const failures: ScoreFailure[] = [];
  for (const [expectedIndex, calledIndex] of assignment.pairs) {
    const found = comparisons[expectedIndex][calledIndex];
    failures.push(...found);
    pairs.push({
      expected: expectedIndex,
      called: calledIndex,
      expectedName: expected[expectedIndex].name,
      calledName: made[calledIndex].name,
      correct: found.length === 0,
    });
  }
  for (const expectedIndex of assignment.unpairedExpected) {
    const name = expected[expectedIndex].name;
    const message =
      made.length === 0
        ? `expected a call to ${name}, but the response made no call`
        : `expected a call to ${name}, but no call made is left to match it`;
    failures.push(failure('missing_call', message, { expectedCall: expectedIndex, expected: name }));
    pairs.push({ expected: expectedIndex, called: null, expectedName: name, calledName: null, correct: false });
  }
  for (const calledIndex of assignment.unpairedCalled) {
    const name = made[calledIndex].name;
    failures.push(
      failure('extra_call', `${name} was called, but no expected call is left to match it`, {
        calledCall: calledIndex,
        actual: name,
      }),
    );
    pairs.push({ expected: null, called: calledIndex, expectedName: null, calledName: name, correct: false });
  }
  pairs.sort(comparePairs);
  failures.sort(
    (first, second) =>
      order(first.expectedCall) - order(second.expectedCall) || order(first.calledCall) - order(second.calledCall),
  );

  const nameCorrect = sameNames(
    expected.map((call) => call.name),
    made.map((call) => call.name),
  );
  const correct = failures.length === 0;
  return {
    kind: 'call',
    turn,
    scored: true,
    correct,
    nameCorrect,
    argumentsCorrect: nameCorrect ? correct : null,
    calls,
    pairs,
    failures,
  };
}

/** Every reason a call made differs from an expected call; empty when it is right. */
export function compareCall(
  expected: ExpectedCall,
  call: ParsedCall,
  schema: Record<string, unknown> | null,
  expectedIndex = 0,
  calledIndex = 0,
): ScoreFailure[] {
  const where = { expectedCall: expectedIndex, calledCall: calledIndex };
  if (call.name !== expected.name) {
    return [
      failure('wrong_tool', `expected ${expected.name}, but ${call.name} was called`, {
        ...where,
        expected: expected.name,
        actual: call.name,
      }),
    ];
  }
  if (call.argumentsError) {
    return [
      failure('unreadable_arguments', `the arguments of ${call.name} could not be read: ${call.argumentsError}`, where),
    ];
  }
  const given = call.arguments;
  const properties = schema && isRecord(schema.properties) ? schema.properties : null;
  const required =
    schema && Array.isArray(schema.required)
      ? schema.required.filter((name): name is string => typeof name === 'string')
      : [];
  const acceptsOthers =
    schema !== null && (schema.additionalProperties === true || isRecord(schema.additionalProperties));
  const failures: ScoreFailure[] = [];
  const reportedMissing = new Set<string>();

  for (const name of required) {
    if (Object.hasOwn(given, name)) continue;
    reportedMissing.add(name);
    failures.push(
      failure('missing_argument', `argument "${name}" is required by ${call.name}'s schema but was not given`, {
        ...where,
        argument: name,
        expected: expected.arguments[name],
      }),
    );
  }
  for (const [name, value] of Object.entries(given)) {
    const found = checkGivenArgument(name, value, { expected, tool: call.name, properties, acceptsOthers, where });
    if (found) failures.push(found);
  }
  for (const [name, accepted] of Object.entries(expected.arguments)) {
    if (Object.hasOwn(given, name) || reportedMissing.has(name) || expected.optional.includes(name)) continue;
    failures.push(
      failure('missing_argument', `argument "${name}" was expected but not given`, {
        ...where,
        argument: name,
        expected: accepted,
      }),
    );
  }
  return failures;
}

function sameNames(expected: string[], made: string[]): boolean {
  if (expected.length !== made.length) return false;
  const sortedMade = [...made].sort();
  return [...expected].sort().every((name, index) => name === sortedMade[index]);
}

function order(index: number | null): number {
  return index === null ? Number.MAX_SAFE_INTEGER : index;
}

function comparePairs(first: CallPair, second: CallPair): number {
  return order(first.expected) - order(second.expected) || order(first.called) - order(second.called);
}

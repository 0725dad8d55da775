// A dataset conversation's expected calls beside the calls the model made, argument by argument,
// with every difference the scoring found marked where it applies (lib/datasets/score.ts).
import type { Expectation, ExpectedCall } from '../../protocol/expectation';
import type { ScoreFailure, Verdict } from '../../datasets/verdict';

type ArgumentStatus = 'right' | 'absent' | 'missing' | 'unexpected' | 'wrong_type' | 'wrong_value' | 'not_compared';

export type ArgumentComparison = {
  name: string;
  /** The values accepted, or null when the expected call does not name this argument. */
  accepted: unknown[] | null;
  optional: boolean;
  /** Whether the call gave the argument, and its value as the model gave it. */
  given: boolean;
  actual: unknown;
  status: ArgumentStatus;
  message: string | null;
};

type CallStatus =
  | 'right'
  | 'wrong_tool'
  | 'wrong_arguments'
  | 'unreadable_arguments'
  | 'missing_call'
  | 'extra_call'
  | 'unexpected_call';

export type CallComparison = {
  expectedName: string | null;
  calledName: string | null;
  status: CallStatus;
  arguments: ArgumentComparison[];
  /** What the scoring said about the call as a whole (wrong tool, missing call...). */
  messages: string[];
};

export type ExpectedActualView = {
  kind: Expectation['kind'];
  /** `not_scored`: the request failed (nothing to score) or no verdict was stored. */
  state: 'right' | 'wrong' | 'not_scored';
  /** Which response was scored. */
  turn: number | null;
  calls: CallComparison[];
  /** Failures that concern no call (the request failed). */
  messages: string[];
};

const ARGUMENT_FAILURES: Partial<Record<ScoreFailure['kind'], ArgumentStatus>> = {
  missing_argument: 'missing',
  unexpected_argument: 'unexpected',
  wrong_type: 'wrong_type',
  wrong_value: 'wrong_value',
};

function compareArguments(
  expected: ExpectedCall | null,
  called: Record<string, unknown> | null,
  failures: ScoreFailure[],
  compared: boolean,
): ArgumentComparison[] {
  const names = [...Object.keys(expected?.arguments ?? {})];
  for (const name of Object.keys(called ?? {})) if (!names.includes(name)) names.push(name);
  return names.map((name) => {
    const given = called !== null && Object.hasOwn(called, name);
    const accepted = expected && Object.hasOwn(expected.arguments, name) ? expected.arguments[name] : null;
    const failure = failures.find((item) => item.argument === name && ARGUMENT_FAILURES[item.kind] !== undefined);
    let status: ArgumentStatus;
    if (!compared) status = 'not_compared';
    else if (failure) status = ARGUMENT_FAILURES[failure.kind] as ArgumentStatus;
    else status = given ? 'right' : 'absent';
    return {
      name,
      accepted,
      optional: expected?.optional.includes(name) ?? false,
      given,
      actual: given ? called![name] : undefined,
      status,
      message: failure?.message ?? null,
    };
  });
}

function callStatus(pairFailures: ScoreFailure[], correct: boolean): CallStatus {
  if (correct) return 'right';
  for (const kind of ['missing_call', 'extra_call', 'unexpected_call', 'wrong_tool', 'unreadable_arguments'] as const) {
    if (pairFailures.some((failure) => failure.kind === kind)) return kind;
  }
  return 'wrong_arguments';
}

/** The comparison to show, or null when the case expected nothing (it was run, not scored). */
export function expectedVersusActual(
  expectation: Expectation | null,
  verdict: Verdict | null,
): ExpectedActualView | null {
  if (expectation === null) return null;
  const expectedCalls = expectation.kind === 'call' ? expectation.calls : [];
  if (verdict === null || !verdict.scored) {
    return {
      kind: expectation.kind,
      state: 'not_scored',
      turn: verdict?.turn ?? null,
      calls: expectedCalls.map((call) => ({
        expectedName: call.name,
        calledName: null,
        status: 'missing_call',
        arguments: compareArguments(call, null, [], false),
        messages: [],
      })),
      messages: verdict
        ? verdict.failures
            .filter((failure) => failure.expectedCall === null && failure.calledCall === null)
            .map((failure) => failure.message)
        : ['no verdict was stored for this conversation'],
    };
  }
  const calls = verdict.pairs
    // A right irrelevant request is one pair with neither side: nothing to show but the state.
    .filter((pair) => pair.expected !== null || pair.called !== null)
    .map((pair): CallComparison => {
      const expected = pair.expected === null ? null : (expectedCalls[pair.expected] ?? null);
      const called = pair.called === null ? null : (verdict.calls[pair.called] ?? null);
      const pairFailures = verdict.failures.filter(
        (failure) => failure.expectedCall === pair.expected && failure.calledCall === pair.called,
      );
      const status = callStatus(pairFailures, pair.correct);
      const compared =
        expected !== null && called !== null && status !== 'wrong_tool' && status !== 'unreadable_arguments';
      return {
        expectedName: pair.expectedName,
        calledName: pair.calledName,
        status,
        arguments: compareArguments(expected, called?.arguments ?? null, pairFailures, compared),
        messages: pairFailures
          .filter((failure) => ARGUMENT_FAILURES[failure.kind] === undefined)
          .map((failure) => failure.message),
      };
    });
  return {
    kind: verdict.kind,
    state: verdict.correct ? 'right' : 'wrong',
    turn: verdict.turn,
    calls,
    messages: verdict.failures
      .filter((failure) => failure.expectedCall === null && failure.calledCall === null)
      .map((failure) => failure.message),
  };
}

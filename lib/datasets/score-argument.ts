// One given argument of a call checked against the expected call and the tool's schema (see score.ts),
// and the failure record every check writes.
import { isRecord } from '../protocol/records';
import type { ExpectedCall } from '../protocol/expectation';
import { jsonTypeOf, typeMatches, valuesMatch } from './values';
import type { ScoreFailure } from './verdict';

export function failure(
  kind: ScoreFailure['kind'],
  message: string,
  details: { expectedCall?: number; calledCall?: number; argument?: string; expected?: unknown; actual?: unknown } = {},
): ScoreFailure {
  const result: ScoreFailure = {
    kind,
    expectedCall: details.expectedCall ?? null,
    calledCall: details.calledCall ?? null,
    argument: details.argument ?? null,
    message,
  };
  if (details.expected !== undefined) result.expected = details.expected;
  if (details.actual !== undefined) result.actual = details.actual;
  return result;
}

function describeType(declared: unknown): string {
  if (Array.isArray(declared)) return declared.map(describeType).join(' or ');
  if (declared === 'integer') return 'an integer';
  if (declared === 'object' || declared === 'array') return `an ${declared}`;
  return `a ${String(declared)}`;
}

type ArgumentContext = {
  expected: ExpectedCall;
  tool: string;
  properties: Record<string, unknown> | null;
  acceptsOthers: boolean;
  where: { expectedCall: number; calledCall: number };
};

/** What is wrong with one given argument (not in the schema, not expected, wrong type or value); null if nothing. */
export function checkGivenArgument(
  name: string,
  value: unknown,
  { expected, tool, properties, acceptsOthers, where }: ArgumentContext,
): ScoreFailure | null {
  const accepted = Object.hasOwn(expected.arguments, name) ? expected.arguments[name] : undefined;
  if (properties && !Object.hasOwn(properties, name) && !acceptsOthers) {
    return failure('unexpected_argument', `${tool}'s schema has no argument "${name}"`, {
      ...where,
      argument: name,
      actual: value,
    });
  }
  if (accepted === undefined) {
    return failure('unexpected_argument', `argument "${name}" was given, but the expected call does not have it`, {
      ...where,
      argument: name,
      actual: value,
    });
  }
  const declared = properties && isRecord(properties[name]) ? properties[name].type : undefined;
  if (!typeMatches(value, declared)) {
    return failure(
      'wrong_type',
      `argument "${name}" must be ${describeType(declared)}, got ${jsonTypeOf(value)} ${JSON.stringify(value)}`,
      { ...where, argument: name, expected: declared, actual: value },
    );
  }
  if (!accepted.some((candidate) => valuesMatch(value, candidate))) {
    const allowed =
      accepted.length === 0
        ? 'it should be absent'
        : `accepted: ${accepted.map((candidate) => JSON.stringify(candidate)).join(' | ')}`;
    return failure('wrong_value', `argument "${name}" is ${JSON.stringify(value)}; ${allowed}`, {
      ...where,
      argument: name,
      expected: accepted,
      actual: value,
    });
  }
  return null;
}

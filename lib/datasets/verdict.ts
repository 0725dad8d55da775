// What scoring says about one model response: right or not, and why not, per call and per argument.
// Stored as JSON with each conversation (and flattened into columns for the metrics).
import { z } from 'zod';

const FAILURE_KINDS = [
  /** The request failed: there is no response to score. */
  'no_response',
  /** An expected call has no counterpart among the calls made (text, or too few calls). */
  'missing_call',
  /** A call was made that no expected call accounts for (too many calls). */
  'extra_call',
  /** A call was made where none was expected (an irrelevant request). */
  'unexpected_call',
  'wrong_tool',
  /** The call's arguments could not be read as an object. */
  'unreadable_arguments',
  'missing_argument',
  'unexpected_argument',
  'wrong_type',
  'wrong_value',
] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

export const ScoreFailure = z.object({
  kind: z.enum(FAILURE_KINDS),
  /** Index of the expected call concerned, when one is. */
  expectedCall: z.number().int().nullable(),
  /** Index of the call made concerned, when one is. */
  calledCall: z.number().int().nullable(),
  argument: z.string().nullable(),
  expected: z.unknown().optional(),
  actual: z.unknown().optional(),
  message: z.string(),
});
export type ScoreFailure = z.infer<typeof ScoreFailure>;

/** An expected call and the call made that was matched to it; either side may be missing. */
export const CallPair = z.object({
  expected: z.number().int().nullable(),
  called: z.number().int().nullable(),
  expectedName: z.string().nullable(),
  calledName: z.string().nullable(),
  correct: z.boolean(),
});
export type CallPair = z.infer<typeof CallPair>;

export const Verdict = z.object({
  /** What the case expected. */
  kind: z.enum(['call', 'no_call']),
  /** Which model response was scored: the first one of the conversation (turn 1). */
  turn: z.number().int().positive(),
  /** False when there was no response to score (the request failed); such verdicts count in no rate. */
  scored: z.boolean(),
  /** The response was right as a whole: every call right and no other call (for no_call: no call at all). */
  correct: z.boolean(),
  /** For `call`: the names called are the names expected (as a multiset). Null for no_call or unscored. */
  nameCorrect: z.boolean().nullable(),
  /** For `call` with the right names: every argument right. Null otherwise. */
  argumentsCorrect: z.boolean().nullable(),
  /** The calls scored, as the model gave them (before coercion and defaults). */
  calls: z.array(z.object({ name: z.string(), arguments: z.record(z.string(), z.unknown()) })),
  pairs: z.array(CallPair),
  failures: z.array(ScoreFailure),
  /** How it was scored: `lenient` (Remora's own rules, the default) or `bfcl` (BFCL's AST checker exactly). */
  scoring: z.enum(['lenient', 'bfcl']).optional(),
  /** With `bfcl` scoring: BFCL's error_type (e.g. "value_error:string"), null when valid. */
  bfclErrorType: z.string().nullable().optional(),
});
export type Verdict = z.infer<typeof Verdict>;

/** The label of "no call" on either side of the confusion table. */
export const NO_CALL = '(no call)';

// What the model should do next, as a dataset case or an agent's input says it: the call(s) it
// should make, or no call. Scoring (lib/datasets) and task success judge responses against it.
import { z } from 'zod';

/**
 * One expected call: the tool, and per argument the values accepted (any one of them). An argument
 * named in `optional` may also be absent. An argument the call gives that is not listed here is
 * unexpected, as in BFCL's checker; so a distil-labs answer lists exactly the arguments the user gave.
 */
export const ExpectedCall = z
  .strictObject({
    name: z.string().min(1),
    arguments: z.record(z.string(), z.array(z.unknown())).default({}),
    optional: z.array(z.string()).default([]),
  })
  .superRefine((call, context) => {
    for (const name of call.optional) {
      if (!(name in call.arguments)) {
        context.addIssue({
          code: 'custom',
          path: ['optional'],
          message:
            `optional argument "${name}" is not listed in arguments ` +
            '(list its accepted values, [] if it must be absent when given)',
        });
      }
    }
    for (const [name, accepted] of Object.entries(call.arguments)) {
      if (accepted.length === 0 && !call.optional.includes(name)) {
        context.addIssue({
          code: 'custom',
          path: ['arguments', name],
          message: `argument "${name}" has no accepted value and is not optional`,
        });
      }
    }
  });
export type ExpectedCall = z.infer<typeof ExpectedCall>;
export type ExpectedCallInput = z.input<typeof ExpectedCall>;

/**
 * `call`: these calls, in any order (more than one: parallel calls). `no_call`: an irrelevant request, right only
 * without a call.
 */
/**
 * A BFCL case as BFCL gave it, kept at import so that `bfcl` scoring checks exactly what BFCL's own
 * checker checks: its test category (the id), its function descriptions with BFCL's type names and
 * its ground truth, both as JSON text that keeps every number as written (5.0 stays a float).
 */
const BfclSource = z.strictObject({ category: z.string(), functions: z.string(), answers: z.string() });
type BfclSource = z.infer<typeof BfclSource>;

export const Expectation = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('call'), calls: z.array(ExpectedCall).min(1), bfcl: BfclSource.optional() }),
  z.strictObject({ kind: z.literal('no_call') }),
]);
export type Expectation = z.infer<typeof Expectation>;

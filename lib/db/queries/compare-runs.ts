// Two variants' runs of one experiment, input by input, for counting their pairs: one row per
// variant and input with the runs' outcomes as a list in slot order (the repeat order the pairing
// follows), so that 66,000 conversations come back as two rows per input, not one row each.
import { sql } from 'drizzle-orm';
import type { Outcome } from '../../runner/types';
import type { RemoraDatabase } from '../client';

/** Outcomes in the order of their codes (the position is what the SQL below writes). */
const OUTCOME_CODES: Outcome[] = ['error', 'no_tool_call', 'turn_limit', 'submitted', 'cancelled'];
const TRI = [null, false, true] as const;

/**
 * What judging a run needs, packed into one integer in SQL: turns * 1000 + outcome * 27 + verdict * 9
 * + task success * 3 + custom check, where the last three are 0 for none, 1 for false, 2 for true.
 */
const RUN_CODE = sql.raw(
  `model_response_count * 1000 + (case outcome when 'error' then 0 when 'no_tool_call' then 1 ` +
    `when 'turn_limit' then 2 when 'submitted' then 3 else 4 end) * 27 + (case when verdict_scored = 1 then ` +
    `(case when call_correct = 1 then 2 else 1 end) else 0 end) * 9 + coalesce(task_success + 1, 0) * 3 ` +
    `+ coalesce(custom_check_success + 1, 0)`,
);

export type RunFacts = {
  outcome: Outcome;
  turns: number;
  correct: boolean | null;
  taskSuccess: boolean | null;
  customCheck: boolean | null;
};

/** A run's facts from its code (RUN_CODE). */
export function decodeRun(code: number): RunFacts {
  const rest = code % 1000;
  return {
    outcome: OUTCOME_CODES[Math.floor(rest / 27)],
    turns: Math.floor(code / 1000),
    correct: TRI[Math.floor((rest % 27) / 9)],
    taskSuccess: TRI[Math.floor((rest % 9) / 3)],
    customCheck: TRI[rest % 3],
  };
}

export type InputRuns = { variantIndex: number; inputIndex: number; codes: number[]; slots: number[] | null };

function split(text: string | null): number[] {
  return text ? text.split(',').map(Number) : [];
}

/**
 * Per variant and input, the codes of its runs in slot order; with their slots too for the inputs
 * in `withSlots` (the page's rows: reading every slot would double what comes back).
 */
export function listInputRuns(
  database: RemoraDatabase,
  experimentId: string,
  variantIndexes: [number, number],
  withSlots: number[] | null = null,
): InputRuns[] {
  if (withSlots?.length === 0) return [];
  const only = withSlots
    ? sql` and input_index in (${sql.join(
        withSlots.map((index) => sql`${index}`),
        sql`, `,
      )})`
    : sql``;
  // Over conversations_compare_index (experiment, variant, slot, ...): the wide rows are never read.
  const rows = database.all<{ variantIndex: number; inputIndex: number; codes: string | null; slots: string | null }>(
    sql`select variant_index as variantIndex, input_index as inputIndex,
          group_concat(${RUN_CODE}, ',' order by slot) as codes,
          ${withSlots ? sql`group_concat(slot, ',' order by slot)` : sql`null`} as slots
        from conversations
        where experiment_id = ${experimentId} and variant_index in (${variantIndexes[0]}, ${variantIndexes[1]})${only}
        group by variant_index, input_index`,
  );
  return rows.map((row) => ({
    variantIndex: row.variantIndex,
    inputIndex: row.inputIndex,
    codes: split(row.codes),
    slots: withSlots ? split(row.slots) : null,
  }));
}

/** The slots of a variant's first `count` runs of an input, in slot order (over conversations_compare_index). */
export function firstSlotsOfInput(
  database: RemoraDatabase,
  experimentId: string,
  variantIndex: number,
  inputIndex: number,
  count: number,
): number[] {
  return database
    .all<{ slot: number }>(
      sql`select slot from conversations
        where experiment_id = ${experimentId} and variant_index = ${variantIndex} and input_index = ${inputIndex}
        order by slot limit ${count}`,
    )
    .map((row) => row.slot);
}

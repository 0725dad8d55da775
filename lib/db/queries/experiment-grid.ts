// The side-by-side grid of an experiment: inputs down, variants across, each cell the outcomes of
// that variant's repeats of that input, and the first call of each of its first repeats (what the
// model did first, by which parse path, and whether a dataset verdict called it right).
import { sql } from 'drizzle-orm';
import { parseJson } from '../../protocol/json';
import type { ParsePath } from '../../parsing/types';
import type { Outcome } from '../../runner/types';
import type { RemoraDatabase } from '../client';

type GridRepeat = {
  conversationId: string;
  slot: number;
  outcome: Outcome;
  /** The first response's parse path (null: the request failed, or nothing was asked). */
  parsePath: ParsePath | null;
  /** The first call of the first response, or null when it made none. */
  firstCall: { name: string; arguments: Record<string, unknown> } | null;
  /** The dataset verdict on the first response, when it was scored. */
  correct: boolean | null;
};

type GridCell = {
  inputIndex: number;
  variantIndex: number;
  outcomes: Partial<Record<Outcome, number>>;
  repeats: number;
  shown: GridRepeat[];
};

export type ExperimentGrid = { inputIndexes: number[]; cells: GridCell[]; inputCount: number };

/**
 * Which inputs the grid lists (promptfoo's display modes): all, only those where the variants'
 * repeats did not all end alike, or only those where some repeat failed.
 */
export type GridShow = 'all' | 'differ' | 'failures';
export const GRID_SHOWS: GridShow[] = ['all', 'differ', 'failures'];

export type GridWindow = { inputOffset?: number; inputLimit?: number; repeatsShown?: number; show?: GridShow };

/**
 * A failed conversation: a wrong call when the dataset scored it, else a failed task-success check
 * when one judged it, else any end but submitted. A cancelled one says nothing about the model.
 */
const FAILED_CONVERSATION = sql`(c.outcome != 'cancelled' and case
  when c.verdict_scored = 1 then c.call_correct = 0
  when c.task_success is not null then c.task_success = 0
  else c.outcome != 'submitted' end)`;

/**
 * The inputs the mode keeps, in input order. "differ": some variant's repeats, taken as a set of
 * results (outcome, verdict, task success and the first response's calls, by name and arguments),
 * differ from another's.
 */
function inputsShown(database: RemoraDatabase, experimentId: string, show: 'differ' | 'failures'): number[] {
  const rows =
    show === 'failures'
      ? database.all<{ input_index: number }>(
          sql`select distinct c.input_index from conversations c
            where c.experiment_id = ${experimentId} and ${FAILED_CONVERSATION} order by c.input_index`,
        )
      : database.all<{ input_index: number }>(
          sql`with results as (
              select c.input_index, c.variant_index, c.outcome || '|' ||
                coalesce(case when c.verdict_scored = 1 then c.call_correct end, '') || '|' ||
                coalesce(c.task_success, '') || '|' ||
                -- Calls by name and arguments: their ids are the server's, new every time.
                coalesce((select group_concat((value ->> '$.name') || (value -> '$.arguments'), ';')
                  from json_each(m.calls)), '') as result
              from conversations c left join model_calls m on m.conversation_id = c.id and m.turn = 1
              where c.experiment_id = ${experimentId}
            ), cells as (
              select input_index, variant_index, group_concat(distinct result order by result) as signature
              from results group by input_index, variant_index
            )
            select input_index from cells group by input_index having count(distinct signature) > 1
            order by input_index`,
        );
  return rows.map((row) => row.input_index);
}

function firstCallOf(callsJson: string | null): GridRepeat['firstCall'] {
  if (callsJson === null) return null;
  const parsed = parseJson(callsJson);
  if (!parsed.ok || !Array.isArray(parsed.value) || parsed.value.length === 0) return null;
  const first = parsed.value[0] as { name?: unknown; arguments?: unknown };
  if (typeof first.name !== 'string') return null;
  const args =
    typeof first.arguments === 'object' && first.arguments !== null && !Array.isArray(first.arguments)
      ? (first.arguments as Record<string, unknown>)
      : {};
  return { name: first.name, arguments: args };
}

/** A window of inputs (in input order) with every variant's cell for each. */
export function getExperimentGrid(
  database: RemoraDatabase,
  experimentId: string,
  window: GridWindow = {},
): ExperimentGrid {
  const offset = Math.max(0, window.inputOffset ?? 0);
  const limit = Math.min(Math.max(1, window.inputLimit ?? 25), 200);
  const shownPerCell = Math.min(Math.max(1, window.repeatsShown ?? 6), 50);
  const show = window.show ?? 'all';
  const kept = show === 'all' ? null : inputsShown(database, experimentId, show);
  const inputCount =
    kept?.length ??
    database.get<{ count: number }>(
      sql`select count(distinct input_index) as count from conversations where experiment_id = ${experimentId}`,
    )?.count ??
    0;
  const inputIndexes =
    kept?.slice(offset, offset + limit) ??
    database
      .all<{ input_index: number }>(
        sql`select distinct input_index from conversations where experiment_id = ${experimentId}
        order by input_index limit ${limit} offset ${offset}`,
      )
      .map((row) => row.input_index);
  if (inputIndexes.length === 0) return { inputIndexes, cells: [], inputCount };
  const inList = sql.join(
    inputIndexes.map((index) => sql`${index}`),
    sql`, `,
  );

  const counts = database.all<{ input_index: number; variant_index: number; outcome: Outcome; count: number }>(
    sql`select input_index, variant_index, outcome, count(*) as count from conversations
      where experiment_id = ${experimentId} and input_index in (${inList})
      group by input_index, variant_index, outcome`,
  );
  // The first repeats of each cell, by slot, with their first response.
  const repeats = database.all<{
    id: string;
    input_index: number;
    variant_index: number;
    slot: number;
    outcome: Outcome;
    parse_path: ParsePath | null;
    calls: string | null;
    verdict_scored: number | null;
    call_correct: number | null;
  }>(
    sql`select r.id, r.input_index, r.variant_index, r.slot, r.outcome, m.parse_path, m.calls, r.verdict_scored,
        r.call_correct from (
        select c.id, c.input_index, c.variant_index, c.slot, c.outcome, c.verdict_scored, c.call_correct,
          row_number() over (partition by c.input_index, c.variant_index order by c.slot) as repeat_number
        from conversations c where c.experiment_id = ${experimentId} and c.input_index in (${inList})
      ) r left join model_calls m on m.conversation_id = r.id and m.turn = 1
      where r.repeat_number <= ${shownPerCell} order by r.input_index, r.variant_index, r.slot`,
  );

  const cells = new Map<string, GridCell>();
  const cellOf = (inputIndex: number, variantIndex: number) => {
    const key = `${inputIndex}:${variantIndex}`;
    let cell = cells.get(key);
    if (!cell) cells.set(key, (cell = { inputIndex, variantIndex, outcomes: {}, repeats: 0, shown: [] }));
    return cell;
  };
  for (const row of counts) {
    const cell = cellOf(row.input_index, row.variant_index);
    cell.outcomes[row.outcome] = row.count;
    cell.repeats += row.count;
  }
  for (const row of repeats) {
    cellOf(row.input_index, row.variant_index).shown.push({
      conversationId: row.id,
      slot: row.slot,
      outcome: row.outcome,
      parsePath: row.parse_path,
      firstCall: firstCallOf(row.calls),
      correct: row.verdict_scored ? row.call_correct === 1 : null,
    });
  }
  return { inputIndexes, cells: [...cells.values()], inputCount };
}

/** One stored input per index (the text of its first conversation), for the grid's row labels. */
export function inputTextsOf(
  database: RemoraDatabase,
  experimentId: string,
  inputIndexes: number[],
): { inputIndex: number; input: string }[] {
  if (inputIndexes.length === 0) return [];
  const list = sql.join(
    inputIndexes.map((index) => sql`${index}`),
    sql`, `,
  );
  return database.all<{ inputIndex: number; input: string }>(
    sql`select input_index as inputIndex, min(input) as input from conversations
        where experiment_id = ${experimentId} and input_index in (${list}) group by input_index`,
  );
}

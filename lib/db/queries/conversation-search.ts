// An experiment's conversations filtered by variant, outcome, parse path, error kind and text, a
// page at a time in keyset order (variant, slot), quick with 100,000 conversations.
//
// Parse path and error kind are facts of other tables. Each is first counted over a covering index
// (model_calls_metrics_index, tool_executions_error_index): a rare one drives the query (its few
// conversations are looked up by id and sorted), a common one is checked row by row as the scan in
// slot order goes, which finds a page of matches quickly because they are common. Either way no
// query reads every row of a large experiment. Text is searched with LIKE in a window of
// conversations per request (SQLite's FTS5 would need its own tables and triggers kept in step with
// every write); the page says how far it looked and where to go on.
import { asc, inArray, sql, type SQL } from 'drizzle-orm';
import type { ParsePath } from '../../parsing/types';
import type { Outcome } from '../../runner/types';
import type { RemoraDatabase } from '../client';
import { conversations } from '../schema';
import { CONVERSATION_LIST_FIELDS, withParsePaths, type ConversationListItem } from './conversations';

/** A position in an experiment's conversations: the order is variant index, then slot. */
export type ConversationCursor = { variantIndex: number; slot: number };

/** The kind of a model request that failed for good (as in the metrics' error counts). */
export const MODEL_REQUEST_FAILED_KIND = 'model_request_failed';

export type ConversationSearch = {
  variantIndex?: number;
  outcome?: Outcome;
  /** At least one model response parsed along this path. */
  parsePath?: ParsePath;
  /** At least one tool execution with this error kind, or model_request_failed. */
  errorKind?: string;
  /** Words in the input, the final answer, the error, or any message other than the system prompt. */
  text?: string;
  /** The page starts after this position, or ends before `before` (not with text). */
  after?: ConversationCursor;
  before?: ConversationCursor;
  limit?: number;
};

export type ConversationSearchOptions = {
  /** Rare filters (this many matching rows or fewer) drive the query; see the top of the file. */
  driveLimit?: number;
  /** Counts that need a row-by-row check stop here (then the count is a lower bound). */
  countCap?: number;
  /** Conversations looked at per text search request. */
  textWindow?: number;
};

export type ConversationSearchPage = {
  conversations: ConversationListItem[];
  /** Where the next page starts; null when nothing comes after. */
  next: ConversationCursor | null;
  /** Where the previous page ends; null on the first page (and for text searches, which go forward only). */
  previous: ConversationCursor | null;
  /** How many match: exact, or at least `count`; null for text searches (not counted). */
  total: { count: number; exact: boolean } | null;
  /** Text searches only: whether this request looked through to the end, and where it stopped otherwise. */
  scan: { reachedEnd: boolean; stoppedAt: ConversationCursor | null; window: number } | null;
};

export const DEFAULT_SEARCH_OPTIONS: Required<ConversationSearchOptions> = { driveLimit: 30_000, countCap: 1_000, textWindow: 20_000 };
export const MAX_SEARCH_PAGE = 200;

type Membership = {
  /** `column`: the check reads only the conversation row; `related`: it looks into another table. */
  kind: 'column' | 'related';
  /** Matching rows in the other table (covering index count), which estimates how rare it is. */
  rows: number;
  /** The conversations it selects, as a subquery (rowid or id). */
  driven: SQL;
  /** The same check on one conversation row `c`. */
  perRow: SQL;
};

/** LIKE pattern for text anywhere, with LIKE's wildcards taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function variantIndexes(database: RemoraDatabase, experimentId: string, search: ConversationSearch): number[] {
  if (search.variantIndex !== undefined) return [search.variantIndex];
  // Over the covering conversations_slot_unique index; an IN list lets the other tables' indexes
  // (experiment, variant, ...) be searched on their third column too.
  return database
    .all<{ variant_index: number }>(sql`select distinct variant_index from conversations where experiment_id = ${experimentId}`)
    .map((row) => row.variant_index);
}

function inList(values: number[]): SQL {
  return sql.join(values.map((value) => sql`${value}`), sql`, `);
}

function memberships(database: RemoraDatabase, experimentId: string, search: ConversationSearch, variants: number[]): Membership[] {
  const found: Membership[] = [];
  const variantList = inList(variants);
  if (search.parsePath !== undefined) {
    const where = sql`m.experiment_id = ${experimentId} and m.variant_index in (${variantList}) and m.parse_path = ${search.parsePath}`;
    found.push({
      kind: 'related',
      rows: countOf(database, sql`select count(*) as count from model_calls m where ${where}`),
      driven: sql`c.id in (select m.conversation_id from model_calls m where ${where})`,
      perRow: sql`exists (select 1 from model_calls m where m.conversation_id = c.id and m.parse_path = ${search.parsePath})`,
    });
  }
  if (search.errorKind === MODEL_REQUEST_FAILED_KIND) {
    // Failed requests have no parse path: the metrics index finds them by (parse_path null, status).
    const where = sql`m.experiment_id = ${experimentId} and m.variant_index in (${variantList}) and m.parse_path is null and m.status = 'error'`;
    found.push({
      kind: 'related',
      rows: countOf(database, sql`select count(*) as count from model_calls m where ${where}`),
      driven: sql`c.id in (select m.conversation_id from model_calls m where ${where})`,
      perRow: sql`exists (select 1 from model_calls m where m.conversation_id = c.id and m.status = 'error')`,
    });
  } else if (search.errorKind !== undefined) {
    const where = sql`t.experiment_id = ${experimentId} and t.variant_index in (${variantList}) and t.error_kind = ${search.errorKind}`;
    found.push({
      kind: 'related',
      rows: countOf(database, sql`select count(*) as count from tool_executions t where ${where}`),
      driven: sql`c.id in (select t.conversation_id from tool_executions t where ${where})`,
      perRow: sql`exists (select 1 from tool_executions t where t.conversation_id = c.id and t.error_kind = ${search.errorKind})`,
    });
  }
  if (search.outcome !== undefined) {
    const where = sql`experiment_id = ${experimentId} and outcome = ${search.outcome}`;
    found.push({
      kind: 'column',
      rows: countOf(database, sql`select count(*) as count from conversations where ${where}`),
      driven: sql`c.rowid in (select rowid from conversations where ${where})`,
      perRow: sql`c.outcome = ${search.outcome}`,
    });
  }
  return found;
}

function countOf(database: RemoraDatabase, query: SQL): number {
  return database.get<{ count: number }>(query)?.count ?? 0;
}

function cursorOf(row: { variant_index: number; slot: number }): ConversationCursor {
  return { variantIndex: row.variant_index, slot: row.slot };
}

function textCondition(text: string): SQL {
  const pattern = likePattern(text);
  return sql`(c.input like ${pattern} escape '\\' or c.final_text like ${pattern} escape '\\' or c.error like ${pattern} escape '\\'
    or exists (select 1 from messages mm where mm.conversation_id = c.id and mm.role <> 'system'
      and (mm.content like ${pattern} escape '\\' or mm.tool_calls like ${pattern} escape '\\')))`;
}

/** One page of an experiment's conversations matching every filter given, in variant and slot order. */
export function searchConversations(
  database: RemoraDatabase,
  experimentId: string,
  search: ConversationSearch = {},
  options: ConversationSearchOptions = {},
): ConversationSearchPage {
  const settings = { ...DEFAULT_SEARCH_OPTIONS, ...options };
  const limit = Math.min(Math.max(search.limit ?? 50, 1), MAX_SEARCH_PAGE);
  const text = search.text?.trim() ? search.text.trim() : undefined;
  const empty: ConversationSearchPage = { conversations: [], next: null, previous: null, total: text ? null : { count: 0, exact: true }, scan: null };

  const variants = variantIndexes(database, experimentId, search);
  if (variants.length === 0) return empty;
  const filters = memberships(database, experimentId, search, variants);
  if (filters.some((filter) => filter.rows === 0)) return empty;

  // The rarest filter drives when it is rare enough; the others are checked on its few rows.
  const rarest = filters.reduce<Membership | null>((best, filter) => (best === null || filter.rows < best.rows ? filter : best), null);
  const driver = rarest !== null && rarest.rows <= settings.driveLimit ? rarest : null;
  const conditions: SQL[] = [driver ? sql`+c.experiment_id = ${experimentId}` : sql`c.experiment_id = ${experimentId}`];
  if (search.variantIndex !== undefined) conditions.push(sql`c.variant_index = ${search.variantIndex}`);
  for (const filter of filters) conditions.push(filter === driver ? filter.driven : filter.perRow);
  const where = sql.join(conditions, sql` and `);

  const backwards = search.before !== undefined && text === undefined;
  const position = backwards
    ? sql` and (c.variant_index, c.slot) < (${search.before!.variantIndex}, ${search.before!.slot})`
    : search.after
      ? sql` and (c.variant_index, c.slot) > (${search.after.variantIndex}, ${search.after.slot})`
      : sql``;

  type Position = { id: string; variant_index: number; slot: number };
  let rows: Position[];
  let scan: ConversationSearchPage['scan'] = null;
  let next: ConversationCursor | null = null;
  let previous: ConversationCursor | null = null;

  if (text !== undefined) {
    const window = settings.textWindow;
    rows = database.all<Position>(sql`select c.id, c.variant_index, c.slot from (
        select c.id, c.variant_index, c.slot, c.input, c.final_text, c.error from conversations c
        where ${where}${position} order by c.variant_index, c.slot limit ${window}
      ) c where ${textCondition(text)} order by c.variant_index, c.slot limit ${limit + 1}`);
    const last = database.get<{ variant_index: number; slot: number }>(
      sql`select c.variant_index, c.slot from conversations c where ${where}${position} order by c.variant_index, c.slot limit 1 offset ${window - 1}`,
    );
    const windowFull = last !== undefined;
    if (rows.length > limit) {
      rows = rows.slice(0, limit);
      next = cursorOf(rows[rows.length - 1]);
      scan = { reachedEnd: false, stoppedAt: null, window };
    } else {
      // Fewer matches than a page: the whole window was looked through.
      next = windowFull ? cursorOf(last) : null;
      scan = { reachedEnd: !windowFull, stoppedAt: windowFull ? cursorOf(last) : null, window };
    }
    if (search.after) previous = search.after;
  } else if (backwards) {
    rows = database
      .all<Position>(sql`select c.id, c.variant_index, c.slot from conversations c where ${where}${position} order by c.variant_index desc, c.slot desc limit ${limit + 1}`)
      .reverse();
    if (rows.length > limit) {
      rows = rows.slice(1);
      previous = cursorOf(rows[0]);
    }
    next = rows.length > 0 ? cursorOf(rows[rows.length - 1]) : search.before!;
  } else {
    rows = database.all<Position>(sql`select c.id, c.variant_index, c.slot from conversations c where ${where}${position} order by c.variant_index, c.slot limit ${limit + 1}`);
    if (rows.length > limit) {
      rows = rows.slice(0, limit);
      next = cursorOf(rows[rows.length - 1]);
    }
    if (search.after && rows.length > 0) {
      const before = database.get<{ one: number }>(
        sql`select 1 as one from conversations c where ${where} and (c.variant_index, c.slot) < (${rows[0].variant_index}, ${rows[0].slot}) limit 1`,
      );
      if (before) previous = cursorOf(rows[0]);
    } else if (search.after) previous = search.after;
  }

  return { conversations: readListItems(database, rows.map((row) => row.id)), next, previous, total: text ? null : countMatches(database, where, filters, driver, settings.countCap), scan };
}

/**
 * Exact when an index answers (only column checks) or a rare filter drives (few rows to count);
 * otherwise each row needs a look into another table, and the count stops at the cap.
 */
function countMatches(database: RemoraDatabase, where: SQL, filters: Membership[], driver: Membership | null, cap: number): { count: number; exact: boolean } {
  const checkedPerRow = driver === null && filters.some((filter) => filter.kind === 'related');
  if (!checkedPerRow) return { count: countOf(database, sql`select count(*) as count from conversations c where ${where}`), exact: true };
  const count = countOf(database, sql`select count(*) as count from (select 1 from conversations c where ${where} limit ${cap + 1})`);
  return count > cap ? { count: cap, exact: false } : { count, exact: true };
}

/** The list rows of these conversations, in the order given. */
function readListItems(database: RemoraDatabase, ids: string[]): ConversationListItem[] {
  if (ids.length === 0) return [];
  const found = database.select(CONVERSATION_LIST_FIELDS).from(conversations).where(inArray(conversations.id, ids)).orderBy(asc(conversations.variantIndex), asc(conversations.slot)).all();
  const byId = new Map(found.map((row) => [row.id, row]));
  return withParsePaths(database, ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])));
}

// An experiment's conversations filtered by variant, outcome, parse path, error kind, tool, argument,
// verdict, label and text, a page at a time in keyset order (variant, slot), quick with 100,000
// conversations.
//
// Each filter (search-filters.ts) is first counted over an index: a rare one drives the query (its
// few conversations are looked up by id and sorted), a common one is checked row by row as the scan
// in slot order goes, which finds a page of matches quickly because they are common. Either way no
// query reads every row of a large experiment. Text goes through the FTS5 index, so its matches are
// counted exactly like the others.
import { asc, inArray, sql, type SQL } from 'drizzle-orm';
import type { RemoraDatabase } from '../client';
import { conversations } from '../schema';
import { CONVERSATION_LIST_FIELDS, withParsePaths, type ConversationListItem } from './conversation-list';
import { filterMemberships } from './search-filters';
import { type ConversationFilters, type Membership } from './search-types';
import { driveLimitFor, filterConditions, pickDriver, searchFrom } from './search-plan';

export { MODEL_REQUEST_FAILED_KIND } from './search-filters';

/** A position in an experiment's conversations: the order is variant index, then slot. */
export type ConversationCursor = { variantIndex: number; slot: number };

export type ConversationSearch = ConversationFilters & {
  /** The page starts after this position, or ends before `before`. */
  after?: ConversationCursor;
  before?: ConversationCursor;
  limit?: number;
};

export type ConversationSearchOptions = {
  /**
   * Rare filters (this many matching rows or fewer) drive the query; by default driveLimitFor(the experiment's size).
   */
  driveLimit?: number;
  /** Counts that need a row-by-row check stop here (then the count is a lower bound). */
  countCap?: number;
};

export type ConversationSearchPage = {
  conversations: ConversationListItem[];
  /** Where the next page starts; null when nothing comes after. */
  next: ConversationCursor | null;
  /** Where the previous page ends; null on the first page. */
  previous: ConversationCursor | null;
  /** How many match: exact, or at least `count`. */
  total: { count: number; exact: boolean };
  /** The text held nothing to look for (only punctuation) and was left out. */
  textIgnored: boolean;
};

const DEFAULT_SEARCH_OPTIONS: Required<Omit<ConversationSearchOptions, 'driveLimit'>> = { countCap: 1_000 };
const MAX_SEARCH_PAGE = 200;

function variantIndexes(database: RemoraDatabase, experimentId: string, search: ConversationSearch): number[] {
  if (search.variantIndex !== undefined) return [search.variantIndex];
  // Over the covering conversations_slot_unique index; an IN list lets the other tables' indexes
  // (experiment, variant, ...) be searched on their third column too.
  // Each next variant is one seek on the index (a skip scan), not a read of every conversation.
  return database
    .all<{ variant_index: number }>(
      sql`with recursive variant(variant_index) as (
        select min(variant_index) from conversations where experiment_id = ${experimentId}
        union all
        select (select min(variant_index) from conversations
          where experiment_id = ${experimentId} and variant_index > variant.variant_index)
        from variant where variant.variant_index is not null
      ) select variant_index from variant where variant_index is not null`,
    )
    .map((row) => row.variant_index);
}

/** The planned number of conversations: the row says it without counting. */
function experimentSize(database: RemoraDatabase, experimentId: string): number {
  return (
    database.get<{ total: number }>(
      sql`select total_conversations as total from experiments where id = ${experimentId}`,
    )?.total ?? 0
  );
}

function countOf(database: RemoraDatabase, query: SQL): number {
  return database.get<{ count: number }>(query)?.count ?? 0;
}

function cursorOf(row: { variant_index: number; slot: number }): ConversationCursor {
  return { variantIndex: row.variant_index, slot: row.slot };
}

/**
 * The condition on conversations `c` that every filter of the search puts, in one experiment,
 * with the driver chosen; null when some filter matches nothing at all.
 */
export function experimentFilterCondition(
  database: RemoraDatabase,
  experimentId: string,
  search: ConversationFilters,
  driveLimit?: number,
): { from: SQL; where: SQL; memberships: Membership[]; driver: Membership | null; textIgnored: boolean } | null {
  const variants = variantIndexes(database, experimentId, search);
  if (variants.length === 0) return null;
  const size = experimentSize(database, experimentId);
  const limit = driveLimit ?? driveLimitFor(size);
  const { memberships, textIgnored } = filterMemberships(database, { experimentId, variants }, search, limit);
  if (memberships.some((filter) => filter.rows === 0)) return null;
  const driver = pickDriver(memberships, limit);
  const conditions: SQL[] = [driver ? sql`+c.experiment_id = ${experimentId}` : sql`c.experiment_id = ${experimentId}`];
  if (search.variantIndex !== undefined) conditions.push(sql`c.variant_index = ${search.variantIndex}`);
  conditions.push(...filterConditions(memberships, driver, size));
  return { from: searchFrom(memberships), where: sql.join(conditions, sql` and `), memberships, driver, textIgnored };
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
  const filter = experimentFilterCondition(database, experimentId, search, settings.driveLimit);
  if (filter === null)
    return { conversations: [], next: null, previous: null, total: { count: 0, exact: true }, textIgnored: false };
  const { from, where, memberships, driver } = filter;

  const backwards = search.before !== undefined;
  const position = backwards
    ? sql` and (c.variant_index, c.slot) < (${search.before!.variantIndex}, ${search.before!.slot})`
    : search.after
      ? sql` and (c.variant_index, c.slot) > (${search.after.variantIndex}, ${search.after.slot})`
      : sql``;

  type Position = { id: string; variant_index: number; slot: number };
  let rows: Position[];
  let next: ConversationCursor | null = null;
  let previous: ConversationCursor | null = null;

  if (backwards) {
    rows = database
      .all<Position>(
        sql`select c.id, c.variant_index, c.slot from ${from} where ${where}${position}
          order by c.variant_index desc, c.slot desc limit ${limit + 1}`,
      )
      .reverse();
    if (rows.length > limit) {
      rows = rows.slice(1);
      previous = cursorOf(rows[0]);
    }
    next = rows.length > 0 ? cursorOf(rows[rows.length - 1]) : search.before!;
  } else {
    rows = database.all<Position>(
      sql`select c.id, c.variant_index, c.slot from ${from} where ${where}${position}
        order by c.variant_index, c.slot limit ${limit + 1}`,
    );
    if (rows.length > limit) {
      rows = rows.slice(0, limit);
      next = cursorOf(rows[rows.length - 1]);
    }
    if (search.after && rows.length > 0) {
      const before = database.get<{ one: number }>(
        sql`select 1 as one from ${from}
          where ${where} and (c.variant_index, c.slot) < (${rows[0].variant_index}, ${rows[0].slot}) limit 1`,
      );
      if (before) previous = cursorOf(rows[0]);
    } else if (search.after) previous = search.after;
  }

  return {
    conversations: readListItems(
      database,
      rows.map((row) => row.id),
    ),
    next,
    previous,
    total: countMatches(
      database,
      from,
      where,
      memberships,
      driver,
      settings.countCap,
      search.variantIndex !== undefined,
    ),
    textIgnored: filter.textIgnored,
  };
}

/**
 * Exact when an index answers (only column checks, or one filter whose index counts conversations,
 * such as the text index) or a rare filter drives (few rows to count); otherwise each row needs a
 * look into another table, and the count stops at the cap.
 */
function countMatches(
  database: RemoraDatabase,
  from: SQL,
  where: SQL,
  filters: Membership[],
  driver: Membership | null,
  cap: number,
  variantRestricted: boolean,
): { count: number; exact: boolean } {
  const only = filters.length === 1 ? filters[0] : null;
  if (only !== null && only.countsConversations && !variantRestricted) return { count: only.count(), exact: true };
  const checkedPerRow = driver === null && filters.some((filter) => filter.kind === 'related');
  if (!checkedPerRow)
    return { count: countOf(database, sql`select count(*) as count from ${from} where ${where}`), exact: true };
  const count = countOf(
    database,
    sql`select count(*) as count from (select 1 from ${from} where ${where} limit ${cap + 1})`,
  );
  return count > cap ? { count: cap, exact: false } : { count, exact: true };
}

/** The list rows of these conversations, in the order given. */
export function readListItems(database: RemoraDatabase, ids: string[]): ConversationListItem[] {
  if (ids.length === 0) return [];
  const found = database
    .select(CONVERSATION_LIST_FIELDS)
    .from(conversations)
    .where(inArray(conversations.id, ids))
    .orderBy(asc(conversations.variantIndex), asc(conversations.slot))
    .all();
  const byId = new Map(found.map((row) => [row.id, row]));
  return withParsePaths(
    database,
    ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
  );
}

/**
 * A page by offset, with the exact number of matches: what the API's
 * GET /api/experiments/:id/conversations answers (the panel's own list pages by keyset instead).
 */
export function listFilteredConversations(
  database: RemoraDatabase,
  experimentId: string,
  search: ConversationFilters & { limit?: number; offset?: number } = {},
): { total: number; conversations: ConversationListItem[]; textIgnored: boolean } {
  const filter = experimentFilterCondition(database, experimentId, search);
  if (filter === null) return { total: 0, conversations: [], textIgnored: false };
  const { from, where, memberships, driver } = filter;
  const limit = Math.min(Math.max(search.limit ?? 50, 0), 500);
  const offset = Math.max(search.offset ?? 0, 0);
  const rows = database.all<{ id: string }>(
    sql`select c.id from ${from} where ${where} order by c.variant_index, c.slot limit ${limit} offset ${offset}`,
  );
  const total = countMatches(
    database,
    from,
    where,
    memberships,
    driver,
    Number.MAX_SAFE_INTEGER,
    search.variantIndex !== undefined,
  ).count;
  return {
    total,
    conversations: readListItems(
      database,
      rows.map((row) => row.id),
    ),
    textIgnored: filter.textIgnored,
  };
}

/** The next `limit` matching ids after a position, in variant and slot order (filtered exports). */
export function nextFilteredIds(
  database: RemoraDatabase,
  filter: { from: SQL; where: SQL },
  after: ConversationCursor | null,
  limit: number,
): string[] {
  const position = after ? sql` and (c.variant_index, c.slot) > (${after.variantIndex}, ${after.slot})` : sql``;
  return database
    .all<{ id: string }>(
      sql`select c.id from ${filter.from} where ${filter.where}${position}
        order by c.variant_index, c.slot limit ${limit}`,
    )
    .map((row) => row.id);
}

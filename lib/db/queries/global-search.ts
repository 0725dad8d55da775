// Conversations of every experiment (or one) matching the search filters, newest first, a page at a
// time. The order is the search document's id (search_documents), which grows as conversations are
// stored, so paging is a keyset on it and the text index can hand its matches over in that order.
import { sql, type SQL } from 'drizzle-orm';
import type { RemoraDatabase } from '../client';
import { readListItems } from './conversation-search';
import type { ConversationListItem } from './conversation-list';
import { filterMemberships } from './search-filters';
import { type ConversationFilters, type Membership } from './search-types';
import { driveLimitFor, filterConditions, pickDriver } from './search-plan';

export type GlobalSearch = Omit<ConversationFilters, 'variantIndex'> & {
  /** One experiment only; all of them when missing. */
  experimentId?: string;
  /** The page starts after this document (its `position`). */
  after?: number;
  limit?: number;
};

type GlobalSearchItem = ConversationListItem & {
  /** The keyset position of this row (its search document id). */
  position: number;
  experimentName: string | null;
  agentName: string;
};

export type GlobalSearchPage = {
  conversations: GlobalSearchItem[];
  /** Pass as `after` for the next page; null when this is the last. */
  next: number | null;
  /**
   * How many conversations match (exact, or at least `count` when counting needs a look into
   * another table for each of very many rows), and in how many experiments (null past COUNT_LIMIT).
   */
  total: { count: number; exact: boolean; experiments: number | null };
  textIgnored: boolean;
};

/** Row-by-row counts stop here; so does telling the experiments apart. */
const COUNT_LIMIT = 1_000;
const MAX_GLOBAL_PAGE = 200;

function countOf(database: RemoraDatabase, query: SQL): number {
  return database.get<{ count: number }>(query)?.count ?? 0;
}

/** `driveLimit`: rare filters (this many rows or fewer) drive the query; by default driveLimitFor(all documents). */
export function searchAllConversations(
  database: RemoraDatabase,
  search: GlobalSearch,
  options: { driveLimit?: number } = {},
): GlobalSearchPage {
  const limit = Math.min(Math.max(search.limit ?? 50, 1), MAX_GLOBAL_PAGE);
  const scope = { experimentId: search.experimentId ?? null, variants: null };
  // The newest document's id tells how many there are, near enough, without counting them.
  const size = database.get<{ size: number | null }>(sql`select max(id) as size from search_documents`)?.size ?? 0;
  const driveLimit = options.driveLimit ?? driveLimitFor(size);
  const { memberships, textIgnored } = filterMemberships(database, scope, search, driveLimit);
  const empty: GlobalSearchPage = {
    conversations: [],
    next: null,
    total: { count: 0, exact: true, experiments: 0 },
    textIgnored,
  };
  if (memberships.some((filter) => filter.rows === 0)) return empty;
  const driver = pickDriver(memberships, driveLimit);
  // Text with no rare filter to drive: the index hands its matches over newest first (rowid order
  // is the page's order), so a page reads about as many matches as it shows, whatever their number.
  const text = driver === null ? memberships.find((filter) => filter.text !== undefined) : undefined;
  const conditions = text
    ? [
        sql`conversation_text match ${text.text!.scoped}`,
        ...filterConditions(
          memberships.filter((filter) => filter !== text),
          null,
        ),
      ]
    : filterConditions(memberships, driver);
  if (search.experimentId !== undefined) conditions.push(sql`d.experiment_id = ${search.experimentId}`);
  const where = conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`1`;
  const from = text
    ? sql`conversation_text t join search_documents d on d.id = t.rowid
        join conversations c on c.id = d.conversation_id`
    : sql`search_documents d join conversations c on c.id = d.conversation_id`;
  const key = text ? sql`t.rowid` : sql`d.id`;
  const position = search.after !== undefined ? sql` and ${key} < ${search.after}` : sql``;

  const rows = database.all<{ id: string; position: number }>(
    sql`select c.id, ${key} as position from ${from} where ${where}${position} order by ${key} desc limit ${limit + 1}`,
  );
  const page = rows.slice(0, limit);
  const total = countTotal(database, from, where, memberships, driver, search.experimentId);

  const items = readListItems(
    database,
    page.map((row) => row.id),
  );
  const byId = new Map(items.map((item) => [item.id, item]));
  const experiments = experimentNames(database, [...new Set(items.map((item) => item.experimentId))]);
  const conversations = page.flatMap((row) => {
    const item = byId.get(row.id);
    if (!item) return [];
    const experiment = experiments.get(item.experimentId);
    return [
      {
        ...item,
        position: row.position,
        experimentName: experiment?.name ?? null,
        agentName: experiment?.agentName ?? '',
      },
    ];
  });
  return {
    conversations,
    next: rows.length > limit ? page[page.length - 1].position : null,
    total,
    textIgnored,
  };
}

/**
 * One filter whose index counts conversations (text, a label, a column) is its own total; so is no
 * filter at all. Otherwise the rows are counted, up to COUNT_LIMIT when no rare filter drives.
 */
function countTotal(
  database: RemoraDatabase,
  from: SQL,
  where: SQL,
  memberships: Membership[],
  driver: Membership | null,
  experimentId: string | undefined,
): GlobalSearchPage['total'] {
  if (memberships.length === 0)
    return {
      count: countOf(database, sql`select count(*) as count from search_documents`),
      exact: true,
      experiments: null,
    };
  if (memberships.length === 1 && memberships[0].countsConversations) {
    const count = memberships[0].count();
    const experiments =
      count <= COUNT_LIMIT
        ? countOf(database, sql`select count(distinct d.experiment_id) as count from ${from} where ${where}`)
        : null;
    return { count, exact: true, experiments };
  }
  if (driver !== null) {
    // A rare filter drives: counting the matches and their experiments is one short pass.
    const both = database.get<{ count: number; experiments: number }>(
      sql`select count(*) as count, count(distinct d.experiment_id) as experiments from ${from} where ${where}`,
    );
    return { count: both?.count ?? 0, exact: true, experiments: both?.experiments ?? 0 };
  }
  // No filter is rare, so the count stops at the limit; the least common one drives it (its set is
  // read once and the others checked on its rows), and one pass also tells the experiments apart.
  const rarest = memberships.reduce((best, filter) => (filter.rows < best.rows ? filter : best));
  const conditions = filterConditions(memberships, rarest);
  if (experimentId !== undefined) conditions.push(sql`d.experiment_id = ${experimentId}`);
  const both = database.get<{ count: number; experiments: number }>(
    sql`select count(*) as count, count(distinct experiment_id) as experiments from (
      select d.experiment_id from search_documents d join conversations c on c.id = d.conversation_id
      where ${sql.join(conditions, sql` and `)} limit ${COUNT_LIMIT + 1})`,
  );
  const count = both?.count ?? 0;
  if (count > COUNT_LIMIT) return { count: COUNT_LIMIT, exact: false, experiments: null };
  return { count, exact: true, experiments: both?.experiments ?? 0 };
}

function experimentNames(
  database: RemoraDatabase,
  ids: string[],
): Map<string, { name: string | null; agentName: string }> {
  if (ids.length === 0) return new Map();
  const rows = database.all<{ id: string; name: string | null; agent_name: string }>(
    sql`select id, name, agent_name from experiments where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((row) => [row.id, { name: row.name, agentName: row.agent_name }]));
}

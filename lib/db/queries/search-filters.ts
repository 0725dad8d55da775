// The filters a conversation search can combine, each as SQL two ways (see conversation-search.ts):
// as the set of conversations it selects (to drive a query when it is rare) and as a check on one
// conversation row `c` (when it is common). Every filter works in one experiment or in all of them.
//
// Parse path, error kind, tool, argument, label and text are facts of other tables; each is first
// counted over an index (model_calls_metrics_index, tool_executions_error_index,
// tool_executions_tool_index, conversation_labels_label_index, the FTS5 index) so the caller can
// tell how rare it is. Outcome and verdict are columns of the conversation row.
import { sql, type SQL } from 'drizzle-orm';
import type { RemoraDatabase } from '../client';
import { ftsPhrase, ftsQuery, inExperiment } from './search-text';
import type { VerdictFilter, ConversationFilters, SearchScope, Membership, FilterSet } from './search-types';

/** The kind of a model request that failed for good (as in the metrics' error counts). */
export const MODEL_REQUEST_FAILED_KIND = 'model_request_failed';

function countOf(database: RemoraDatabase, query: SQL): number {
  return database.get<{ count: number }>(query)?.count ?? 0;
}

/** Rows of `select 1 ...`, counted up to cap + 1: enough to tell rare from common, cheaply. */
function counted(database: RemoraDatabase, rowsQuery: SQL, cap: number): { rows: number; count(): number } {
  const limit = Number.isFinite(cap) ? sql` limit ${Math.max(0, Math.floor(cap)) + 1}` : sql``;
  return {
    rows: countOf(database, sql`select count(*) as count from (${rowsQuery}${limit})`),
    count: () => countOf(database, sql`select count(*) as count from (${rowsQuery})`),
  };
}

function inList(values: number[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}

/** Conditions on a table `alias` with experiment_id and variant_index columns. */
function scoped(alias: string, scope: SearchScope): SQL {
  const table = sql.raw(alias);
  const parts: SQL[] = [];
  if (scope.experimentId !== null) parts.push(sql`${table}.experiment_id = ${scope.experimentId}`);
  if (scope.experimentId !== null && scope.variants !== null)
    parts.push(sql`${table}.variant_index in (${inList(scope.variants)})`);
  return parts.length > 0 ? sql.join(parts, sql` and `) : sql`1`;
}

/** A filter that lives in another table: `rows` counts matches in scope, `subquery` selects their conversation ids. */
function related(
  database: RemoraDatabase,
  cap: number,
  from: SQL,
  where: SQL,
  perRow: SQL,
  countsConversations = false,
): Membership {
  return {
    kind: 'related',
    countsConversations,
    needsDocument: false,
    ...counted(database, sql`select 1 from ${from} where ${where}`, cap),
    driven: sql`c.id in (select conversation_id from ${from} where ${where})`,
    perRow,
  };
}

function column(
  database: RemoraDatabase,
  cap: number,
  scope: SearchScope,
  condition: (alias: string) => SQL,
): Membership {
  const where = sql`${scoped('c', scope)} and ${condition('c')}`;
  return {
    kind: 'column',
    countsConversations: true,
    needsDocument: false,
    ...counted(database, sql`select 1 from conversations c where ${where}`, cap),
    driven: sql`c.rowid in (select c.rowid from conversations c where ${where})`,
    perRow: condition('c'),
  };
}

/** Documents matching an FTS5 expression, as a set of search_documents ids. */
function matching(query: string): SQL {
  return sql`(select rowid from conversation_text where conversation_text match ${query})`;
}

function textMembership(database: RemoraDatabase, cap: number, scope: SearchScope, query: string): Membership {
  // In one experiment the experiment's own token joins the query, so the index alone counts the matches.
  const scoped = scope.experimentId !== null ? inExperiment(query, scope.experimentId) : query;
  const rows = counted(database, sql`select 1 from conversation_text where conversation_text match ${scoped}`, cap);
  let exact: number | null = null;
  return {
    kind: 'related',
    countsConversations: true,
    needsDocument: true,
    rows: rows.rows,
    // Asked at most once a search (the total, and the choice of plan, both read it).
    count: () => (exact ??= rows.count()),
    driven: sql`d.id in ${matching(scoped)}`,
    // The unary + keeps SQLite from looking rows up through the set: it scans in page order and probes it.
    perRow: sql`+d.id in ${matching(scoped)}`,
    // The index seeks the one document (rowid = d.id); the row is already in scope, so no experiment token.
    text: {
      query,
      scoped,
      probe: sql`exists (select 1 from conversation_text t where t.rowid = d.id and conversation_text match ${query})`,
    },
  };
}

const ARGUMENT_NAME = /^([A-Za-z_][\w.-]*)=(.*)$/s;

/** `NAME=VALUE` or a bare value; a value compares with the argument's JSON scalar written as text. */
export function readArgumentFilter(text: string): { name: string | null; value: string } {
  const named = ARGUMENT_NAME.exec(text);
  return named ? { name: named[1], value: named[2] } : { name: null, value: text };
}

function argumentMembership(
  database: RemoraDatabase,
  cap: number,
  scope: SearchScope,
  filters: ConversationFilters,
): Membership {
  const { name, value } = readArgumentFilter(filters.argument as string);
  const tool = filters.tool !== undefined ? sql` and t.tool_name = ${filters.tool}` : sql``;
  const key = name !== null ? sql` and a.key = ${name}` : sql``;
  const scalar = sql`case a.type when 'true' then 'true' when 'false' then 'false' when 'null' then 'null'
    when 'object' then null when 'array' then null else cast(a.atom as text) end`;
  const perRow = sql`exists (select 1 from tool_executions t, json_each(t.arguments) a
    where t.conversation_id = c.id and t.experiment_id = c.experiment_id${tool}${key} and ${scalar} = ${value})`;
  // A value with words in it narrows through the index of the calls' text; the exact check follows.
  const phrase = ftsPhrase(value, 'calls');
  const uncounted = () => Number.POSITIVE_INFINITY;
  if (phrase === null)
    return {
      kind: 'related',
      rows: Number.POSITIVE_INFINITY,
      count: uncounted,
      countsConversations: false,
      needsDocument: false,
      driven: perRow,
      perRow,
    };
  const text = textMembership(database, cap, scope, phrase);
  return {
    kind: 'related',
    rows: text.rows,
    count: uncounted,
    countsConversations: false,
    needsDocument: true,
    driven: sql`${text.driven} and ${perRow}`,
    perRow: sql`${text.perRow} and ${perRow}`,
  };
}

const VERDICT_CONDITIONS: Record<VerdictFilter, (alias: string) => SQL> = {
  correct: (alias) => sql`${sql.raw(alias)}.verdict_scored = 1 and ${sql.raw(alias)}.call_correct = 1`,
  wrong: (alias) => sql`${sql.raw(alias)}.verdict_scored = 1 and ${sql.raw(alias)}.call_correct = 0`,
  wrong_tool: (alias) => sql`${sql.raw(alias)}.verdict_scored = 1 and ${sql.raw(alias)}.name_correct = 0`,
  wrong_arguments: (alias) => sql`${sql.raw(alias)}.verdict_scored = 1 and ${sql.raw(alias)}.arguments_correct = 0`,
  unscored: (alias) => sql`coalesce(${sql.raw(alias)}.verdict_scored, 0) = 0`,
};

/** Every filter given, as memberships in the scope; their rows are counted up to `cap` (the drive limit). */
export function filterMemberships(
  database: RemoraDatabase,
  scope: SearchScope,
  filters: ConversationFilters,
  cap = Number.POSITIVE_INFINITY,
): FilterSet {
  const found: Membership[] = [];
  const calls = scoped('m', scope);
  if (filters.parsePath !== undefined) {
    found.push(
      related(
        database,
        cap,
        sql`model_calls m`,
        sql`${calls} and m.parse_path = ${filters.parsePath}`,
        sql`exists (select 1 from model_calls m
          where m.conversation_id = c.id and m.parse_path = ${filters.parsePath})`,
      ),
    );
  }
  if (filters.errorKind === MODEL_REQUEST_FAILED_KIND) {
    // Failed requests have no parse path: the metrics index finds them by (parse_path null, status).
    found.push(
      related(
        database,
        cap,
        sql`model_calls m`,
        sql`${calls} and m.parse_path is null and m.status = 'error'`,
        sql`exists (select 1 from model_calls m where m.conversation_id = c.id and m.status = 'error')`,
      ),
    );
  } else if (filters.errorKind !== undefined) {
    found.push(
      related(
        database,
        cap,
        sql`tool_executions t`,
        sql`${scoped('t', scope)} and t.error_kind = ${filters.errorKind}`,
        sql`exists (select 1 from tool_executions t
          where t.conversation_id = c.id and t.error_kind = ${filters.errorKind})`,
      ),
    );
  }
  if (filters.tool !== undefined && filters.argument === undefined) {
    found.push(
      related(
        database,
        cap,
        sql`tool_executions t`,
        sql`t.tool_name = ${filters.tool} and ${scoped('t', scope)}`,
        sql`exists (select 1 from tool_executions t
          where t.tool_name = ${filters.tool} and t.experiment_id = c.experiment_id and t.conversation_id = c.id)`,
      ),
    );
  }
  if (filters.argument !== undefined) found.push(argumentMembership(database, cap, scope, filters));
  if (filters.label !== undefined) {
    const inScope = scope.experimentId !== null ? sql` and l.experiment_id = ${scope.experimentId}` : sql``;
    found.push(
      related(
        database,
        cap,
        sql`conversation_labels l`,
        sql`l.label = ${filters.label}${inScope}`,
        sql`exists (select 1 from conversation_labels l where l.conversation_id = c.id and l.label = ${filters.label})`,
        true,
      ),
    );
  }
  let textIgnored = false;
  if (filters.text !== undefined) {
    const query = ftsQuery(filters.text);
    if (query === null) textIgnored = true;
    else found.push(textMembership(database, cap, scope, query));
  }
  if (filters.outcome !== undefined)
    found.push(column(database, cap, scope, (alias) => sql`${sql.raw(alias)}.outcome = ${filters.outcome}`));
  if (filters.verdict !== undefined) found.push(column(database, cap, scope, VERDICT_CONDITIONS[filters.verdict]));
  return { memberships: found, textIgnored };
}

// What a conversation search asks for (filters, scope) and what each filter becomes (a membership:
// its rows counted, and its SQL as a driving set and as a per-row check).
import type { SQL } from 'drizzle-orm';
import type { ParsePath } from '../../parsing/types';
import type { Outcome } from '../../runner/types';

/** What scoring said about a dataset conversation's first response. */
export const VERDICT_FILTERS = ['correct', 'wrong', 'wrong_tool', 'wrong_arguments', 'unscored'] as const;

export type VerdictFilter = (typeof VERDICT_FILTERS)[number];

export type ConversationFilters = {
  variantIndex?: number;
  outcome?: Outcome;
  /** At least one model response parsed along this path. */
  parsePath?: ParsePath;
  /** At least one tool execution with this error kind, or model_request_failed. */
  errorKind?: string;
  /** Words anywhere in the transcript but the system prompt (search-text.ts for the syntax). */
  text?: string;
  /** At least one call of this tool. */
  tool?: string;
  /** At least one call with an argument of this value: `VALUE`, or `NAME=VALUE` for one argument. */
  argument?: string;
  verdict?: VerdictFilter;
  /** Carries this label. */
  label?: string;
};

/** Where to look: one experiment (and some of its variants) or every experiment. */
export type SearchScope = { experimentId: string | null; variants: number[] | null };

export type Membership = {
  /** `column`: the check reads only the conversation row; `related`: it looks into another table. */
  kind: 'column' | 'related';
  /**
   * Matching rows (an index count), which tells how rare it is: counted up to the cap the caller
   * gave and no further (a larger number means "more than the cap"); Infinity when not counted.
   */
  rows: number;
  /** The exact count of matching rows (for when `countsConversations` makes it the total). */
  count(): number;
  /** `rows` counts conversations (one row per conversation), so it is the filter's total on its own. */
  countsConversations: boolean;
  /**
   * Its SQL reads the conversation's search document `d` (search_documents), which the query must
   * join. The text index's matches are then one set, built once per query and probed per row; a
   * check nested in a per-row subquery would run the full-text query again for every row.
   */
  needsDocument: boolean;
  /** The conversations it selects: a condition on `c` that an index answers. */
  driven: SQL;
  /** The same check on one conversation row `c`. */
  perRow: SQL;
  /**
   * Text only: its FTS5 query, alone (`query`) and in the scope (`scoped`, with the experiment's
   * token). The index can then drive the query itself in rowid order (global-search.ts), or be probed
   * at one document (`probe`) when most documents match, cheaper than building the whole set.
   */
  text?: { query: string; scoped: string; probe: SQL };
};

export type FilterSet = {
  memberships: Membership[];
  /** The typed text held nothing to look for (only punctuation, say): it is left out. */
  textIgnored: boolean;
};

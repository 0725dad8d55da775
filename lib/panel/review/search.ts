// Search over every experiment's transcripts (or one's): the API's and the search page's query,
// read the same way, and the page of matches with their total.
import { z } from 'zod';
import { OUTCOMES, type Outcome } from '../../runner/types';
import { ALL_PARSE_PATHS } from '../../parsing/types';
import { searchAllConversations, type GlobalSearchPage } from '../../db/queries/global-search';
import { VERDICT_FILTERS } from '../../db/queries/search-types';
import { searchSnippets, type SearchSnippet } from '../../db/queries/search-snippets';
import type { PanelContext } from '../context';

export const SearchQuery = z
  .object({
    q: z.string().trim().min(1).max(200).optional(),
    experiment: z.string().trim().min(1).max(100).optional(),
    outcome: z.enum(OUTCOMES as [Outcome, ...Outcome[]]).optional(),
    parsePath: z.enum(ALL_PARSE_PATHS).optional(),
    errorKind: z.string().trim().min(1).max(100).optional(),
    tool: z.string().trim().min(1).max(200).optional(),
    argument: z.string().trim().min(1).max(200).optional(),
    verdict: z.enum(VERDICT_FILTERS).optional(),
    label: z.string().trim().min(1).max(100).optional(),
    after: z.coerce.number().int().min(0).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();
export type SearchQuery = z.infer<typeof SearchQuery>;

export const SEARCH_KEYS = [
  'q',
  'experiment',
  'outcome',
  'parsePath',
  'errorKind',
  'tool',
  'argument',
  'verdict',
  'label',
] as const;

/** Each match carries the passage its words were found in (null without words, or when none is found). */
export type SearchAnswer = Omit<GlobalSearchPage, 'conversations'> & {
  conversations: (GlobalSearchPage['conversations'][number] & { snippet: SearchSnippet | null })[];
  searched: boolean;
};

/** Nothing is searched until something is asked: an empty query lists no conversation. */
export function searchTranscripts(context: PanelContext, query: SearchQuery): SearchAnswer {
  const asked = SEARCH_KEYS.some((key) => query[key] !== undefined);
  if (!asked)
    return {
      conversations: [],
      next: null,
      total: { count: 0, exact: true, experiments: 0 },
      textIgnored: false,
      searched: false,
    };
  const page = searchAllConversations(context.database, {
    experimentId: query.experiment,
    text: query.q,
    outcome: query.outcome,
    parsePath: query.parsePath,
    errorKind: query.errorKind,
    tool: query.tool,
    argument: query.argument,
    verdict: query.verdict,
    label: query.label,
    after: query.after,
    limit: query.limit,
  });
  const snippets =
    query.q === undefined || page.textIgnored
      ? new Map<string, SearchSnippet>()
      : searchSnippets(
          context.database,
          page.conversations.map((conversation) => conversation.id),
          query.q,
        );
  const conversations = page.conversations.map((conversation) => ({
    ...conversation,
    snippet: snippets.get(conversation.id) ?? null,
  }));
  return { ...page, conversations, searched: true };
}

/** Reads a page's search parameters leniently: what does not parse is left out and named. */
export function readSearchPage(search: Record<string, string | string[] | undefined>): {
  query: SearchQuery;
  ignored: string[];
} {
  const values: Record<string, string> = {};
  const ignored: string[] = [];
  for (const [key, raw] of Object.entries(search)) {
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (value === undefined || value.trim() === '') continue;
    const field = SearchQuery.shape[key as keyof typeof SearchQuery.shape];
    if (!field || !field.safeParse(value).success) ignored.push(key);
    else values[key] = value;
  }
  return { query: SearchQuery.parse(values), ignored };
}

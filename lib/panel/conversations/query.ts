// The conversation list's filters as they travel in a page URL: read leniently (a value that is not
// a known one, as in an edited URL, is dropped and named rather than failing the page) and written
// back into links that keep every filter.
import { z } from 'zod';
import { ALL_PARSE_PATHS } from '../../parsing/types';
import { OUTCOMES, type Outcome } from '../../runner/types';
import { MODEL_REQUEST_FAILED_KIND, type ConversationCursor } from '../../db/queries/conversation-search';
import { VERDICT_FILTERS, type VerdictFilter } from '../../db/queries/search-types';
import { MAX_LABEL_LENGTH } from '../../db/queries/conversation-review';

/** Error kinds a conversation can be filtered by: tool failures, dispatch problems, failed model requests. */
export const ERROR_KINDS = [
  'unknown_tool',
  'invalid_arguments',
  'tool_failed',
  'tool_timeout',
  'tool_output_invalid',
  'tool_output_too_large',
  MODEL_REQUEST_FAILED_KIND,
] as const;
type ErrorKindFilter = (typeof ERROR_KINDS)[number];

const CURSOR = /^(\d{1,9})\.(\d{1,9})$/;

const FilterFields = {
  variant: z.string().trim().min(1).max(100),
  outcome: z.enum(OUTCOMES as [Outcome, ...Outcome[]]),
  parsePath: z.enum(ALL_PARSE_PATHS),
  error: z.enum(ERROR_KINDS),
  q: z.string().trim().min(1).max(200),
  tool: z.string().trim().min(1).max(200),
  argument: z.string().trim().min(1).max(200),
  verdict: z.enum(VERDICT_FILTERS),
  label: z.string().trim().min(1).max(MAX_LABEL_LENGTH),
};

/** The filters' names, in the order links write them. */
export const FILTER_KEYS = [
  'variant',
  'outcome',
  'parsePath',
  'error',
  'q',
  'tool',
  'argument',
  'verdict',
  'label',
] as const;

export type ConversationListFilters = {
  variant?: string;
  outcome?: Outcome;
  parsePath?: (typeof ALL_PARSE_PATHS)[number];
  error?: ErrorKindFilter;
  /** Text to look for. */
  q?: string;
  /** At least one call of this tool. */
  tool?: string;
  /** At least one call with an argument of this value (`VALUE` or `NAME=VALUE`). */
  argument?: string;
  verdict?: VerdictFilter;
  /** Carries this review label. */
  label?: string;
};

export type ConversationListRequest = {
  filters: ConversationListFilters;
  after?: ConversationCursor;
  before?: ConversationCursor;
  /** Parameters that were given but not understood (dropped). */
  ignored: string[];
};

type SearchParams = Record<string, string | string[] | undefined>;

function first(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined || text.trim() === '' ? undefined : text;
}

function cursorText(cursor: ConversationCursor): string {
  return `${cursor.variantIndex}.${cursor.slot}`;
}

export function readCursor(text: string | undefined): ConversationCursor | undefined | null {
  if (text === undefined) return undefined;
  const match = CURSOR.exec(text);
  return match ? { variantIndex: Number(match[1]), slot: Number(match[2]) } : null;
}

/** The filters and position a list page was asked for. */
export function readConversationListRequest(search: SearchParams): ConversationListRequest {
  const filters: Record<string, unknown> = {};
  const ignored: string[] = [];
  for (const [key, schema] of Object.entries(FilterFields)) {
    const value = first(search[key]);
    if (value === undefined) continue;
    const parsed = schema.safeParse(value);
    if (parsed.success) filters[key] = parsed.data;
    else ignored.push(key);
  }
  const request: ConversationListRequest = { filters: filters as ConversationListFilters, ignored };
  for (const key of ['after', 'before'] as const) {
    const cursor = readCursor(first(search[key]));
    if (cursor === null) ignored.push(key);
    else if (cursor !== undefined) request[key] = cursor;
  }
  if (request.before && request.after) {
    delete request.before;
    ignored.push('before');
  }
  return request;
}

export function hasFilters(filters: ConversationListFilters): boolean {
  return Object.values(filters).some((value) => value !== undefined);
}

/** The filters as query parameters (for links that keep them: the list, a conversation in it, an export). */
export function filterParams(filters: ConversationListFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value !== undefined) params.set(key, value);
  }
  return params;
}

/** A conversation's page, reached from a filtered list: the filters travel along for previous/next. */
export function conversationHref(conversationId: string, filters: ConversationListFilters): string {
  const query = filterParams(filters).toString();
  return `/conversations/${encodeURIComponent(conversationId)}${query ? `?${query}` : ''}`;
}

/** A link to the list with these filters, at a position (or the first page). */
export function conversationListHref(
  experimentId: string,
  filters: ConversationListFilters,
  position: { after?: ConversationCursor; before?: ConversationCursor } = {},
): string {
  const params = filterParams(filters);
  if (position.after) params.set('after', cursorText(position.after));
  else if (position.before) params.set('before', cursorText(position.before));
  const query = params.toString();
  return `/experiments/${encodeURIComponent(experimentId)}/conversations${query ? `?${query}` : ''}`;
}

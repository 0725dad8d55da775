// What a person types into a search box, turned into an FTS5 query that cannot be a syntax error.
//
// Words are matched whole (any order, all of them); "quoted words" as a phrase; a trailing * makes
// a prefix; `calls:word` (or input:, answers:, results:) looks in one part of the transcript only.
// Everything else is taken literally: FTS5's own operators and punctuation never reach it unquoted.

/** The indexed parts of a transcript (the columns of conversation_text, drizzle/0006_search_index.sql). */
const SEARCH_COLUMNS = ['input', 'answers', 'calls', 'results'] as const;
export type SearchColumn = (typeof SEARCH_COLUMNS)[number];

/** A term with no column named looks in every part of the transcript (never in the experiment id column). */
const ALL_TEXT = `{${SEARCH_COLUMNS.join(' ')}}`;

type SearchTerm = { text: string; phrase: boolean; prefix: boolean; column: SearchColumn | null };

const TERM = /(?:(input|answers|calls|results):)?(?:"([^"]*)"|(\S+))/gi;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** The terms of a query as typed; terms with no letter or digit (they match nothing) are left out. */
export function readSearchTerms(typed: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  for (const match of typed.matchAll(TERM)) {
    const column = (match[1]?.toLowerCase() ?? null) as SearchColumn | null;
    const phrase = match[2] !== undefined;
    let text = phrase ? match[2] : match[3];
    const prefix = !phrase && text.endsWith('*');
    if (prefix) text = text.replace(/\*+$/, '');
    if (!WORD_CHARACTER.test(text)) continue;
    terms.push({ text, phrase, prefix, column });
  }
  return terms;
}

function quoted(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** The FTS5 MATCH expression for what was typed; null when it holds nothing to look for. */
export function ftsQuery(typed: string): string | null {
  const terms = readSearchTerms(typed);
  if (terms.length === 0) return null;
  return terms
    .map((term) => {
      const body = `${quoted(term.text)}${term.prefix ? '*' : ''}`;
      return `${term.column ? `{${term.column}}` : ALL_TEXT} : ${body}`;
    })
    .join(' AND ');
}

/** A phrase query for one exact value in one column (the argument filter narrows with it). */
export function ftsPhrase(value: string, column: SearchColumn): string | null {
  if (!WORD_CHARACTER.test(value)) return null;
  return `{${column}} : ${quoted(value)}`;
}

/** The documents of one experiment (its id is indexed in hex, as one token) that also match `query`. */
export function inExperiment(query: string, experimentId: string): string {
  const hex = [...new TextEncoder().encode(experimentId)]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
  return `{experiment} : "${hex}" AND (${query})`;
}

// What a search matched in each conversation of a page of results: a short passage around the first
// match, in pieces marked matched or not, for the page to highlight with elements built from text.
//
// The full-text index is contentless (drizzle/0009_search_index.sql), so FTS5's snippet() has no
// text to cut from. Storing the text in the index would write every transcript twice on each insert
// (the hot path of a running experiment) and double the index; a page shows at most 200 results, so
// the passage is cut here instead from the stored rows of those conversations only, the same parts
// the index is built from, with the words matched as the index's tokenizer matches them (whole
// tokens, case and diacritics folded, phrases as adjacent tokens, a trailing * as a prefix).
import { sql } from 'drizzle-orm';
import type { RemoraDatabase } from '../client';
import { readSearchTerms, type SearchColumn } from './search-text';

type SnippetPiece = { text: string; match: boolean };
export type SearchSnippet = { column: SearchColumn; pieces: SnippetPiece[] };

/** Characters of context kept before the first match and after it. */
const BEFORE = 40;
const AFTER = 100;

type Texts = Record<SearchColumn, string[]>;

// FTS5's unicode61 (remove_diacritics 2), as probed against SQLite itself and held to it by
// search-snippets-tokens.test.ts: letters, numbers, private use, every character beyond the BMP and
// the combining diacritics SQLite folds away (DIACRITIC) are token characters; the rest
// (punctuation, symbols, other marks, variation selectors) separate tokens. Known difference: SQLite
// classifies by Unicode 6.1, so characters assigned since may fall on the other side here.
const DIACRITIC = '\\u0300-\\u0304\\u0306-\\u030C\\u030F\\u0311\\u031B\\u0323-\\u0328\\u032D\\u032E\\u0330\\u0331';
const TOKEN = `[\\p{L}\\p{N}\\p{Co}${DIACRITIC}\\u{10000}-\\u{10FFFF}]`;
const NOT_TOKEN = `[^\\p{L}\\p{N}\\p{Co}${DIACRITIC}\\u{10000}-\\u{10FFFF}]`;
const WORD = new RegExp(TOKEN, 'u');
const LATIN = /^\p{Script=Latin}/u;
const COMBINING_DIACRITIC = new RegExp(`[${DIACRITIC}]`, 'gu');

/**
 * One character as the tokenizer compares it: a combining diacritic folds to nothing, a Latin letter
 * loses its diacritics (SQLite's table covers only Latin: Greek tonos and Cyrillic ё stay), and
 * BMP characters are lower-cased (SQLite folds no case beyond it).
 */
function foldCharacter(character: string): string {
  if (character.length > 1) return character;
  const decomposed = LATIN.test(character) ? character.normalize('NFD') : character;
  return decomposed.replace(COMBINING_DIACRITIC, '').toLowerCase();
}

/** Folded text, and where in the text each folded character came from. */
function fold(text: string): { folded: string; origin: number[] } {
  let folded = '';
  const origin: number[] = [];
  let index = 0;
  for (const character of text) {
    const plain = foldCharacter(character);
    for (let k = 0; k < plain.length; k++) origin.push(index);
    folded += plain;
    index += character.length;
  }
  origin.push(text.length);
  return { folded, origin };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A term as a pattern over folded text: its tokens in a row, whole (the last one a prefix for `word*`). */
function termPattern(text: string, prefix: boolean): string | null {
  const tokens = fold(text)
    .folded.split(new RegExp(`${NOT_TOKEN}+`, 'u'))
    .filter((token) => token !== '');
  if (tokens.length === 0) return null;
  const body = tokens.map(escape).join(`${NOT_TOKEN}+`);
  return `(?<!${TOKEN})${body}${prefix ? `${TOKEN}*` : `(?!${TOKEN})`}`;
}

/** The parts of each conversation the index is built from (see the trigger in drizzle/0009_search_index.sql). */
function readTexts(database: RemoraDatabase, ids: string[]): Map<string, Texts> {
  const texts = new Map<string, Texts>(ids.map((id) => [id, { input: [], answers: [], calls: [], results: [] }]));
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const json = (path: string) => sql.raw(`case when json_valid(input) then json_extract(input, '${path}') end`);
  const content = sql.raw(
    `coalesce(case when json_valid(response) then json_extract(response, '$.choices[0].message.content') end, error)`,
  );
  const rows = database.all<{ id: string; column: SearchColumn; text: string | null }>(sql`
    select conversation_id as id, case role when 'user' then 'input' else 'results' end as "column",
      content as text from messages where conversation_id in (${list}) and role in ('user', 'tool')
    union all select id, 'input', ${json('$.file_path')} from conversations where id in (${list})
    union all select id, 'input', ${json('$.node_name')} from conversations where id in (${list})
    union all select conversation_id, 'answers', ${content} from model_calls where conversation_id in (${list})
    union all select id, 'answers', final_text from conversations where id in (${list})
    union all select id, 'answers', error from conversations where id in (${list})
    union all select conversation_id, 'calls', tool_name || ' ' || arguments
      from tool_executions where conversation_id in (${list})`);
  for (const row of rows)
    if (typeof row.text === 'string' && row.text !== '') texts.get(row.id)?.[row.column].push(row.text);
  return texts;
}

/** Where the patterns match in `text`: [start, end) in its own characters, in order. */
function spansOf(text: string, patterns: RegExp[]): [number, number][] {
  const { folded, origin } = fold(text);
  const spans: [number, number][] = [];
  for (const pattern of patterns)
    for (const match of folded.matchAll(pattern))
      spans.push([origin[match.index], origin[match.index + match[0].length]]);
  return spans.sort((a, b) => a[0] - b[0]);
}

/** The passage around the first match in `text`, every match in it marked; null when nothing matches. */
function cut(text: string, patterns: RegExp[]): SnippetPiece[] | null {
  const spans = spansOf(text, patterns);
  if (spans.length === 0) return null;
  let start = Math.max(0, spans[0][0] - BEFORE);
  let end = Math.min(text.length, spans[0][1] + AFTER);
  // Whole words at the edges.
  while (start > 0 && WORD.test(text[start - 1])) start--;
  while (end < text.length && WORD.test(text[end])) end++;
  const pieces: SnippetPiece[] = [];
  const add = (piece: string, match: boolean) => {
    if (piece !== '') pieces.push({ text: piece.replace(/\s+/g, ' '), match });
  };
  if (start > 0) add('…', false);
  let at = start;
  for (const [from, to] of spans) {
    if (from < at || to > end) continue;
    add(text.slice(at, from), false);
    add(text.slice(from, to), true);
    at = to;
  }
  add(text.slice(at, end), false);
  if (end < text.length) add('…', false);
  return pieces;
}

const ORDER: SearchColumn[] = ['input', 'answers', 'calls', 'results'];

/** Each term's pattern, in the parts of the transcript it looks in. */
function patternsByColumn(terms: ReturnType<typeof readSearchTerms>): Map<SearchColumn, RegExp[]> {
  const patterns = new Map<SearchColumn, RegExp[]>(ORDER.map((column) => [column, []]));
  for (const term of terms) {
    const pattern = termPattern(term.text, term.prefix);
    if (pattern === null) continue;
    for (const column of term.column ? [term.column] : ORDER) patterns.get(column)!.push(new RegExp(pattern, 'gu'));
  }
  return patterns;
}

/**
 * Where the words typed match in a text of one part of the transcript: what the snippet marks. The
 * test beside this file holds these spans to the ones FTS5's highlight() marks with the index's own
 * tokenizer, on text chosen to trip an imitation (search-snippets-tokens.test.ts).
 */
export function matchedSpans(text: string, typed: string, column: SearchColumn = 'answers'): [number, number][] {
  return spansOf(text, patternsByColumn(readSearchTerms(typed)).get(column)!);
}

/** For each conversation, the first part (in transcript order: input, answers, calls, results) the words match in. */
export function searchSnippets(database: RemoraDatabase, ids: string[], typed: string): Map<string, SearchSnippet> {
  const terms = readSearchTerms(typed);
  const snippets = new Map<string, SearchSnippet>();
  if (ids.length === 0 || terms.length === 0) return snippets;
  const patterns = patternsByColumn(terms);
  for (const [id, texts] of readTexts(database, ids)) {
    found: for (const column of ORDER) {
      const columnPatterns = patterns.get(column)!;
      if (columnPatterns.length === 0) continue;
      for (const text of texts[column]) {
        const pieces = cut(text, columnPatterns);
        if (pieces) {
          snippets.set(id, { column, pieces });
          break found;
        }
      }
    }
  }
  return snippets;
}

// The snippet's imitation of the index's tokenizer (search-snippets.ts), held to FTS5's own: the same
// tokenizer on a table that keeps its text, whose highlight() marks what each query matched. Every
// span the snippet would mark must be one FTS5 marks, on text chosen to trip an imitation: case,
// composed and decomposed diacritics, other scripts, punctuation inside words, prefixes, phrases.
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { ftsQuery } from './search-text';
import { matchedSpans } from './search-snippets';

const database = new Database(':memory:');
// The tokenizer of conversation_text (drizzle/0009_search_index.sql), without content='' so highlight() works.
database.exec(`create virtual table probe using fts5(answers, tokenize='unicode61 remove_diacritics 2')`);
afterAll(() => database.close());

const OPEN = '\u0001';
const CLOSE = '\u0002';

/** The spans FTS5 marks in `text` for what was typed, in the text's own characters (none when it does not match). */
function fts5Spans(text: string, typed: string): [number, number][] {
  const query = ftsQuery(typed)?.replace(/\{input answers calls results\}/g, '{answers}');
  if (!query) return [];
  database.exec('delete from probe');
  database.prepare('insert into probe (answers) values (?)').run(text);
  const row = database
    .prepare(`select highlight(probe, 0, char(1), char(2)) as marked from probe where probe match ?`)
    .get(query) as { marked: string } | undefined;
  if (!row) return [];
  const spans: [number, number][] = [];
  let at = 0;
  let start = 0;
  for (const character of row.marked) {
    if (character === OPEN) start = at;
    else if (character === CLOSE) spans.push([start, at]);
    else at += character.length;
  }
  return spans;
}

const TEXTS = [
  'Crème brûlée at the CAFÉ, café-au-lait and cafe\u0301 (written decomposed)',
  'naïve NAÏVE naive Naïveté',
  'Ёлка ёлка елка; Ωμέγα ωμεγα ΩΜΕΓΑ',
  'İstanbul istanbul ISTANBUL',
  "get_weather(city='Paris'); user@example.com foo.bar-baz 3.14 1,000 v2.0",
  'rain🌧️storm snow☃man ½ cup ٣ items',
  '東京の天気は晴れ ＡＢＣ abc',
  'x\uE000y private x y',
  'Straße strasse STRASSE',
  'ﬁle file FILE',
  'Łódź lodz Søren soren ǅemal ǆemal',
  'е\u0308лка ά α',
  'हिन्दी हि न',
  'a\u{1D400}b 𝐀 math',
];

const QUERIES = [
  'cafe',
  'CAFÉ',
  'creme',
  'brul*',
  'naive',
  'naïv*',
  'елка',
  'ёлка',
  'ωμεγα',
  'istanbul',
  'get_weather',
  'weather',
  'paris',
  'example.com',
  'bar',
  '3.14',
  '1',
  'rain',
  'storm',
  '½',
  '٣',
  '東京',
  '東京*',
  'ａｂｃ',
  'abc',
  'x',
  'y',
  'straße',
  'strasse',
  'file',
  '"cafe au lait"',
  '"brûlée at"',
  'caf*',
  'lodz',
  'łódź',
  'soren',
  'ǆemal',
  'ά',
  'α',
  'हि',
  'न',
  'a',
  'math',
];

describe("the snippet's tokens", () => {
  it('mark exactly what FTS5 matches with the index tokenizer', () => {
    const differences: string[] = [];
    for (const text of TEXTS) {
      for (const typed of QUERIES) {
        const ours = JSON.stringify(matchedSpans(text, typed));
        const theirs = JSON.stringify(fts5Spans(text, typed));
        if (ours !== theirs)
          differences.push(`${JSON.stringify(typed)} in ${JSON.stringify(text)}: ours ${ours}, FTS5 ${theirs}`);
      }
    }
    expect(differences).toEqual([]);
  });
});

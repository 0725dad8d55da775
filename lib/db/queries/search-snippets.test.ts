import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type RemoraDatabase } from '../client';
import { createConversationWriter } from '../conversation-writer';
import { experimentConfig } from '../testing/fixtures';
import { failingConversation, textConversation } from '../testing/failing-fixtures';
import { createExperiment } from './experiments';
import { searchAllConversations } from './global-search';
import { searchSnippets, type SearchSnippet } from './search-snippets';

let database: RemoraDatabase;
let ids: { failing: string; text: string; markup: string };

const MARKUP = 'Say <b onclick="x()">Crème brûlée</b> & then <script>alert(1)</script> twice';

beforeEach(() => {
  database = openDatabase(':memory:');
  const experiment = createExperiment(database, {
    agentName: 'docstring',
    config: experimentConfig(),
    simulated: true,
    totalConversations: 3,
  }).id;
  const writer = createConversationWriter(database);
  const slot = (index: number) => ({ variantIndex: 0, variantName: 'baseline', slot: index, inputIndex: 0 });
  writer.write(experiment, slot(0), failingConversation());
  writer.write(experiment, slot(1), textConversation());
  const markup = textConversation();
  markup.messages[1] = { role: 'user', content: MARKUP };
  writer.write(experiment, slot(2), markup);
  writer.close();
  const found = searchAllConversations(database, {}).conversations;
  const bySlot = (index: number) => found.find((item) => item.slot === index)!.id;
  ids = { failing: bySlot(0), text: bySlot(1), markup: bySlot(2) };
});
afterEach(() => closeDatabase(database));

const matched = (snippet: SearchSnippet | undefined) =>
  snippet?.pieces.filter((piece) => piece.match).map((piece) => piece.text);
const whole = (snippet: SearchSnippet | undefined) => snippet?.pieces.map((piece) => piece.text).join('');

describe('searchSnippets', () => {
  it('cuts the passage around what the index matched, in the part it matched, words marked', () => {
    const snippets = searchSnippets(database, [ids.failing, ids.text], 'overloaded');
    expect(snippets.get(ids.failing)?.column).toBe('answers');
    expect(matched(snippets.get(ids.failing))).toEqual(['overloaded']);
    expect(whole(snippets.get(ids.failing))).toContain('upstream overloaded');
    // The other conversation does not hold the word: no passage.
    expect(snippets.has(ids.text)).toBe(false);
  });

  it('matches as the tokenizer does: case, whole words, prefixes, phrases, one part only', () => {
    const text = (typed: string) => searchSnippets(database, [ids.text, ids.failing], typed);
    expect(matched(text('CANNOT help').get(ids.text))).toEqual(['cannot', 'help']);
    expect(matched(text('overl*').get(ids.failing))).toEqual(['overloaded']);
    expect(matched(text('"help with"').get(ids.text))).toEqual(['help with']);
    // "help" is not a word of "helpful"-like tokens only: part of a word is no match.
    expect(text('hel').has(ids.text)).toBe(false);
    const results = text('results:timed').get(ids.failing);
    expect(results?.column).toBe('results');
    expect(matched(results)).toEqual(['timed']);
  });

  it('folds diacritics and keeps markup as text, never as elements', () => {
    const snippet = searchSnippets(database, [ids.markup], 'creme brulee').get(ids.markup);
    expect(snippet?.column).toBe('input');
    expect(matched(snippet)).toEqual(['Crème', 'brûlée']);
    expect(whole(snippet)).toBe(MARKUP);
  });

  it('agrees with the index on what matches', () => {
    for (const typed of ['overloaded', 'cannot', 'creme', 'delete_everything', '"timed out"', 'sys']) {
      const found = searchAllConversations(database, { text: typed }).conversations.map((item) => item.id);
      expect([...searchSnippets(database, found, typed).keys()].sort(), typed).toEqual([...found].sort());
    }
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type RemoraDatabase } from '../client';
import { createConversationWriter } from '../conversation-writer';
import { docstringConversation, experimentConfig } from '../testing/fixtures';
import { failingConversation, textConversation } from '../testing/failing-fixtures';
import { searchConversations, type ConversationSearch, type ConversationSearchOptions } from './conversation-search';
import { createExperiment } from './experiments';

let database: RemoraDatabase;
let experimentId: string;

// Variant 0 (baseline): slots 0-3 submitted (paths tool_calls, json_name_arguments, functiongemma_tags),
// slot 4 a text answer. Variant 1 (directive): slots 0-1 submitted via functiongemma_tags only, slot 2
// failing (a tool timeout, an unknown tool, then the model request fails for good).
beforeEach(() => {
  database = openDatabase(':memory:');
  experimentId = createExperiment(database, {
    agentName: 'docstring',
    config: experimentConfig(),
    simulated: true,
    totalConversations: 8,
  }).id;
  const other = createExperiment(database, {
    agentName: 'docstring',
    config: experimentConfig(),
    simulated: true,
    totalConversations: 1,
  }).id;
  const writer = createConversationWriter(database);
  const baseline = (slot: number) => ({ variantIndex: 0, variantName: 'baseline', slot, inputIndex: slot % 2 });
  const directive = (slot: number) => ({ variantIndex: 1, variantName: 'directive', slot, inputIndex: 0 });
  for (const slot of [3, 1, 0, 2]) writer.write(experimentId, baseline(slot), docstringConversation());
  writer.write(experimentId, baseline(4), { ...textConversation(), finalText: 'I cannot help with 100%_sure things.' });
  writer.write(experimentId, directive(0), docstringConversation({ secondPath: 'functiongemma_tags' }));
  writer.write(experimentId, directive(1), docstringConversation({ secondPath: 'functiongemma_tags' }));
  writer.write(experimentId, directive(2), failingConversation());
  // Another experiment's conversations never show.
  writer.write(other, baseline(0), failingConversation());
  writer.close();
});
afterEach(() => closeDatabase(database));

const positions = (search: ConversationSearch, options?: ConversationSearchOptions) =>
  searchConversations(database, experimentId, search, options).conversations.map((item) => [
    item.variantIndex,
    item.slot,
  ]);

// Every filter must give the same answer whether it drives the query (rare) or is checked row by row (common).
const BOTH_WAYS: [string, ConversationSearchOptions][] = [
  ['driven by the rare filter', {}],
  ['checked row by row', { driveLimit: 0 }],
];

describe('searchConversations', () => {
  it('pages forward and back in variant and slot order with an exact total', () => {
    const first = searchConversations(database, experimentId, { limit: 3 });
    expect(first.conversations.map((item) => [item.variantIndex, item.slot])).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
    ]);
    expect(first.total).toEqual({ count: 8, exact: true });
    expect(first.previous).toBeNull();
    expect(first.next).toEqual({ variantIndex: 0, slot: 2 });
    expect(first.conversations[0].parsePaths).toEqual(['tool_calls', 'json_name_arguments', 'functiongemma_tags']);

    const second = searchConversations(database, experimentId, { limit: 3, after: first.next! });
    expect(second.conversations.map((item) => [item.variantIndex, item.slot])).toEqual([
      [0, 3],
      [0, 4],
      [1, 0],
    ]);
    expect(second.previous).toEqual({ variantIndex: 0, slot: 3 });
    const third = searchConversations(database, experimentId, { limit: 3, after: second.next! });
    expect(third.conversations.map((item) => [item.variantIndex, item.slot])).toEqual([
      [1, 1],
      [1, 2],
    ]);
    expect(third.next).toBeNull();

    const back = searchConversations(database, experimentId, { limit: 3, before: third.previous! });
    expect(back.conversations.map((item) => [item.variantIndex, item.slot])).toEqual([
      [0, 3],
      [0, 4],
      [1, 0],
    ]);
    expect(back.previous).toEqual({ variantIndex: 0, slot: 3 });
    expect(back.next).toEqual({ variantIndex: 1, slot: 0 });
    const front = searchConversations(database, experimentId, { limit: 3, before: back.previous! });
    expect(front.conversations.map((item) => [item.variantIndex, item.slot])).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
    ]);
    expect(front.previous).toBeNull();
  });

  it.each(BOTH_WAYS)('filters by parse path, outcome and variant (%s)', (_way, options) => {
    expect(positions({ parsePath: 'json_name_arguments' }, options)).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [0, 3],
    ]);
    expect(positions({ parsePath: 'text' }, options)).toEqual([[0, 4]]);
    expect(positions({ parsePath: 'functiongemma_tags', variantIndex: 1, outcome: 'submitted' }, options)).toEqual([
      [1, 0],
      [1, 1],
    ]);
    expect(positions({ parsePath: 'malformed' }, options)).toEqual([]);
    expect(positions({ outcome: 'error' }, options)).toEqual([[1, 2]]);
    expect(positions({ outcome: 'no_tool_call', variantIndex: 1 }, options)).toEqual([]);
    expect(searchConversations(database, experimentId, { parsePath: 'tool_calls' }, options).total).toEqual({
      count: 7,
      exact: true,
    });
  });

  it.each(BOTH_WAYS)('filters by tool error kind and by failed model requests (%s)', (_way, options) => {
    expect(positions({ errorKind: 'tool_timeout' }, options)).toEqual([[1, 2]]);
    expect(positions({ errorKind: 'unknown_tool', variantIndex: 0 }, options)).toEqual([]);
    expect(positions({ errorKind: 'model_request_failed' }, options)).toEqual([[1, 2]]);
    expect(positions({ errorKind: 'tool_failed' }, options)).toEqual([]);
  });

  it('counts row-by-row checks only up to the cap, and says so', () => {
    const capped = searchConversations(
      database,
      experimentId,
      { parsePath: 'tool_calls', limit: 2 },
      { driveLimit: 0, countCap: 3 },
    );
    expect(capped.total).toEqual({ count: 3, exact: false });
    expect(capped.conversations).toHaveLength(2);
    expect(
      searchConversations(database, experimentId, { parsePath: 'text' }, { driveLimit: 0, countCap: 3 }).total,
    ).toEqual({ count: 1, exact: true });
    // An outcome alone is counted over its index: always exact.
    expect(
      searchConversations(database, experimentId, { outcome: 'submitted' }, { driveLimit: 0, countCap: 3 }).total,
    ).toEqual({ count: 6, exact: true });
  });

  it('finds text in inputs, answers, errors, calls and tool results, never in the system prompt', () => {
    expect(positions({ text: 'cannot help' })).toEqual([[0, 4]]);
    expect(positions({ text: 'UPSTREAM overloaded' })).toEqual([[1, 2]]);
    expect(positions({ text: 'delete_everything' })).toEqual([[1, 2]]);
    expect(positions({ text: 'written' })).toHaveLength(6);
    expect(positions({ text: 'docstring agent' })).toEqual([]);
    // Punctuation separates words; FTS5's own syntax is taken literally.
    expect(positions({ text: '100%_sure' })).toEqual([[0, 4]]);
    expect(positions({ text: '100%x' })).toEqual([]);
    expect(positions({ text: 'cannot OR NEAR(' })).toEqual([]);
    expect(positions({ text: 'timed out', variantIndex: 0 })).toEqual([]);
    const found = searchConversations(database, experimentId, { text: 'timed out' });
    expect(found).toMatchObject({ total: { count: 1, exact: true }, next: null, textIgnored: false });
  });

  it.each(BOTH_WAYS)('counts text matches exactly and pages through them both ways (%s)', (_way, options) => {
    const first = searchConversations(database, experimentId, { text: 'written', limit: 4 }, options);
    expect(first.total).toEqual({ count: 6, exact: true });
    expect(first.conversations.map((item) => [item.variantIndex, item.slot])).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [0, 3],
    ]);
    const second = searchConversations(
      database,
      experimentId,
      { text: 'written', limit: 4, after: first.next! },
      options,
    );
    expect(second.conversations.map((item) => [item.variantIndex, item.slot])).toEqual([
      [1, 0],
      [1, 1],
    ]);
    const back = searchConversations(
      database,
      experimentId,
      { text: 'written', limit: 4, before: second.previous! },
      options,
    );
    expect(back.conversations.map((item) => [item.variantIndex, item.slot])).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [0, 3],
    ]);
    // Combined with another filter, on one variant.
    expect(positions({ text: 'written', variantIndex: 1 }, options)).toEqual([
      [1, 0],
      [1, 1],
    ]);
    expect(positions({ text: 'written', parsePath: 'functiongemma_tags', variantIndex: 0 }, options)).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [0, 3],
    ]);
  });

  it('leaves out text with nothing to look for, and says so', () => {
    const page = searchConversations(database, experimentId, { text: '%%% ***' });
    expect(page.textIgnored).toBe(true);
    expect(page.total).toEqual({ count: 8, exact: true });
  });

  it('answers an unknown experiment with an empty page', () => {
    expect(searchConversations(database, 'missing', { parsePath: 'text' })).toMatchObject({
      conversations: [],
      total: { count: 0, exact: true },
    });
  });
});

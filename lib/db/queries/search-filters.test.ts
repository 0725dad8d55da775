import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type RemoraDatabase } from '../client';
import { createConversationWriter } from '../conversation-writer';
import type { Verdict } from '../../datasets/verdict';
import { docstringConversation, experimentConfig } from '../testing/fixtures';
import { failingConversation, textConversation } from '../testing/failing-fixtures';
import { addConversationLabel } from './conversation-review';
import {
  experimentFilterCondition,
  listFilteredConversations,
  searchConversations,
  type ConversationSearch,
  type ConversationSearchOptions,
} from './conversation-search';
import { listExportBatch, listTranscriptBatch } from './experiment-export';
import { createExperiment, deleteExperiment } from './experiments';
import { searchAllConversations, type GlobalSearch } from './global-search';
import { MODEL_REQUEST_FAILED_KIND, readArgumentFilter } from './search-filters';

let database: RemoraDatabase;
let first: string;
let second: string;

function verdict(correct: boolean, nameCorrect: boolean | null): Verdict {
  return {
    kind: 'call',
    turn: 1,
    scored: true,
    correct,
    nameCorrect,
    argumentsCorrect: nameCorrect ? correct : null,
    calls: [],
    pairs: [],
    failures: [],
  };
}

// first: baseline slots 0-2 (docstring, scored right, wrong arguments, wrong tool), slot 3 a text
// answer, slot 4 failing. second: one docstring conversation and one failing one.
beforeEach(() => {
  database = openDatabase(':memory:');
  first = createExperiment(database, {
    agentName: 'docstring',
    config: experimentConfig(),
    simulated: true,
    totalConversations: 5,
  }).id;
  second = createExperiment(database, {
    agentName: 'docstring',
    config: experimentConfig(),
    simulated: true,
    totalConversations: 2,
    name: 'second run',
  }).id;
  const writer = createConversationWriter(database);
  const slot = (index: number, extra: Record<string, unknown> = {}) => ({
    variantIndex: 0,
    variantName: 'baseline',
    slot: index,
    inputIndex: 0,
    ...extra,
  });
  writer.write(first, slot(0, { verdict: verdict(true, true) }), docstringConversation());
  writer.write(first, slot(1, { verdict: verdict(false, true) }), docstringConversation());
  writer.write(first, slot(2, { verdict: verdict(false, false) }), docstringConversation());
  writer.write(first, slot(3), textConversation());
  writer.write(first, slot(4), failingConversation());
  writer.write(second, slot(0), docstringConversation());
  writer.write(second, slot(1), failingConversation());
  writer.close();
});
afterEach(() => closeDatabase(database));

const BOTH_WAYS: [string, ConversationSearchOptions][] = [
  ['driven by the rare filter', {}],
  ['checked row by row', { driveLimit: 0 }],
];

const slots = (search: ConversationSearch, options?: ConversationSearchOptions) =>
  searchConversations(database, first, search, options).conversations.map((item) => item.slot);

describe('structured filters in one experiment', () => {
  it.each(BOTH_WAYS)('filter by tool name (%s)', (_way, options) => {
    expect(slots({ tool: 'write_docstring' }, options)).toEqual([0, 1, 2]);
    expect(slots({ tool: 'delete_everything' }, options)).toEqual([4]);
    expect(slots({ tool: 'no_such_tool' }, options)).toEqual([]);
  });

  it.each(BOTH_WAYS)('filter by argument value, named or not, and with a tool (%s)', (_way, options) => {
    expect(slots({ argument: 'Add two numbers.' }, options)).toEqual([0, 1, 2]);
    expect(slots({ argument: 'docstring=Add two numbers.' }, options)).toEqual([0, 1, 2]);
    expect(slots({ argument: 'summary=Add two numbers.' }, options)).toEqual([]);
    expect(slots({ argument: 'add' }, options)).toEqual([0, 1, 2, 4]);
    expect(slots({ argument: 'add', tool: 'write_docstring' }, options)).toEqual([]);
    expect(slots({ argument: 'node_name=add', tool: 'read_current_docstring' }, options)).toEqual([0, 1, 2, 4]);
    // A word that is only part of the value is not the value.
    expect(slots({ argument: 'numbers' }, options)).toEqual([]);
  });

  it.each(BOTH_WAYS)('filter by verdict (%s)', (_way, options) => {
    expect(slots({ verdict: 'correct' }, options)).toEqual([0]);
    expect(slots({ verdict: 'wrong' }, options)).toEqual([1, 2]);
    expect(slots({ verdict: 'wrong_tool' }, options)).toEqual([2]);
    expect(slots({ verdict: 'wrong_arguments' }, options)).toEqual([1]);
    expect(slots({ verdict: 'unscored' }, options)).toEqual([3, 4]);
  });

  it.each(BOTH_WAYS)('filter by label, alone and with text (%s)', (_way, options) => {
    const [zero, , two] = searchConversations(database, first, {}).conversations;
    addConversationLabel(database, zero.id, 'reviewed');
    addConversationLabel(database, two.id, 'reviewed');
    addConversationLabel(database, two.id, 'bad input');
    expect(slots({ label: 'reviewed' }, options)).toEqual([0, 2]);
    expect(slots({ label: 'bad input', text: 'written' }, options)).toEqual([2]);
    expect(searchConversations(database, first, { label: 'reviewed' }, options).total).toEqual({
      count: 2,
      exact: true,
    });
    expect(slots({ label: 'nobody used this' }, options)).toEqual([]);
  });
});

describe('searchAllConversations', () => {
  it('finds matches in every experiment, newest first, with the total and the experiments it spans', () => {
    const page = searchAllConversations(database, { text: 'upstream overloaded' });
    expect(page.total).toEqual({ count: 2, exact: true, experiments: 2 });
    expect(page.conversations.map((item) => [item.experimentId, item.slot])).toEqual([
      [second, 1],
      [first, 4],
    ]);
    expect(page.conversations[0]).toMatchObject({ experimentName: 'second run', agentName: 'docstring' });
  });

  it('pages with a keyset and combines with the other filters', () => {
    const one = searchAllConversations(database, { text: 'written', limit: 2 });
    expect(one.total.count).toBe(4);
    expect(one.conversations).toHaveLength(2);
    const two = searchAllConversations(database, { text: 'written', limit: 2, after: one.next! });
    expect(two.next).toBeNull();
    const all = [...one.conversations, ...two.conversations].map((item) => `${item.experimentId}:${item.slot}`);
    expect(new Set(all).size).toBe(4);
    expect(searchAllConversations(database, { tool: 'delete_everything' }).total).toEqual({
      count: 2,
      exact: true,
      experiments: 2,
    });
    expect(
      searchAllConversations(database, { text: 'written', verdict: 'correct' }).conversations.map((item) => item.slot),
    ).toEqual([0]);
    expect(searchAllConversations(database, { text: 'written', experimentId: second }).total).toEqual({
      count: 1,
      exact: true,
      experiments: 1,
    });
    expect(searchAllConversations(database, { outcome: 'no_tool_call' }).total.count).toBe(1);
  });

  it('finds the same with no filter rare enough to drive (the text index drives, or is probed row by row)', () => {
    const searches: GlobalSearch[] = [
      { text: 'written' },
      { text: 'written', limit: 1 },
      { text: 'upstream overloaded' },
      { text: 'written', verdict: 'correct' },
      { text: 'written', experimentId: second },
      { text: 'written', tool: 'delete_everything' },
      { text: 'upstream', errorKind: MODEL_REQUEST_FAILED_KIND },
      { tool: 'delete_everything', outcome: 'error' },
    ];
    for (const search of searches) {
      const driven = searchAllConversations(database, search);
      const scanned = searchAllConversations(database, search, { driveLimit: 0 });
      const rows = (page: typeof driven) => page.conversations.map((item) => [item.id, item.position]);
      expect(rows(scanned), JSON.stringify(search)).toEqual(rows(driven));
      expect(scanned.next, JSON.stringify(search)).toBe(driven.next);
      expect(scanned.total, JSON.stringify(search)).toEqual(driven.total);
      if (driven.next !== null) {
        const after = { ...search, after: driven.next };
        expect(rows(searchAllConversations(database, after, { driveLimit: 0 }))).toEqual(
          rows(searchAllConversations(database, after)),
        );
      }
    }
    for (const search of [
      { text: 'written' },
      { text: 'written', outcome: 'submitted' as const },
      { text: 'upstream' },
    ]) {
      const driven = searchConversations(database, first, search);
      const probed = searchConversations(database, first, search, { driveLimit: 0 });
      expect(
        probed.conversations.map((item) => item.id),
        JSON.stringify(search),
      ).toEqual(driven.conversations.map((item) => item.id));
      expect(probed.total).toEqual(driven.total);
    }
  });

  it('forgets the conversations of a deleted experiment', () => {
    deleteExperiment(database, second);
    expect(searchAllConversations(database, { text: 'upstream' }).total).toEqual({
      count: 1,
      exact: true,
      experiments: 1,
    });
    expect(database.$client.prepare('select count(*) as n from search_documents').get()).toEqual({ n: 5 });
  });
});

describe('the same filters on the API list and on exports', () => {
  it('pages by offset with the exact total', () => {
    const page = listFilteredConversations(database, first, { text: 'written', limit: 2, offset: 1 });
    expect(page.total).toBe(3);
    expect(page.conversations.map((item) => item.slot)).toEqual([1, 2]);
    expect(listFilteredConversations(database, first, { tool: 'nothing' })).toMatchObject({
      total: 0,
      conversations: [],
    });
  });

  it('exports only the matching conversations, with their labels and notes', () => {
    const [zero] = searchConversations(database, first, {}).conversations;
    addConversationLabel(database, zero.id, 'reviewed');
    const filter = experimentFilterCondition(database, first, { label: 'reviewed' });
    expect(filter).not.toBeNull();
    const rows = listExportBatch(database, first, null, 10, filter!);
    expect(rows.map((row) => [row.slot, row.labels])).toEqual([[0, ['reviewed']]]);
    expect(listExportBatch(database, first, { variantIndex: 0, slot: 0 }, 10, filter!)).toEqual([]);
    expect(listTranscriptBatch(database, first, null, 10, filter!).map((row) => row.labels)).toEqual([['reviewed']]);
    // Unfiltered, every conversation in order, labels on the labelled one only.
    expect(listExportBatch(database, first, null, 10).map((row) => row.labels.length)).toEqual([1, 0, 0, 0, 0]);
  });
});

describe('readArgumentFilter', () => {
  it('reads NAME=VALUE, and a bare value', () => {
    expect(readArgumentFilter('path=a=b.py')).toEqual({ name: 'path', value: 'a=b.py' });
    expect(readArgumentFilter('just a value')).toEqual({ name: null, value: 'just a value' });
    expect(readArgumentFilter('=x')).toEqual({ name: null, value: '=x' });
  });
});

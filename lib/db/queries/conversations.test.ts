import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type RemoraDatabase } from '../client';
import { createConversationWriter } from '../conversation-writer';
import { docstringConversation, experimentConfig } from '../testing/fixtures';
import { failingConversation, textConversation } from '../testing/failing-fixtures';
import { getConversation, getConversationRecord, listConversations, storeConversation } from './conversations';
import { createExperiment } from './experiments';

let database: RemoraDatabase;
let experimentId: string;

// Variant 0 (baseline): slots 0-3 submitted via json_name_arguments, slot 4 a text answer.
// Variant 1 (directive): slots 0-1 submitted via functiongemma_tags only, slot 2 failing.
beforeEach(() => {
  database = openDatabase(':memory:');
  experimentId = createExperiment(database, {
    agentName: 'docstring',
    config: experimentConfig(),
    simulated: true,
    totalConversations: 8,
  }).id;
  const writer = createConversationWriter(database);
  const baseline = (slot: number) => ({ variantIndex: 0, variantName: 'baseline', slot, inputIndex: slot % 2 });
  const directive = (slot: number) => ({ variantIndex: 1, variantName: 'directive', slot, inputIndex: 0 });
  for (const slot of [3, 1, 0, 2]) writer.write(experimentId, baseline(slot), docstringConversation());
  writer.write(experimentId, baseline(4), textConversation());
  writer.write(experimentId, directive(0), docstringConversation({ secondPath: 'functiongemma_tags' }));
  writer.write(experimentId, directive(1), docstringConversation({ secondPath: 'functiongemma_tags' }));
  writer.write(experimentId, directive(2), failingConversation());
  writer.close();
});
afterEach(() => closeDatabase(database));

const slotsOf = (page: ReturnType<typeof listConversations>) =>
  page.conversations.map((item) => [item.variantIndex, item.slot]);

describe('listConversations', () => {
  it('lists in variant and slot order with the parse path of each call', () => {
    const page = listConversations(database, experimentId);
    expect(page.total).toBe(8);
    expect(slotsOf(page)).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [0, 3],
      [0, 4],
      [1, 0],
      [1, 1],
      [1, 2],
    ]);
    expect(page.conversations[0].parsePaths).toEqual(['tool_calls', 'json_name_arguments', 'functiongemma_tags']);
    expect(page.conversations[4]).toMatchObject({
      outcome: 'no_tool_call',
      finalText: 'I cannot help with that.',
      parsePaths: ['text'],
    });
    expect(page.conversations[7]).toMatchObject({
      outcome: 'error',
      modelCallCount: 2,
      modelResponseCount: 1,
      toolCallCount: 2,
      parsePaths: ['tool_calls', null],
    });
  });

  it('filters by variant, outcome and parse path, and pages', () => {
    expect(slotsOf(listConversations(database, experimentId, { variant: 'directive' }))).toEqual([
      [1, 0],
      [1, 1],
      [1, 2],
    ]);
    expect(listConversations(database, experimentId, { variantIndex: 0 }).total).toBe(5);
    expect(slotsOf(listConversations(database, experimentId, { outcome: 'error' }))).toEqual([[1, 2]]);
    expect(slotsOf(listConversations(database, experimentId, { outcome: 'submitted', variant: 'baseline' }))).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [0, 3],
    ]);
    expect(listConversations(database, experimentId, { parsePath: 'json_name_arguments' }).total).toBe(4);
    expect(slotsOf(listConversations(database, experimentId, { parsePath: 'text' }))).toEqual([[0, 4]]);
    expect(listConversations(database, experimentId, { parsePath: 'malformed' }).total).toBe(0);
    expect(
      listConversations(database, experimentId, {
        parsePath: 'functiongemma_tags',
        variant: 'directive',
        outcome: 'submitted',
      }).total,
    ).toBe(2);

    const page = listConversations(database, experimentId, { limit: 3, offset: 3 });
    expect(page.total).toBe(8);
    expect(slotsOf(page)).toEqual([
      [0, 3],
      [0, 4],
      [1, 0],
    ]);
    expect(listConversations(database, 'other-experiment')).toEqual({ total: 0, conversations: [] });
  });
});

describe('storeConversation', () => {
  it('stores one conversation at once, and returns null for a slot already stored', () => {
    const meta = { variantIndex: 2, variantName: 'extra', slot: 0, inputIndex: 0 };
    const id = storeConversation(database, experimentId, meta, failingConversation());
    expect(id).not.toBeNull();
    expect(getConversation(database, id as string)?.variantName).toBe('extra');
    expect(getConversationRecord(database, id as string)?.record).toEqual(failingConversation());
    expect(storeConversation(database, experimentId, meta, textConversation())).toBeNull();
    expect(getConversationRecord(database, 'missing')).toBeNull();
  });
});

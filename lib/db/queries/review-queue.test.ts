import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type RemoraDatabase } from '../client';
import { createConversationWriter } from '../conversation-writer';
import { docstringConversation, experimentConfig } from '../testing/fixtures';
import { failingConversation } from '../testing/failing-fixtures';
import { createExperiment } from './experiments';
import { addConversationLabel } from './conversation-review';
import { reviewQueueState } from './review-queue';

let database: RemoraDatabase;
let experimentId: string;
const ids: string[] = [];

// Six conversations of one variant: even slots submit, odd slots end in error.
beforeEach(() => {
  database = openDatabase(':memory:');
  experimentId = createExperiment(database, {
    agentName: 'docstring',
    config: experimentConfig(),
    simulated: true,
    totalConversations: 6,
  }).id;
  const writer = createConversationWriter(database);
  ids.length = 0;
  for (let slot = 0; slot < 6; slot++) {
    const record = slot % 2 === 0 ? docstringConversation() : failingConversation();
    writer.write(experimentId, { variantIndex: 0, variantName: 'baseline', slot, inputIndex: slot }, record);
  }
  writer.close();
  const rows = database.all<{ id: string }>(sql`select id from conversations order by slot`);
  ids.push(...rows.map((row) => row.id));
});
afterEach(() => closeDatabase(database));

describe('reviewQueueState', () => {
  it('counts the filtered list, the reviewed ones (any label of the set), and gives the next unreviewed', () => {
    const labels = ['good', 'bad'];
    expect(reviewQueueState(database, experimentId, { outcome: 'error' }, labels)).toEqual({
      total: 3,
      reviewed: 0,
      next: { id: ids[1], variantIndex: 0, slot: 1 },
    });
    addConversationLabel(database, ids[1], 'bad');
    // A label outside the set does not count as reviewed.
    addConversationLabel(database, ids[3], 'interesting');
    expect(reviewQueueState(database, experimentId, { outcome: 'error' }, labels)).toEqual({
      total: 3,
      reviewed: 1,
      next: { id: ids[3], variantIndex: 0, slot: 3 },
    });
    // Skipping: the next one after a position, from the start again when none is after it.
    expect(
      reviewQueueState(database, experimentId, { outcome: 'error' }, labels, { variantIndex: 0, slot: 3 }).next?.id,
    ).toBe(ids[5]);
    expect(
      reviewQueueState(database, experimentId, { outcome: 'error' }, labels, { variantIndex: 0, slot: 5 }).next?.id,
    ).toBe(ids[3]);
    addConversationLabel(database, ids[3], 'good');
    addConversationLabel(database, ids[5], 'good');
    expect(reviewQueueState(database, experimentId, { outcome: 'error' }, labels)).toEqual({
      total: 3,
      reviewed: 3,
      next: null,
    });
    expect(reviewQueueState(database, experimentId, {}, labels)).toMatchObject({ total: 6, reviewed: 3 });
  });

  it('is empty for filters that match nothing', () => {
    expect(reviewQueueState(database, experimentId, { outcome: 'turn_limit' }, ['good'])).toEqual({
      total: 0,
      reviewed: 0,
      next: null,
    });
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type RemoraDatabase } from '../client';
import { docstringConversation, experimentConfig } from '../testing/fixtures';
import {
  addConversationLabel,
  conversationReviews,
  getConversationReview,
  labelsInUse,
  removeConversationLabel,
  setConversationNote,
} from './conversation-review';
import { storeConversation } from './conversations';
import { createExperiment, deleteExperiment } from './experiments';

let database: RemoraDatabase;
let experimentId: string;
let ids: string[];

beforeEach(() => {
  database = openDatabase(':memory:');
  experimentId = createExperiment(database, {
    agentName: 'docstring',
    config: experimentConfig(),
    simulated: true,
    totalConversations: 2,
  }).id;
  ids = [0, 1].map(
    (slot) =>
      storeConversation(
        database,
        experimentId,
        { variantIndex: 0, variantName: 'baseline', slot, inputIndex: 0 },
        docstringConversation(),
      ) as string,
  );
});
afterEach(() => closeDatabase(database));

describe('conversation review', () => {
  it('keeps the order labels were put in when they are put in the same millisecond', () => {
    addConversationLabel(database, ids[0], 'reviewed', 5);
    addConversationLabel(database, ids[0], 'bad input', 5);
    addConversationLabel(database, ids[0], 'another', 5);
    expect(getConversationReview(database, ids[0]).labels).toEqual(['reviewed', 'bad input', 'another']);
  });

  it('keeps labels once each, in the order they were put, and removes them', () => {
    addConversationLabel(database, ids[0], 'reviewed', 1);
    addConversationLabel(database, ids[0], '  bad   input ', 2);
    expect(addConversationLabel(database, ids[0], 'reviewed', 3).labels).toEqual(['reviewed', 'bad input']);
    expect(removeConversationLabel(database, ids[0], 'reviewed').labels).toEqual(['bad input']);
    expect(getConversationReview(database, ids[1])).toEqual({ labels: [], note: null });
  });

  it('sets, replaces and clears a note', () => {
    expect(setConversationNote(database, ids[1], 'the input is not Python').note).toBe('the input is not Python');
    expect(setConversationNote(database, ids[1], 'second thoughts').note).toBe('second thoughts');
    expect(setConversationNote(database, ids[1], '   ').note).toBeNull();
  });

  it('reads many at once and counts labels in use', () => {
    addConversationLabel(database, ids[0], 'reviewed', 1);
    addConversationLabel(database, ids[1], 'reviewed', 2);
    addConversationLabel(database, ids[1], 'odd', 3);
    setConversationNote(database, ids[1], 'look again');
    const reviews = conversationReviews(database, ids);
    expect(reviews.get(ids[1])).toEqual({ labels: ['reviewed', 'odd'], note: 'look again' });
    expect(labelsInUse(database, experimentId)).toEqual([
      { label: 'reviewed', conversations: 2 },
      { label: 'odd', conversations: 1 },
    ]);
    expect(labelsInUse(database, 'other')).toEqual([]);
  });

  it('refuses an unknown conversation, and goes with a deleted experiment', () => {
    expect(() => addConversationLabel(database, 'missing', 'x')).toThrow(/no conversation/);
    addConversationLabel(database, ids[0], 'reviewed');
    deleteExperiment(database, experimentId);
    expect(labelsInUse(database)).toEqual([]);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type RemoraDatabase } from '../client';
import { docstringConversation, experimentConfig } from '../testing/fixtures';
import { storeConversation } from './conversations';
import { normalizeTags, reopenExperiment, tagsInUse, updateExperimentDetails } from './experiment-details';
import { createExperiment, experimentProgress, getExperiment, setExperimentStatus } from './experiments';

let database: RemoraDatabase;
let experimentId: string;

beforeEach(() => {
  database = openDatabase(':memory:');
  experimentId = createExperiment(database, {
    agentName: 'docstring',
    config: experimentConfig(),
    simulated: true,
    totalConversations: 4,
    tags: ['a'],
  }).id;
});
afterEach(() => closeDatabase(database));

describe('experiment details', () => {
  it('sets name, description and tags, and clears them with empty values', () => {
    const row = updateExperimentDetails(database, experimentId, {
      name: '  terse prompt ',
      description: 'first try',
      tags: [' prompt ', 'Prompt', 'sim'],
    });
    expect(row).toMatchObject({ name: 'terse prompt', description: 'first try', tags: ['prompt', 'sim'] });
    expect(updateExperimentDetails(database, experimentId, { description: '' })).toMatchObject({
      name: 'terse prompt',
      description: null,
    });
    expect(updateExperimentDetails(database, 'missing', { name: 'x' })).toBeNull();
    expect(tagsInUse(database)).toEqual([
      { tag: 'prompt', experiments: 1 },
      { tag: 'sim', experiments: 1 },
    ]);
  });

  it('normalizes tags', () => {
    expect(normalizeTags(['x', ' x ', 'X', '', 'two  words'])).toEqual(['x', 'two words']);
  });
});

describe('reopenExperiment', () => {
  it('reopens a cancelled experiment, removing the conversations the cancel cut short', () => {
    const slot = (index: number) => ({ variantIndex: 0, variantName: 'baseline', slot: index, inputIndex: 0 });
    storeConversation(database, experimentId, slot(0), docstringConversation());
    storeConversation(database, experimentId, slot(1), docstringConversation({ outcome: 'cancelled' }));
    setExperimentStatus(database, experimentId, 'cancelled');
    const result = reopenExperiment(database, experimentId);
    expect(result).toMatchObject({ reopened: true, removed: 1, row: { status: 'pending', finishedAt: null } });
    expect(experimentProgress(database, experimentId)).toEqual({ done: 1, total: 4 });
  });

  it('refuses an experiment that is not stopped, and an unknown one', () => {
    setExperimentStatus(database, experimentId, 'completed');
    expect(reopenExperiment(database, experimentId)).toMatchObject({ reopened: false, reason: 'not-stopped' });
    expect(getExperiment(database, experimentId)?.status).toBe('completed');
    expect(reopenExperiment(database, 'missing')).toEqual({ reopened: false, reason: 'not-found' });
  });
});

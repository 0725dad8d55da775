import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type RemoraDatabase } from '../client';
import { createConversationWriter } from '../conversation-writer';
import { docstringConversation, experimentConfig } from '../testing/fixtures';
import { textConversation } from '../testing/failing-fixtures';
import {
  configHash,
  createExperiment,
  deleteExperiment,
  experimentProgress,
  findUnfinishedExperiment,
  getExperiment,
  listExperiments,
  listUnfinishedExperiments,
  setExperimentStatus,
} from './experiments';

let database: RemoraDatabase;
beforeEach(() => {
  database = openDatabase(':memory:');
});
afterEach(() => closeDatabase(database));

describe('experiments', () => {
  it('stores the full config and hashes it independently of key order', () => {
    const config = experimentConfig();
    const experiment = createExperiment(
      database,
      { agentName: 'docstring', config, simulated: true, totalConversations: 20 },
      5,
    );
    expect(getExperiment(database, experiment.id)).toEqual({
      id: experiment.id,
      agentName: 'docstring',
      status: 'pending',
      config,
      configHash: configHash(config),
      simulated: true,
      totalConversations: 20,
      createdAt: 5,
      startedAt: null,
      finishedAt: null,
      error: null,
      stopReason: null,
      runnerId: null,
      heartbeatAt: null,
      name: null,
      description: null,
      tags: [],
      countersReady: true,
    });
    const { experiment: settings, agent, tools, variants } = config;
    expect(configHash({ variants, tools, agent, experiment: settings })).toBe(configHash(config));
    expect(configHash({ ...config, experiment: { ...settings, concurrency: 5 } })).not.toBe(configHash(config));
  });

  it('stamps start and finish times as the status moves', () => {
    const { id } = createExperiment(database, {
      agentName: 'a',
      config: experimentConfig(['other']),
      simulated: false,
      totalConversations: 1,
    });
    expect(setExperimentStatus(database, id, 'running', { at: 10 })).toMatchObject({
      status: 'running',
      startedAt: 10,
      finishedAt: null,
    });
    expect(setExperimentStatus(database, id, 'failed', { at: 20, error: 'server down' })).toMatchObject({
      status: 'failed',
      finishedAt: 20,
      error: 'server down',
    });
    // Resuming keeps the first start and clears the failure.
    expect(setExperimentStatus(database, id, 'running', { at: 30 })).toMatchObject({
      startedAt: 10,
      finishedAt: null,
      error: null,
    });
    expect(setExperimentStatus(database, id, 'completed', { at: 40 })).toMatchObject({
      status: 'completed',
      finishedAt: 40,
      error: null,
    });
    expect(setExperimentStatus(database, 'missing', 'running')).toBeNull();
  });

  it('lists newest first with filters, and finds unfinished runs', () => {
    const config = experimentConfig();
    const old = createExperiment(
      database,
      { agentName: 'docstring', config, simulated: true, totalConversations: 1 },
      1,
    );
    const lint = createExperiment(
      database,
      { agentName: 'lint', config: experimentConfig(['other']), simulated: false, totalConversations: 1 },
      2,
    );
    const recent = createExperiment(
      database,
      { agentName: 'docstring', config, simulated: true, totalConversations: 1 },
      3,
    );
    setExperimentStatus(database, old.id, 'completed');
    setExperimentStatus(database, recent.id, 'running');

    const listed = listExperiments(database);
    expect(listed.map((experiment) => experiment.id)).toEqual([recent.id, lint.id, old.id]);
    expect(listed[0]).not.toHaveProperty('config');
    expect(listExperiments(database, { agentName: 'docstring' }).map((experiment) => experiment.id)).toEqual([
      recent.id,
      old.id,
    ]);
    expect(listExperiments(database, { status: ['pending', 'completed'] }).map((experiment) => experiment.id)).toEqual([
      lint.id,
      old.id,
    ]);
    expect(listExperiments(database, { limit: 1, offset: 1 }).map((experiment) => experiment.id)).toEqual([lint.id]);

    expect(listUnfinishedExperiments(database).map((experiment) => experiment.id)).toEqual([lint.id, recent.id]);
    expect(findUnfinishedExperiment(database, config)?.id).toBe(recent.id);
    setExperimentStatus(database, recent.id, 'cancelled');
    expect(findUnfinishedExperiment(database, config)).toBeNull();
  });

  it('filters by part of the name, agent or id (wildcards taken as typed) and by one tag', () => {
    const make = (agentName: string, name: string | null, tags: string[], at: number) =>
      createExperiment(
        database,
        { agentName, config: experimentConfig(['other']), simulated: true, totalConversations: 1, name, tags },
        at,
      ).id;
    const tweak = make('smart_home', 'Prompt tweak 100%', ['tuning', 'week-48'], 1);
    const other = make('smart_home', 'other try', ['tuning'], 2);
    const unnamed = make('lint', null, [], 3);
    const ids = (filter: Parameters<typeof listExperiments>[1]) =>
      listExperiments(database, filter).map((row) => row.id);
    expect(ids({ text: 'TWEAK' })).toEqual([tweak]);
    expect(ids({ text: '100%' })).toEqual([tweak]);
    expect(ids({ text: '%' })).toEqual([tweak]);
    // '_' as LIKE's wildcard would match every row; as typed, only smart_home's.
    expect(ids({ text: '_' })).toEqual([other, tweak]);
    expect(ids({ text: 'smart_home' })).toEqual([other, tweak]);
    expect(ids({ text: unnamed })).toEqual([unnamed]);
    expect(ids({ tag: 'week-48' })).toEqual([tweak]);
    expect(ids({ tag: 'tuning', text: 'other' })).toEqual([other]);
    expect(ids({ tag: 'week' })).toEqual([]);
  });

  it('reports progress and deletes everything of an experiment', () => {
    const { id } = createExperiment(database, {
      agentName: 'a',
      config: experimentConfig(['other']),
      simulated: true,
      totalConversations: 3,
    });
    expect(experimentProgress(database, id)).toEqual({ done: 0, total: 3 });
    const writer = createConversationWriter(database);
    writer.write(id, { variantIndex: 0, variantName: 'v', slot: 0, inputIndex: 0 }, textConversation());
    writer.write(id, { variantIndex: 0, variantName: 'v', slot: 1, inputIndex: 0 }, docstringConversation());
    writer.close();
    expect(experimentProgress(database, id)).toEqual({ done: 2, total: 3 });
    expect(experimentProgress(database, 'missing')).toBeNull();

    expect(database.$client.prepare('select count(*) from tool_executions').pluck().get()).toBe(3);
    expect(deleteExperiment(database, id)).toBe(true);
    for (const table of ['conversations', 'messages', 'model_calls', 'tool_executions']) {
      expect(database.$client.prepare(`select count(*) from ${table}`).pluck().get()).toBe(0);
    }
  });
});

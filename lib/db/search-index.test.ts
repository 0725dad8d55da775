// The full-text index's hand-written migration (drizzle/0006_search_index.sql): documents for the
// conversations stored before it, kept in step with every conversation written or deleted after.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase } from './client';
import { projectRoot } from '../config';
import { storeConversation } from './queries/conversations';
import { createExperiment, deleteExperiment } from './queries/experiments';
import { docstringConversation, experimentConfig } from './testing/fixtures';
import { failingConversation } from './testing/failing-fixtures';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** The project's migrations without the search index and everything after it. */
function migrationsBeforeSearch(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'remora-migrations-'));
  folders.push(folder);
  cpSync(path.join(projectRoot(), 'drizzle'), folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag.endsWith('_search_index'));
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

const matches = (database: ReturnType<typeof openDatabase>, query: string) =>
  database.$client
    .prepare(
      `select d.conversation_id as id from conversation_text
        join search_documents d on d.id = conversation_text.rowid where conversation_text match ?`,
    )
    .all(query);

describe('the search index migration', () => {
  it('indexes the conversations stored before it, and every one after', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'remora-search-'));
    folders.push(folder);
    const file = path.join(folder, 'old.db');
    const old = openDatabase(file, { migrationsFolder: migrationsBeforeSearch() });
    // By hand: the schema of today has columns that later migrations add.
    const experimentId = 'experiment-before-search';
    old.$client
      .prepare(
        `insert into experiments
          (id, agent_name, status, config, config_hash, simulated, total_conversations, created_at)
          values (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(experimentId, 'docstring', 'pending', JSON.stringify(experimentConfig()), 'hash', 1, 2, Date.now());
    // Today's writer also keeps summary counters, whose table a later migration adds: lent for the write.
    old.$client.exec(
      `create table summary_counters (experiment_id text, scope text, variant_index integer, input_index integer,
        counts text, primary key (experiment_id, scope, variant_index, input_index))`,
    );
    // And the custom check's columns (migration 0016), lent the same way.
    old.$client.exec('alter table conversations add custom_check_success integer');
    old.$client.exec('alter table conversations add custom_check text');
    const before = storeConversation(
      old,
      experimentId,
      { variantIndex: 0, variantName: 'baseline', slot: 0, inputIndex: 0 },
      failingConversation(),
    );
    // Written by the code of the time, which kept no search documents and no counters.
    old.$client.prepare('delete from search_documents').run();
    old.$client.exec('drop table summary_counters');
    old.$client.exec('alter table conversations drop column custom_check_success');
    old.$client.exec('alter table conversations drop column custom_check');
    closeDatabase(old);

    const database = openDatabase(file);
    expect(matches(database, 'overloaded')).toEqual([{ id: before }]);
    const after = storeConversation(
      database,
      experimentId,
      { variantIndex: 0, variantName: 'baseline', slot: 1, inputIndex: 0 },
      docstringConversation(),
    );
    expect(matches(database, '{calls}: write_docstring')).toEqual([{ id: after }]);
    expect(matches(database, '{results}: written')).toEqual([{ id: after }]);
    expect(matches(database, '{input}: math')).toHaveLength(2);
    // The system prompt is not indexed.
    expect(matches(database, 'agent')).toEqual([]);
    deleteExperiment(database, experimentId);
    expect(matches(database, 'overloaded OR written')).toEqual([]);
    closeDatabase(database);
  });

  it('stores a conversation whose stored response is not JSON text', () => {
    const database = openDatabase(':memory:');
    const experimentId = createExperiment(database, {
      agentName: 'docstring',
      config: experimentConfig(),
      simulated: true,
      totalConversations: 1,
    }).id;
    const record = failingConversation();
    record.modelCalls[1].response = 'plain text body';
    expect(
      storeConversation(
        database,
        experimentId,
        { variantIndex: 0, variantName: 'baseline', slot: 0, inputIndex: 0 },
        record,
      ),
    ).not.toBeNull();
    expect(matches(database, 'upstream')).toHaveLength(1);
    closeDatabase(database);
  });
});

import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDatabase, getDatabase, openDatabase, resolveMigrationsFolder } from './client';
import { projectRoot, readConfig } from '../config';
import { ConfigurationError } from '../errors';

const folders: string[] = [];
function temporaryFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'remora-client-'));
  folders.push(folder);
  return folder;
}

afterEach(() => {
  closeDatabase();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const TABLES = [
  'agents',
  'call_scores',
  'campaign_changes',
  'campaign_files',
  'campaign_nodes',
  'campaigns',
  'conversation_labels',
  'conversation_notes',
  'conversation_text',
  // FTS5's own tables behind conversation_text.
  'conversation_text_config',
  'conversation_text_data',
  'conversation_text_docsize',
  'conversation_text_idx',
  'conversations',
  'dataset_cases',
  'datasets',
  'endpoints',
  'experiment_cases',
  'experiment_snapshots',
  'experiments',
  'judge_prompts',
  'judge_verdicts',
  'messages',
  'model_calls',
  'prompt_variants',
  'search_documents',
  'summary_counters',
  'tool_executions',
];

function tableNames(database: ReturnType<typeof openDatabase>): string[] {
  return database.$client
    .prepare(
      `select name from sqlite_master
        where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%' order by name`,
    )
    .pluck()
    .all() as string[];
}

describe('openDatabase', () => {
  it('creates the parent folders and applies the migrations to a fresh file', () => {
    const file = path.join(temporaryFolder(), 'a', 'b', 'remora.db');
    const database = openDatabase(file);
    expect(existsSync(file)).toBe(true);
    expect(tableNames(database)).toEqual(TABLES);
    const indexes = database.$client
      .prepare("select name from sqlite_master where type = 'index' and tbl_name = 'model_calls'")
      .pluck()
      .all();
    expect(indexes).toContain('model_calls_metrics_index');
    closeDatabase(database);
  });

  it('sets WAL, foreign keys, the busy timeout and NORMAL sync', () => {
    const database = openDatabase(path.join(temporaryFolder(), 'remora.db'));
    const client = database.$client;
    expect(client.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(client.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(client.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(client.pragma('synchronous', { simple: true })).toBe(1);
    closeDatabase(database);
  });

  it('opens an existing file again without re-applying migrations', () => {
    const file = path.join(temporaryFolder(), 'remora.db');
    const first = openDatabase(file);
    first.$client
      .prepare(
        `insert into endpoints (id, name, kind, base_url, model, created_at)
          values ('e', 'local', 'openai', 'http://x', 'm', 1)`,
      )
      .run();
    closeDatabase(first);
    const second = openDatabase(file);
    expect(second.$client.prepare('select count(*) from endpoints').pluck().get()).toBe(1);
    expect(second.$client.prepare('select count(*) from __drizzle_migrations').pluck().get()).toBeGreaterThan(0);
    closeDatabase(second);
  });

  it('opens :memory: with the schema', () => {
    const database = openDatabase(':memory:');
    expect(tableNames(database)).toEqual(TABLES);
    expect(database.$client.pragma('foreign_keys', { simple: true })).toBe(1);
    closeDatabase(database);
  });

  it('refuses a migrations override without a journal', () => {
    const empty = temporaryFolder();
    expect(() => openDatabase(':memory:', { migrationsFolder: empty })).toThrow(ConfigurationError);
    const configured = readConfig({ REMORA_MIGRATIONS: empty }).migrationsFolder ?? undefined;
    expect(() => resolveMigrationsFolder(configured)).toThrow(/No drizzle migrations/);
  });

  it('reports migrations that cannot be applied', () => {
    const folder = path.join(temporaryFolder(), 'drizzle');
    cpSync(resolveMigrationsFolder(), folder, { recursive: true });
    const first = readdirSync(folder).find((name) => name.endsWith('.sql')) as string;
    writeFileSync(path.join(folder, first), 'CREATE TABLE broken (;');
    expect(() => openDatabase(':memory:', { migrationsFolder: folder })).toThrow(/Cannot apply the migrations/);
  });

  it('finds the migrations from the project root, whatever the working folder', () => {
    expect(resolveMigrationsFolder()).toBe(path.join(projectRoot(), 'drizzle'));
    expect(existsSync(path.join(projectRoot(), 'lib', 'db', 'schema.ts'))).toBe(true);
    expect(resolveMigrationsFolder(path.join(projectRoot(), 'drizzle'))).toBe(path.join(projectRoot(), 'drizzle'));
  });
});

describe('getDatabase', () => {
  it('opens REMORA_DB once and returns the same connection until closed', () => {
    const file = path.join(temporaryFolder(), 'panel', 'remora.db');
    const configured = readConfig({ REMORA_DB: file }).databaseFile;
    expect(configured).toBe(file);
    const first = getDatabase(configured);
    expect(getDatabase(configured)).toBe(first);
    expect(first.$client.name).toBe(file);
    closeDatabase();
    expect(first.$client.open).toBe(false);
    const second = getDatabase(configured);
    expect(second).not.toBe(first);
    expect(second.$client.open).toBe(true);
  });

  it('defaults to data/remora.db under the project root', () => {
    expect(readConfig({}).databaseFile).toBe(path.join(projectRoot(), 'data', 'remora.db'));
  });
});

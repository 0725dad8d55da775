// Test support: what every file of campaign tests sets up, a tool pool shared by its tests, a fresh
// database for each test, and the scratch repositories removed at the end.
import { afterAll, afterEach, beforeEach } from 'vitest';
import type { RemoraDatabase } from '../../db/client';
import { openTemporaryDatabase, type TemporaryDatabase } from '../../db/testing/temporary-database';
import type { ToolWorkerPool } from '../../tools/worker-pool';
import { removeFolders, runCampaignOver } from './campaign-harness';
import { experimentToolPool } from '../../experiments/tool-pool';

// Each test runs whole campaigns with real tools (tree-sitter, ruff, py_compile, pytest) in worker processes.
export const CAMPAIGN_TIMEOUT_MS = 180_000;

export type CampaignSuite = {
  pool: ToolWorkerPool;
  /** Where scratchRepository records the folders it makes. */
  folders: string[];
  /** The current test's database. */
  database: () => RemoraDatabase;
  /** The current test's database file (for the command line's functions, which open it themselves). */
  databaseFile: () => string;
  /** runCampaignOver with the current test's database and the suite's tool pool. */
  run: (
    options: Omit<Parameters<typeof runCampaignOver>[0], 'database' | 'tools'>,
  ) => ReturnType<typeof runCampaignOver>;
};

/** Registers the hooks in the calling test file. */
export function campaignSuite(): CampaignSuite {
  const pool = experimentToolPool({ size: 2 });
  const folders: string[] = [];
  let temporary: TemporaryDatabase | undefined;
  beforeEach(() => {
    temporary = openTemporaryDatabase();
  });
  afterEach(() => temporary?.dispose());
  afterAll(async () => {
    await pool.close();
    removeFolders(folders);
  });
  const database = () => {
    if (!temporary) throw new Error('the database is open only inside a test');
    return temporary.database;
  };
  const databaseFile = () => {
    if (!temporary) throw new Error('the database is open only inside a test');
    return temporary.file;
  };
  return {
    pool,
    folders,
    database,
    databaseFile,
    run: (options) => runCampaignOver({ ...options, database: database(), tools: pool }),
  };
}

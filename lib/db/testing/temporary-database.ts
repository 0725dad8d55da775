// Real SQLite files in a fresh temporary folder, removed after each test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { closeDatabase, openDatabase, type RemoraDatabase } from '../client';

export type TemporaryDatabase = { database: RemoraDatabase; file: string; folder: string; dispose(): void };

export function openTemporaryDatabase(): TemporaryDatabase {
  const folder = mkdtempSync(path.join(tmpdir(), 'remora-db-'));
  const file = path.join(folder, 'nested', 'remora.db');
  const database = openDatabase(file);
  return {
    database,
    file,
    folder,
    dispose() {
      closeDatabase(database);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

// One SQLite connection per file: WAL, foreign keys, a busy timeout, migrations applied at open.
// server-only: a client component that imports this fails the panel's build (vitest, the command
// line's bundle and bench resolve it to its empty module: vitest.config.ts, lib/build/bundle-settings.json).
import 'server-only';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { config, projectRoot } from '../config';
import { ConfigurationError, errorMessage } from '../errors';
import * as schema from './schema';

export type RemoraDatabase = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export type OpenDatabaseOptions = {
  /** Folder holding drizzle's migrations; defaults to REMORA_MIGRATIONS or the project's drizzle/. */
  migrationsFolder?: string;
};

const JOURNAL = path.join('meta', '_journal.json');

/**
 * The migrations folder: an explicit override, then REMORA_MIGRATIONS (lib/config.ts), then drizzle/ next to this
 * file's project root. A bundler may relocate this module (Next compiles it into .next/), so the
 * working folder's drizzle/ is the last resort.
 */
export function resolveMigrationsFolder(override?: string): string {
  const explicit = override ?? config().migrationsFolder;
  if (explicit) {
    const folder = path.resolve(explicit);
    if (!existsSync(path.join(folder, JOURNAL))) {
      throw new ConfigurationError(`No drizzle migrations in ${folder} (missing ${JOURNAL})`);
    }
    return folder;
  }
  const candidates = [...new Set([path.join(projectRoot(), 'drizzle'), path.resolve('drizzle')])];
  const found = candidates.find((folder) => existsSync(path.join(folder, JOURNAL)));
  if (!found) {
    throw new ConfigurationError(`Cannot find the drizzle migrations folder (looked in ${candidates.join(', ')})`);
  }
  return found;
}

/**
 * A --db that names a device (/dev/null), a folder or a pipe: SQLite opens some of them and fails later
 * with "disk I/O error", which would read as a bug. Said up front in one line instead.
 */
function refuseNonFile(file: string): void {
  const stat = statSync(file, { throwIfNoEntry: false });
  if (stat && !stat.isFile()) {
    const kind = stat.isDirectory() ? 'a folder' : 'not a regular file';
    throw new ConfigurationError(
      `Cannot use ${file} as the database: it is ${kind}; give a file with --db or REMORA_DB`,
    );
  }
}

/** Opens (creating when missing) a database file or ':memory:', and brings its schema up to date. */
export function openDatabase(file: string, options: OpenDatabaseOptions = {}): RemoraDatabase {
  const migrationsFolder = resolveMigrationsFolder(options.migrationsFolder);
  const inMemory = file === ':memory:';
  if (!inMemory) {
    refuseNonFile(file);
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  }

  let client: Database.Database;
  try {
    client = new Database(file);
  } catch (error) {
    throw new ConfigurationError(`Cannot open the database ${file}: ${errorMessage(error)}`, [], { cause: error });
  }
  try {
    // WAL lets the panel read while an experiment writes; NORMAL sync is safe under WAL (a crash may
    // lose the last transactions, never corrupt the file), and resume re-runs what was lost.
    if (!inMemory) client.pragma('journal_mode = WAL');
    client.pragma('foreign_keys = ON');
    client.pragma('busy_timeout = 5000');
    client.pragma('synchronous = NORMAL');
    const database = drizzle({ client, schema });
    applyMigrations(database, migrationsFolder);
    return database;
  } catch (error) {
    client.close();
    // Another kind of file (a typo in --db, a text file): the user's mistake, said in one line.
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && /^SQLITE_(IOERR|CANTOPEN|READONLY|PERM)/.test(code)) {
      throw new ConfigurationError(`Cannot use the database ${file}: ${errorMessage(error)}`, [], { cause: error });
    }
    if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') {
      throw new ConfigurationError(
        `${file} is not a SQLite database (${errorMessage(error)}); give another file with --db or REMORA_DB`,
        [],
        { cause: error },
      );
    }
    throw error;
  }
}

/**
 * drizzle's migrator reads which migrations ran before it takes the write lock, so a second process
 * opening the same new file at the same moment can try to create tables the first just created.
 * Its second attempt sees them applied; only a failure that repeats is real.
 */
function applyMigrations(database: RemoraDatabase, migrationsFolder: string): void {
  try {
    migrate(database, { migrationsFolder });
  } catch (first) {
    try {
      migrate(database, { migrationsFolder });
    } catch (second) {
      throw new ConfigurationError(`Cannot apply the migrations in ${migrationsFolder}: ${errorMessage(second)}`, [], {
        cause: first,
      });
    }
  }
}

export function closeDatabase(database?: RemoraDatabase): void {
  const cache = defaultCache();
  const target = database ?? cache.database;
  if (!target) return;
  if (target === cache.database) cache.database = undefined;
  if (target.$client.open) target.$client.close();
}

type DefaultCache = { database?: RemoraDatabase };
const CACHE_KEY = Symbol.for('remora.database');

// Kept on globalThis so that Next's development reloads reuse the open connection.
function defaultCache(): DefaultCache {
  const holder = globalThis as typeof globalThis & { [CACHE_KEY]?: DefaultCache };
  holder[CACHE_KEY] ??= {};
  return holder[CACHE_KEY];
}

/** The panel's shared connection to the configured file (REMORA_DB, lib/config.ts), opened on first use. */
export function getDatabase(file = config().databaseFile): RemoraDatabase {
  const cache = defaultCache();
  if (!cache.database || !cache.database.$client.open) cache.database = openDatabase(file);
  return cache.database;
}

/** The file a database was opened from (its driver's name for it), for code that must not reach the driver. */
export function databaseFileOf(database: RemoraDatabase): string {
  return database.$client.name;
}

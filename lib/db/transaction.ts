// Transactions for code above lib/db, which does not reach the SQLite driver itself.
import type { RemoraDatabase } from './client';

/**
 * Runs `work` in one IMMEDIATE transaction: the write lock is taken before the first read, so a read,
 * compare and write cannot interleave with another writer's. Rolls back when `work` throws.
 */
export function immediateTransaction<T>(database: RemoraDatabase, work: () => T): T {
  return database.$client.transaction(work).immediate();
}

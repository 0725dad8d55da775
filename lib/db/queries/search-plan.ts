// How a search over filter memberships is planned: which tables it reads, which membership (if
// any) is rare enough to drive it, and the others as per-row checks or probes.
import { sql, type SQL } from 'drizzle-orm';
import type { Membership } from './search-types';

/** The tables a query over these memberships reads: conversations `c`, and their documents `d` when needed. */
export function searchFrom(memberships: Membership[]): SQL {
  return memberships.some((filter) => filter.needsDocument)
    ? sql`conversations c join search_documents d on d.conversation_id = c.id`
    : sql`conversations c`;
}

/**
 * How many matching rows a filter may have and still drive the query, for a search over `size`
 * conversations. Driving costs about one look-up per match (then a sort); scanning in page order
 * finds a page after about page size x size / matches rows. So only filters rare relative to the
 * whole drive.
 */
export function driveLimitFor(size: number): number {
  return Math.max(2_000, Math.round(size / 30));
}

/** The rarest membership, when it is rare enough to drive the query. */
export function pickDriver(memberships: Membership[], driveLimit: number): Membership | null {
  const rarest = memberships.reduce<Membership | null>(
    (best, filter) => (best === null || filter.rows < best.rows ? filter : best),
    null,
  );
  return rarest !== null && rarest.rows <= driveLimit ? rarest : null;
}

/**
 * Every membership as a condition: the driver as its set, the others checked row by row. Text that
 * matches at least a third of the `size` documents searched is probed one document at a time:
 * a page then needs few probes, while building its set would read every match.
 */
export function filterConditions(memberships: Membership[], driver: Membership | null, size?: number): SQL[] {
  return memberships.map((filter) => {
    if (filter === driver) return filter.driven;
    // With a driver only its few rows are checked: the set, built once, serves them better.
    if (driver === null && filter.text && size !== undefined && size > 0 && filter.count() * 3 >= size)
      return filter.text.probe;
    return filter.perRow;
  });
}

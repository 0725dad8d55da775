// How often an experiment's own task-success check (config.customCheck) passed, per variant: the
// verdicts stored with each conversation (conversations.custom_check_success).
import { sql } from 'drizzle-orm';
import type { RemoraDatabase } from '../client';

export type CustomCheckRate = { variantName: string; check: string; judged: number; passed: number };

/** One row per variant with at least one verdict, in variant order; empty when the experiment has no such check. */
export function customCheckRates(database: RemoraDatabase, experimentId: string): CustomCheckRate[] {
  // Only a run with a check in its config stores verdicts; no index finds them, so an experiment
  // without one is not scanned (100,000 wide rows took half a second on every view of its page).
  const configured = database.get<{ checked: number } | undefined>(
    sql`select json_extract(config, '$.experiment.customCheck') is not null as checked
      from experiments where id = ${experimentId}`,
  );
  if (!configured?.checked) return [];
  return database.all<CustomCheckRate>(
    sql`select variant_name as variantName, max(custom_check ->> '$.check') as "check",
        count(custom_check_success) as judged, coalesce(sum(custom_check_success), 0) as passed
      from conversations where experiment_id = ${experimentId} and custom_check_success is not null
      group by variant_index order by variant_index`,
  );
}

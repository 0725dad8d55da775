// The search bench's data (bench/search.ts): conversations of the harness agent written through
// the batched writer, a rare word planted in chosen ones, and what the search index costs a write.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { closeDatabase, openDatabase } from '../lib/db/client';
import type { RemoraDatabase } from '../lib/db/client';
import { createConversationWriter } from '../lib/db/conversation-writer';
import { createExperiment } from '../lib/db/queries/experiments';
import { experimentConfig } from '../lib/db/testing/fixtures';
import { makeConversation, PROFILES } from './panel-records';

const INPUTS = [
  'ping',
  'Echo the word hello.',
  'Numbers only: 42',
  'Please send "quoted text" through the tool.',
  'Grüße aus München! Ça va?',
];
export const RARE_WORD = 'zanzibar';

/** Writes `count` conversations (variants interleaved); `planted` slots get the rare word in their input. */
export function fill(
  database: RemoraDatabase,
  count: number,
  planted: Set<number>,
  seedBase: number,
): { id: string; seconds: number } {
  const perVariant = Math.ceil(count / PROFILES.length);
  const config = experimentConfig(PROFILES.map((profile) => profile.name));
  const experiment = createExperiment(database, {
    agentName: 'harness',
    config,
    simulated: true,
    totalConversations: perVariant * PROFILES.length,
  });
  const writer = createConversationWriter(database, { maxBatch: 500, flushIntervalMs: 60_000 });
  const started = performance.now();
  let written = 0;
  for (let slot = 0; slot < perVariant; slot++) {
    for (let variantIndex = 0; variantIndex < PROFILES.length; variantIndex++, written++) {
      const inputIndex = slot % INPUTS.length;
      const text = planted.has(written) ? `Send ${RARE_WORD} through the tool.` : INPUTS[inputIndex];
      const record = makeConversation(PROFILES[variantIndex], slot, { node_text: text }, seedBase + written);
      writer.write(experiment.id, { variantIndex, variantName: PROFILES[variantIndex].name, slot, inputIndex }, record);
    }
  }
  writer.close();
  return { id: experiment.id, seconds: (performance.now() - started) / 1000 };
}

/**
 * CPU time per conversation written, with and without the index's trigger, on fresh files: three
 * rounds taken in turn so that both see the same machine, the least of each kept. CPU time, not
 * wall time: the machine is shared, and only this process's own work is the index's cost.
 */
export function writeCost(folder: string, count: number): { withIndexMicros: number; withoutIndexMicros: number } {
  let round = 0;
  const cost = (drop: boolean) => {
    const database = openDatabase(path.join(folder, `write-${round++}.db`));
    if (drop) database.$client.exec('drop trigger search_documents_after_insert');
    const before = process.cpuUsage();
    fill(database, count, new Set(), 1);
    const used = process.cpuUsage(before);
    closeDatabase(database);
    return (used.user + used.system) / count;
  };
  cost(false); // warm-up
  const least = { withIndexMicros: Infinity, withoutIndexMicros: Infinity };
  for (let turn = 0; turn < 3; turn++) {
    least.withoutIndexMicros = Math.min(least.withoutIndexMicros, cost(true));
    least.withIndexMicros = Math.min(least.withIndexMicros, cost(false));
  }
  return least;
}

// Keeps the live summary counters as conversations are stored. The conversation inserter adds
// each stored conversation here; the caller's transaction then calls flush(), which adds the sums
// to their rows in that same transaction, so the counters never hold a conversation the database
// does not (a crash or a kill -9 rolls both back together). A batch of 500 conversations on a
// handful of inputs costs a handful of row updates.
import { inputCountOf } from '../experiment-config';
import type { RemoraDatabase } from '../client';
import type { ConversationMeta } from '../conversation-meta';
import type { ConversationRecord } from '../../runner/types';
import {
  addInputCounts,
  addVariantCounts,
  blankInputCounts,
  blankVariantCounts,
  countConversation,
  type InputCounts,
  type VariantCounts,
} from './counts';

export type CounterScope = 'input' | 'first' | 'variant';

type Pending =
  | { scope: 'input' | 'first'; experimentId: string; variantIndex: number; inputIndex: number; counts: InputCounts }
  | { scope: 'variant'; experimentId: string; variantIndex: number; inputIndex: -1; counts: VariantCounts };

export type CounterWriter = {
  /** Counts a conversation just inserted (nothing is written until flush). */
  add(experimentId: string, meta: ConversationMeta, record: ConversationRecord): void;
  /** Adds everything counted since the last flush or discard to the rows; call inside the insert's transaction. */
  flush(): void;
  /** Forgets what was counted since the last flush (its transaction rolled back). */
  discard(): void;
};

const SELECT_COUNTS =
  'select counts from summary_counters where experiment_id = ? and scope = ? and variant_index = ? and input_index = ?';
export const UPSERT_COUNTS = `insert into summary_counters (experiment_id, scope, variant_index, input_index, counts)
  values (?, ?, ?, ?, ?)
  on conflict (experiment_id, scope, variant_index, input_index) do update set counts = excluded.counts`;

export function prepareCounterWriter(database: RemoraDatabase): CounterWriter {
  const client = database.$client;
  const selectCounts = client.prepare(SELECT_COUNTS).pluck();
  const upsertCounts = client.prepare(UPSERT_COUNTS);
  const selectConfig = client.prepare('select config from experiments where id = ?').pluck();
  // An experiment's inputs never change: how many it has is read once per experiment.
  const inputCounts = new Map<string, number | null>();
  let pending = new Map<string, Pending>();

  const inputCount = (experimentId: string) => {
    if (!inputCounts.has(experimentId)) {
      const config = selectConfig.get(experimentId) as string | undefined;
      inputCounts.set(experimentId, config === undefined ? null : inputCountOf(JSON.parse(config)));
    }
    return inputCounts.get(experimentId) ?? null;
  };

  const pendingFor = (scope: CounterScope, experimentId: string, variantIndex: number, inputIndex: number): Pending => {
    const key = `${experimentId}\u0000${scope}\u0000${variantIndex}\u0000${inputIndex}`;
    let entry = pending.get(key);
    if (!entry) {
      entry =
        scope === 'variant'
          ? { scope, experimentId, variantIndex, inputIndex: -1, counts: blankVariantCounts() }
          : { scope, experimentId, variantIndex, inputIndex, counts: blankInputCounts() };
      pending.set(key, entry);
    }
    return entry;
  };
  const inputEntry = (scope: 'input' | 'first', experimentId: string, meta: ConversationMeta) =>
    pendingFor(scope, experimentId, meta.variantIndex, meta.inputIndex).counts as InputCounts;

  return {
    add(experimentId, meta, record) {
      const { input, variant } = countConversation(meta, record);
      addInputCounts(inputEntry('input', experimentId, meta), input);
      // The first repeat of an input is the conversation in the slot of the input's own index.
      const count = inputCount(experimentId);
      if (meta.slot === meta.inputIndex && (count === null || meta.slot < count)) {
        addInputCounts(inputEntry('first', experimentId, meta), input);
      }
      addVariantCounts(pendingFor('variant', experimentId, meta.variantIndex, -1).counts as VariantCounts, variant);
    },
    flush() {
      const entries = pending;
      pending = new Map();
      for (const entry of entries.values()) {
        const stored = selectCounts.get(entry.experimentId, entry.scope, entry.variantIndex, entry.inputIndex) as
          string | undefined;
        let counts: InputCounts | VariantCounts = entry.counts;
        if (stored !== undefined) {
          counts = JSON.parse(stored) as InputCounts | VariantCounts;
          if (entry.scope === 'variant') addVariantCounts(counts as VariantCounts, entry.counts);
          else addInputCounts(counts as InputCounts, entry.counts);
        }
        upsertCounts.run(entry.experimentId, entry.scope, entry.variantIndex, entry.inputIndex, JSON.stringify(counts));
      }
    },
    discard() {
      pending = new Map();
    },
  };
}

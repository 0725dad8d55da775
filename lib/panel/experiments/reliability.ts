// Per-input reliability of an experiment for its page: each input's share of successful repeats
// per variant (task success, or completion without a check), the inputs the variants disagree on
// most, and the flaky ones (lib/metrics/reliability.ts), labelled with the input's node or case.
// Read from the live counters (a few rows per input), not the conversations: a finished run of
// 100,000 conversations took 1.3 s of server CPU per view from the rows.
import { countedMetricsInput } from '../../db/counters/read-counters';
import { getExperiment } from '../../db/queries/experiments';
import { repeatSuccesses } from '../../metrics/input-facts';
import { inputReliability, type InputRow } from '../../metrics/reliability';
import { readStoredConfig } from '../../experiment-config/stored-config';
import type { ConversationInput } from '../../protocol/conversation';
import type { PanelContext } from '../context';

/** Rows the page shows, and flaky inputs it names: the rest are counted, not listed. */
export const RELIABILITY_ROWS = 15;
const FLAKY_NAMED = 50;

export type ReliabilityView = {
  variants: string[];
  /** The first RELIABILITY_ROWS rows, the inputs the variants disagree on most first. */
  rows: (InputRow & { label: string })[];
  /** Inputs in all. */
  inputs: number;
  flaky: number;
  /** The first FLAKY_NAMED flaky inputs' labels, in the rows' order. */
  flakyLabels: string[];
  repeated: boolean;
};

function labelOf(input: Pick<ConversationInput, 'node_name' | 'file_path'> | undefined, index: number): string {
  const name = typeof input?.node_name === 'string' ? input.node_name : null;
  const file = typeof input?.file_path === 'string' ? input.file_path : null;
  return [`#${index}`, name, file].filter(Boolean).join(' ');
}

/** Null for an unknown experiment. */
export function experimentReliability(context: PanelContext, experimentId: string): ReliabilityView | null {
  const row = getExperiment(context.database, experimentId);
  const counted = row ? countedMetricsInput(context.database, experimentId, { firstRepeats: false }) : null;
  if (!row || !counted) return null;
  const { variants } = counted;
  const facts = counted.inputs ?? [];
  const byVariant = variants.map((name) =>
    facts.filter((fact) => fact.variant === name).map((fact) => ({ input: fact.input, ...repeatSuccesses(fact) })),
  );
  let inputs: ConversationInput[] = [];
  try {
    inputs = readStoredConfig(row.config).experiment.inputs;
  } catch {
    inputs = [];
  }
  const all = inputReliability(byVariant);
  const flaky = all.filter((entry) => entry.flaky);
  return {
    variants,
    rows: all
      .slice(0, RELIABILITY_ROWS)
      .map((entry) => ({ ...entry, label: labelOf(inputs[entry.input], entry.input) })),
    inputs: all.length,
    flaky: flaky.length,
    flakyLabels: flaky.slice(0, FLAKY_NAMED).map((entry) => labelOf(inputs[entry.input], entry.input)),
    repeated: facts.some((fact) => fact.conversations > 1),
  };
}

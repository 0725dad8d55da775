// Per-input reliability of an experiment for its page: each input's share of successful repeats
// per variant (task success, or completion without a check), the inputs the variants disagree on
// most, and the flaky ones (lib/metrics/reliability.ts), labelled with the input's node or case.
import { getInputFacts } from '../../db/queries/input-facts';
import { getExperiment } from '../../db/queries/experiments';
import { variantNamesOf } from '../../db/experiment-config';
import { repeatSuccesses } from '../../metrics/input-facts';
import { inputReliability, type InputRow } from '../../metrics/reliability';
import { readStoredConfig } from '../../experiments/stored-config';
import type { PanelContext } from '../context';

export type ReliabilityView = {
  variants: string[];
  rows: (InputRow & { label: string })[];
  flaky: number;
  repeated: boolean;
};

function labelOf(input: Record<string, unknown> | undefined, index: number): string {
  const name = typeof input?.node_name === 'string' ? input.node_name : null;
  const file = typeof input?.file_path === 'string' ? input.file_path : null;
  return [`#${index}`, name, file].filter(Boolean).join(' ');
}

/** Null for an unknown experiment. */
export function experimentReliability(context: PanelContext, experimentId: string): ReliabilityView | null {
  const row = getExperiment(context.database, experimentId);
  if (!row) return null;
  const variants = variantNamesOf(row.config) ?? [];
  const facts = getInputFacts(context.database, experimentId, (index) => variants[index] ?? `variant ${index}`);
  const byVariant = variants.map((name) =>
    facts.filter((fact) => fact.variant === name).map((fact) => ({ input: fact.input, ...repeatSuccesses(fact) })),
  );
  let inputs: Record<string, unknown>[] = [];
  try {
    inputs = readStoredConfig(row.config).experiment.inputs as unknown as Record<string, unknown>[];
  } catch {
    inputs = [];
  }
  const rows = inputReliability(byVariant).map((entry) => ({
    ...entry,
    label: labelOf(inputs[entry.input], entry.input),
  }));
  return {
    variants,
    rows,
    flaky: rows.filter((entry) => entry.flaky).length,
    repeated: facts.some((fact) => fact.conversations > 1),
  };
}

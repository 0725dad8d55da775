// Comparing any two variants, also of two experiments: the difference in each metric with its
// interval and p-value in plain words, which variant did better on each input, and the two
// conversations of one input side by side.
import { countedMetricsInput } from '../../db/counters/read-counters';
import {
  getComparableExperiment,
  getExperimentInputs,
  listComparableExperiments,
  type ComparableExperiment,
} from '../../db/queries/compare';
import { getExperiment } from '../../db/queries/experiments';
import { InputError, NotFoundError } from '../../errors';
import type { MetricsInput } from '../../metrics/types';
import type { TokenPrices } from '../../metrics/cost';
import type { PanelContext } from '../context';
import type { SnapshotKey } from '../kept-values';
import { experimentPrices } from '../experiments/prices';
import { canonicalJson } from './inputs';
import { canCountPairs, perInputFromCounts } from './input-counts';
import { INPUT_PAGE_SIZE, perInputFromRows, type PerInputOptions, type PerInputView } from './input-rows';
import { compareVariantMetrics, type VariantMetrics } from './metrics';
import { matchInputsByContent, sharedPrimaryMetric } from './match-inputs';
import type { VariantRef } from './request';

export type CompareSide = {
  ref: VariantRef;
  /** The variant's name as the sentences use it (made unique when both sides share a name). */
  label: string;
  experiment: ComparableExperiment;
  variantIndex: number;
  /** Its endpoint's prices per million tokens when it ran, or null: not priced (lib/metrics/cost.ts). */
  pricePerMillionTokens: TokenPrices | null;
};

export type ComparisonView = { a: CompareSide; b: CompareSide; metrics: VariantMetrics; perInput: PerInputView };

export { INPUT_PAGE_SIZE };

/** The experiments to pick from, newest first, with their variants. */
export function listCompareChoices(context: PanelContext, limit = 200): ComparableExperiment[] {
  return listComparableExperiments(context.database, limit).filter((experiment) => experiment.variants.length > 0);
}

function resolveSide(context: PanelContext, ref: VariantRef, which: 'a' | 'b'): Omit<CompareSide, 'label'> {
  const experiment = getComparableExperiment(context.database, ref.experimentId);
  if (!experiment) throw new NotFoundError(`no experiment with id ${ref.experimentId}`);
  const variantIndex = experiment.variants.indexOf(ref.variant);
  if (variantIndex < 0) {
    throw new InputError(`experiment ${ref.experimentId} has no variant "${ref.variant}"`, [
      `${which}: the variants are ${experiment.variants.map((name) => `"${name}"`).join(', ')}`,
    ]);
  }
  const pricePerMillionTokens = experimentPrices(context.database, experiment.id)[ref.variant] ?? null;
  return { ref, experiment, variantIndex, pricePerMillionTokens };
}

/** Labels for the sentences: the names, told apart by their experiment when both are the same. */
function sideLabels(a: Omit<CompareSide, 'label'>, b: Omit<CompareSide, 'label'>): [string, string] {
  if (a.ref.variant !== b.ref.variant) return [a.ref.variant, b.ref.variant];
  return [`${a.ref.variant} (A)`, `${b.ref.variant} (B)`];
}

/** Each input as canonical JSON (what makes two inputs the same), null when it is not stored. */
function inputKeys(inputs: unknown[]): (string | null)[] {
  return Array.from(inputs, (input) => (input === undefined || input === null ? null : canonicalJson(input)));
}

export type CompareOptions = PerInputOptions;

const FINISHED = new Set<string>(['completed', 'cancelled', 'failed']);

/**
 * What a finished experiment's counted comparison is kept under: with the finish time and the
 * conversations stored, as the summaries are (a resumed run finishes again, later, with more).
 */
function keptUnder(context: PanelContext, a: CompareSide, b: CompareSide, facts: MetricsInput): SnapshotKey | null {
  const row = getExperiment(context.database, a.experiment.id);
  if (!row || !FINISHED.has(row.status)) return null;
  const names = new Set([a.ref.variant, b.ref.variant]);
  const stored = (facts.inputs ?? []).reduce(
    (sum, fact) => sum + (names.has(fact.variant) ? fact.conversations : 0),
    0,
  );
  const kind = `pairs|${a.variantIndex}|${b.variantIndex}`;
  return { experimentId: row.id, kind, status: row.status, finishedAt: row.finishedAt, conversations: stored };
}

export function compareVariants(
  context: PanelContext,
  refA: VariantRef,
  refB: VariantRef,
  options: CompareOptions = {},
): ComparisonView {
  const sideA = resolveSide(context, refA, 'a');
  const sideB = resolveSide(context, refB, 'b');
  if (sideA.experiment.id === sideB.experiment.id && sideA.variantIndex === sideB.variantIndex) {
    throw new InputError('pick two different variants', ['b: is the same variant as a']);
  }
  const [labelA, labelB] = sideLabels(sideA, sideB);
  const a: CompareSide = { ...sideA, label: labelA };
  const b: CompareSide = { ...sideB, label: labelB };

  // The counters, a few rows per variant and input (the rows of an experiment of 100,000 conversations
  // took about 2 s to read); latency exact from its index, as the rows give it.
  const factsOf = (id: string) =>
    countedMetricsInput(context.database, id, { exactLatency: true, firstRepeats: false });
  const factsA = factsOf(a.experiment.id);
  const sameExperiment = a.experiment.id === b.experiment.id;
  const factsB = sameExperiment ? factsA : factsOf(b.experiment.id);
  if (!factsA || !factsB) throw new NotFoundError('an experiment of the comparison is gone');
  const inputsA = getExperimentInputs(context.database, a.experiment.id);
  const inputsB = sameExperiment ? inputsA : getExperimentInputs(context.database, b.experiment.id);
  const [keysA, keysB] = [inputKeys(inputsA), inputKeys(inputsB)];
  // Across experiments, paired by input content when they share enough inputs (match-inputs.ts).
  const match = sameExperiment ? null : matchInputsByContent(keysA, keysB);
  const metrics = compareVariantMetrics(
    { facts: factsA, variant: a.ref.variant, label: a.label },
    { facts: factsB, variant: b.ref.variant, label: b.label, inputOf: match?.inputOfB },
    {
      paired: sameExperiment || match !== null,
      primaryMetric: sharedPrimaryMetric(context.database, a.experiment.id, b.experiment.id),
    },
  );
  // Counted from two rows per input where it can (one experiment), else paired from every row.
  const asked = { a, b, inputsA, keysA, keysB, options };
  const perInput = canCountPairs(asked)
    ? perInputFromCounts(context, asked, keptUnder(context, a, b, factsA))
    : perInputFromRows(context, asked);
  return { a, b, metrics, perInput };
}

// Comparing any two variants, also of two experiments: the difference in each metric with its
// interval and p-value in plain words, which variant did better on each input, and the two
// conversations of one input side by side.
import { countedMetricsInput } from '../../db/counters/read-counters';
import {
  conversationIdsAtSlots,
  getComparableExperiment,
  getExperimentInputs,
  listComparableExperiments,
  listVariantOutcomes,
  type ComparableExperiment,
} from '../../db/queries/compare';
import { InputError, NotFoundError } from '../../errors';
import type { TokenPrices } from '../../metrics/cost';
import type { PanelContext } from '../context';
import { experimentPrices } from '../experiments/prices';
import {
  canonicalJson,
  compareByInput,
  filterInputs,
  pairsToShow,
  type InputComparison,
  type InputOrder,
  type InputVerdictFilter,
  type OutcomeFact,
  type PairVerdict,
  type PerInputTally,
} from './inputs';
import { compareVariantMetrics, type VariantMetrics } from './metrics';
import { inputLabel } from './labels';
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

type PairLink = {
  repeat: number;
  verdict: PairVerdict;
  reason: string;
  a: OutcomeFact & { id: string | null };
  b: OutcomeFact & { id: string | null };
};

type InputRow = {
  key: string;
  label: string;
  inputIndexA: number;
  inputIndexB: number;
  counts: InputComparison['counts'];
  pairCount: number;
  unpairedA: number;
  unpairedB: number;
  /** The first pairs worth opening side by side. */
  pairs: PairLink[];
};

type PerInputView = {
  tally: PerInputTally;
  filter: InputVerdictFilter;
  order: InputOrder;
  query: string | null;
  /** Inputs that pass the filters, and the page of them shown. */
  matching: number;
  rows: InputRow[];
  page: number;
  pageCount: number;
};

export type ComparisonView = { a: CompareSide; b: CompareSide; metrics: VariantMetrics; perInput: PerInputView };

export const INPUT_PAGE_SIZE = 25;
const PAIRS_PER_INPUT = 6;

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

function outcomeFacts(context: PanelContext, side: Omit<CompareSide, 'label'>): OutcomeFact[] {
  return listVariantOutcomes(context.database, side.experiment.id, side.variantIndex).map((row) => ({
    slot: row.slot,
    inputIndex: row.inputIndex,
    outcome: row.outcome,
    turns: row.modelResponseCount,
    correct: row.verdictScored === true ? row.callCorrect === true : null,
    taskSuccess: row.taskSuccess,
    customCheck: row.customCheckSuccess,
  }));
}

/** Each input as canonical JSON (what makes two inputs the same), null when it is not stored. */
function inputKeys(inputs: unknown[]): (string | null)[] {
  return Array.from(inputs, (input) => (input === undefined || input === null ? null : canonicalJson(input)));
}

export type CompareOptions = { filter?: InputVerdictFilter; order?: InputOrder; query?: string; page?: number };

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
  const { inputs, tally } = compareByInput(outcomeFacts(context, a), keysA, outcomeFacts(context, b), keysB);

  const filter = options.filter ?? 'all';
  const order = options.order ?? 'input';
  const query = options.query?.trim() ? options.query.trim().toLowerCase() : null;
  const labelOf = (input: InputComparison) => inputLabel(inputsA[input.inputIndexA]);
  let matching = filterInputs(inputs, filter, order);
  if (query)
    matching = matching.filter(
      (input) => labelOf(input).toLowerCase().includes(query) || input.key.toLowerCase().includes(query),
    );
  const pageCount = Math.max(1, Math.ceil(matching.length / INPUT_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(options.page ?? 1)), pageCount);
  const shown = matching.slice((page - 1) * INPUT_PAGE_SIZE, page * INPUT_PAGE_SIZE);

  // Ids only for the pairs this page links to.
  const linked = shown.map((input) => pairsToShow(input, filter, PAIRS_PER_INPUT));
  const idsA = conversationIdsAtSlots(
    context.database,
    a.experiment.id,
    a.variantIndex,
    linked.flat().map((pair) => pair.a.slot),
  );
  const idsB = conversationIdsAtSlots(
    context.database,
    b.experiment.id,
    b.variantIndex,
    linked.flat().map((pair) => pair.b.slot),
  );
  const rows = shown.map((input, index): InputRow => ({
    key: input.key,
    label: labelOf(input),
    inputIndexA: input.inputIndexA,
    inputIndexB: input.inputIndexB,
    counts: input.counts,
    pairCount: input.pairs.length,
    unpairedA: input.unpairedA,
    unpairedB: input.unpairedB,
    pairs: linked[index].map((pair) => ({
      repeat: input.pairs.indexOf(pair) + 1,
      verdict: pair.verdict,
      reason: pair.reason,
      a: { ...pair.a, id: idsA.get(pair.a.slot) ?? null },
      b: { ...pair.b, id: idsB.get(pair.b.slot) ?? null },
    })),
  }));
  return {
    a,
    b,
    metrics,
    perInput: {
      tally,
      filter,
      order,
      query: options.query?.trim() || null,
      matching: matching.length,
      rows,
      page,
      pageCount,
    },
  };
}

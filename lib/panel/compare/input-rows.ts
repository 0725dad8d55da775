// The per-input half of a comparison from the conversations themselves: every run of both sides read
// in slot order and paired in JS (inputs.ts). Exact for any two sides, also of two experiments with
// inputs matched by content, but it reads one row per conversation: input-counts.ts counts the pairs
// in SQL instead where it can, and must give the same view (input-counts.test.ts).
import { conversationIdsAtSlots, listVariantOutcomes } from '../../db/queries/compare';
import type { PanelContext } from '../context';
import {
  compareByInput,
  filterInputs,
  pairsToShow,
  type InputComparison,
  type InputPair,
  type InputOrder,
  type InputVerdictFilter,
  type OutcomeFact,
  type PairVerdict,
  type PerInputTally,
} from './inputs';
import { inputLabel } from './labels';

/** A side as the per-input view needs it: which experiment, and which of its variants. */
type PerInputSide = { experiment: { id: string }; variantIndex: number };

type PairLink = {
  repeat: number;
  verdict: PairVerdict;
  reason: string;
  a: OutcomeFact & { id: string | null };
  b: OutcomeFact & { id: string | null };
};

export type InputRow = {
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

export type PerInputView = {
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

export type PerInputOptions = { filter?: InputVerdictFilter; order?: InputOrder; query?: string; page?: number };

/** What both ways of computing the view read first: each side's inputs, and their keys. */
export type PerInputRequest = {
  a: PerInputSide;
  b: PerInputSide;
  inputsA: unknown[];
  keysA: (string | null)[];
  keysB: (string | null)[];
  options: PerInputOptions;
};

export const INPUT_PAGE_SIZE = 25;
export const PAIRS_PER_INPUT = 6;

function outcomeFacts(context: PanelContext, side: PerInputSide): OutcomeFact[] {
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

/** The filter, order, search and page asked for, read once for both ways. */
export function readPerInputOptions(options: PerInputOptions) {
  const query = options.query?.trim() ? options.query.trim().toLowerCase() : null;
  return {
    filter: options.filter ?? 'all',
    order: options.order ?? 'input',
    query,
    shownQuery: options.query?.trim() || null,
  } as const;
}

/** Which inputs a search keeps: its words in the input's label or its canonical JSON. */
export function searchKeeps(query: string | null, label: string, key: string): boolean {
  return query === null || label.toLowerCase().includes(query) || key.toLowerCase().includes(query);
}

/** The page asked for, within 1 .. the pages there are. */
export function pageOf(matching: number, asked: number | undefined): { page: number; pageCount: number } {
  const pageCount = Math.max(1, Math.ceil(matching / INPUT_PAGE_SIZE));
  return { page: Math.min(Math.max(1, Math.floor(asked ?? 1)), pageCount), pageCount };
}

/** An input of the page as both ways have it: its counts, and the pairs it links to with their repeat. */
export type ShownInput = Omit<InputComparison, 'pairs'> & {
  pairCount: number;
  linked: { repeat: number; pair: InputPair }[];
};

/** The page's rows: each shown input with the first pairs worth opening, linked to their conversations. */
export function linkRows(
  context: PanelContext,
  request: Pick<PerInputRequest, 'a' | 'b'>,
  shown: ShownInput[],
  labelOf: (input: ShownInput) => string,
): InputRow[] {
  const { a, b } = request;
  // Ids only for the pairs this page links to.
  const slotsOf = (side: 'a' | 'b') => shown.flatMap((input) => input.linked.map(({ pair }) => pair[side].slot));
  const idsA = conversationIdsAtSlots(context.database, a.experiment.id, a.variantIndex, slotsOf('a'));
  const idsB = conversationIdsAtSlots(context.database, b.experiment.id, b.variantIndex, slotsOf('b'));
  return shown.map((input): InputRow => ({
    key: input.key,
    label: labelOf(input),
    inputIndexA: input.inputIndexA,
    inputIndexB: input.inputIndexB,
    counts: input.counts,
    pairCount: input.pairCount,
    unpairedA: input.unpairedA,
    unpairedB: input.unpairedB,
    pairs: input.linked.map(({ repeat, pair }) => ({
      repeat,
      verdict: pair.verdict,
      reason: pair.reason,
      a: { ...pair.a, id: idsA.get(pair.a.slot) ?? null },
      b: { ...pair.b, id: idsB.get(pair.b.slot) ?? null },
    })),
  }));
}

/** The per-input view from every run of both sides. */
export function perInputFromRows(context: PanelContext, request: PerInputRequest): PerInputView {
  const { a, b, inputsA, keysA, keysB } = request;
  const { inputs, tally } = compareByInput(outcomeFacts(context, a), keysA, outcomeFacts(context, b), keysB);
  const { filter, order, query, shownQuery } = readPerInputOptions(request.options);
  const labelOf = (input: Pick<InputComparison, 'inputIndexA'>) => inputLabel(inputsA[input.inputIndexA]);
  const matching = filterInputs(inputs, filter, order).filter((input) => searchKeeps(query, labelOf(input), input.key));
  const { page, pageCount } = pageOf(matching.length, request.options.page);
  const shown = matching.slice((page - 1) * INPUT_PAGE_SIZE, page * INPUT_PAGE_SIZE);

  const withLinks = shown.map(({ pairs, ...input }) => ({
    ...input,
    pairCount: pairs.length,
    linked: pairsToShow({ pairs }, filter, PAIRS_PER_INPUT).map((pair) => ({ repeat: pairs.indexOf(pair) + 1, pair })),
  }));
  const rows = linkRows(context, request, withLinks, labelOf);
  return { tally, filter, order, query: shownQuery, matching: matching.length, rows, page, pageCount };
}

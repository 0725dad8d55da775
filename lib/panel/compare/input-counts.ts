// The per-input half of a comparison of two variants of one experiment, counted from two rows per
// input (each variant's runs of it as a list of small codes, compare-runs.ts) instead of one row
// per conversation: the same pairing by repeat, the same verdicts (judgePair), the same view as
// input-rows.ts gives (input-counts.test.ts holds them equal). Slots are read only for the pairs
// the page links to.
import { decodeRun, firstSlotsOfInput, listInputRuns, type InputRuns } from '../../db/queries/compare-runs';
import type { PanelContext } from '../context';
import { keptOrComputed, type SnapshotKey } from '../kept-values';
import {
  filterInputs,
  judgePair,
  pairFailed,
  type InputComparison,
  type OutcomeFact,
  type PairVerdict,
  type PerInputTally,
} from './inputs';
import {
  INPUT_PAGE_SIZE,
  linkRows,
  pageOf,
  PAIRS_PER_INPUT,
  readPerInputOptions,
  searchKeeps,
  type PerInputRequest,
  type PerInputView,
  type ShownInput,
} from './input-rows';
import { inputLabel } from './labels';

/** Deeper than this into an input's repeats, the slots come from one read of the shown inputs' runs. */
const DEEPEST_LOOKUP = 12;

type Judged = { verdict: PairVerdict; reason: string; failed: boolean };

type CountedInput = Omit<InputComparison, 'pairs'> & { failed: boolean; runsA: number[]; runsB: number[] };

/**
 * Whether the counted way applies: two variants of one experiment whose inputs are all told apart
 * (an input listed twice pools its runs across indexes, which only the rows way follows).
 */
export function canCountPairs(request: PerInputRequest): boolean {
  if (request.a.experiment.id !== request.b.experiment.id) return false;
  const keys = request.keysA.filter((key) => key !== null);
  return new Set(keys).size === keys.length;
}

function runsOf(runs: InputRuns[], variantIndex: number): Map<number, number[]> {
  return new Map(
    runs.filter((entry) => entry.variantIndex === variantIndex).map((entry) => [entry.inputIndex, entry.codes]),
  );
}

function factOf(code: number, inputIndex: number, slot: number): OutcomeFact {
  return { slot, inputIndex, ...decodeRun(code) };
}

type Judge = (codeA: number, codeB: number) => Judged;

/** judgePair of two runs' codes, each distinct pair of codes judged once. */
function judgeOnce(): Judge {
  const judged = new Map<string, Judged>();
  return (codeA, codeB) => {
    const id = `${codeA},${codeB}`;
    let known = judged.get(id);
    if (!known) {
      const pair = { a: factOf(codeA, 0, 0), b: factOf(codeB, 0, 0) };
      known = { ...judgePair(pair.a, pair.b), failed: pairFailed(pair) };
      judged.set(id, known);
    }
    return known;
  };
}

/** Each input both sides ran, counted pair by pair. */
function countInputs(
  request: PerInputRequest,
  runs: InputRuns[],
  judge: Judge,
): { inputs: CountedInput[]; tally: PerInputTally } {
  const runsA = runsOf(runs, request.a.variantIndex);
  const runsB = runsOf(runs, request.b.variantIndex);
  const tally: PerInputTally = { a: 0, b: 0, same: 0, not_judged: 0, pairs: 0, sharedInputs: 0, onlyA: 0, onlyB: 0 };
  const inputs: CountedInput[] = [];
  const keyOf = (index: number) => request.keysA[index] ?? null;
  for (const index of [...runsB.keys()]) if (keyOf(index) !== null && !runsA.has(index)) tally.onlyB += 1;
  for (const index of [...runsA.keys()].sort((first, second) => first - second)) {
    const key = keyOf(index);
    if (key === null) continue;
    const codesA = runsA.get(index) as number[];
    const codesB = runsB.get(index);
    if (!codesB) {
      tally.onlyA += 1;
      continue;
    }
    const counts = { a: 0, b: 0, same: 0, not_judged: 0 };
    const pairs = Math.min(codesA.length, codesB.length);
    let failed = false;
    for (let repeat = 0; repeat < pairs; repeat++) {
      const verdict = judge(codesA[repeat], codesB[repeat]);
      counts[verdict.verdict] += 1;
      failed ||= verdict.failed;
    }
    for (const verdict of ['a', 'b', 'same', 'not_judged'] as const) tally[verdict] += counts[verdict];
    tally.pairs += pairs;
    tally.sharedInputs += 1;
    inputs.push({
      key,
      inputIndexA: index,
      inputIndexB: index,
      counts,
      unpairedA: codesA.length - pairs,
      unpairedB: codesB.length - pairs,
      failed,
      runsA: codesA,
      runsB: codesB,
    });
  }
  return { inputs, tally };
}

/**
 * The repeats of an input the page links to, as pairsToShow picks them: the first `count` the
 * filter wants, then the first others, from the codes (no pair is built that is not shown).
 */
function repeatsToShow(input: CountedInput, judge: Judge, filter: PerInputView['filter'], count: number): number[] {
  const wanted: number[] = [];
  const others: number[] = [];
  const pairs = Math.min(input.runsA.length, input.runsB.length);
  for (let repeat = 0; repeat < pairs && wanted.length < count; repeat++) {
    const { verdict, failed } = judge(input.runsA[repeat], input.runsB[repeat]);
    const keep =
      filter === 'all'
        ? true
        : filter === 'differ'
          ? verdict === 'a' || verdict === 'b'
          : filter === 'failures'
            ? failed
            : verdict === filter;
    if (keep) wanted.push(repeat);
    else if (others.length < count) others.push(repeat);
  }
  return [...wanted, ...others].slice(0, count);
}

/** The shown inputs with the pairs they link to, their slots read for those pairs only. */
function linkedInputs(
  context: PanelContext,
  request: PerInputRequest,
  shown: CountedInput[],
  judge: Judge,
  filter: PerInputView['filter'],
): ShownInput[] {
  const repeats = shown.map((input) => repeatsToShow(input, judge, filter, PAIRS_PER_INPUT));
  const depth = repeats.map((chosen) => Math.max(0, ...chosen.map((repeat) => repeat + 1)));
  const { experiment } = request.a;
  const slotsOf = (variantIndex: number): ((input: CountedInput, count: number) => number[]) => {
    if (Math.max(0, ...depth) <= DEEPEST_LOOKUP)
      return (input, count) =>
        firstSlotsOfInput(context.database, experiment.id, variantIndex, input.inputIndexA, count);
    const indexes = shown.map((input) => input.inputIndexA);
    const read = listInputRuns(context.database, experiment.id, [variantIndex, variantIndex], indexes);
    const byInput = new Map(read.map((entry) => [entry.inputIndex, entry.slots ?? []]));
    return (input) => byInput.get(input.inputIndexA) ?? [];
  };
  const [slotsA, slotsB] = [slotsOf(request.a.variantIndex), slotsOf(request.b.variantIndex)];
  return shown.map(({ runsA, runsB, failed: _failed, ...input }, index) => {
    const [atA, atB] = [slotsA(shown[index], depth[index]), slotsB(shown[index], depth[index])];
    const linked = repeats[index].map((repeat) => {
      const a = factOf(runsA[repeat], input.inputIndexA, atA[repeat]);
      const b = factOf(runsB[repeat], input.inputIndexB, atB[repeat]);
      const { verdict, reason } = judge(runsA[repeat], runsB[repeat]);
      return { repeat: repeat + 1, pair: { a, b, verdict, reason } };
    });
    return { ...input, pairCount: Math.min(runsA.length, runsB.length), linked };
  });
}

/** The per-input view counted from each input's runs (canCountPairs must hold); kept under `keep` when given. */
export function perInputFromCounts(
  context: PanelContext,
  request: PerInputRequest,
  keep: SnapshotKey | null = null,
): PerInputView {
  const { a, b, inputsA } = request;
  const judge = judgeOnce();
  const { inputs, tally } = keptOrComputed(context.database, keep, () =>
    countInputs(request, listInputRuns(context.database, a.experiment.id, [a.variantIndex, b.variantIndex]), judge),
  );
  const { filter, order, query, shownQuery } = readPerInputOptions(request.options);
  const labelOf = (input: { inputIndexA: number }) => inputLabel(inputsA[input.inputIndexA]);
  const matching = filterInputs(inputs, filter, order).filter((input) => searchKeeps(query, labelOf(input), input.key));
  const { page, pageCount } = pageOf(matching.length, request.options.page);
  const onPage = matching.slice((page - 1) * INPUT_PAGE_SIZE, page * INPUT_PAGE_SIZE);
  const rows = linkRows(context, request, linkedInputs(context, request, onPage, judge, filter), labelOf);
  return { tally, filter, order, query: shownQuery, matching: matching.length, rows, page, pageCount };
}

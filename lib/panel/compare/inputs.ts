// Which of two variants did better on each input. Conversations are matched by their input (the
// same text, or the same dataset case, as canonical JSON) and, when an input ran several times, by
// repeat: the first run of A on it against the first run of B, and so on. A pair is judged by the
// dataset verdict when both were scored, else by the agent's task-success check when both were
// judged (two failures are the same: for smart_home "submitted" is a text answer, no better than
// any other failure), else by the experiment's own check (config.customCheck) alike, else by
// outcome (submitted > turn_limit > no_tool_call > error), and then by fewer turns. A cancelled
// conversation says nothing about the model: such a pair is not judged.
import type { Outcome } from '../../runner/types';

export type OutcomeFact = {
  slot: number;
  inputIndex: number;
  outcome: Outcome;
  /** Model calls that returned a response. */
  turns: number;
  /** The dataset verdict (whole call right) when it was scored, else null. */
  correct: boolean | null;
  /** The agent's task-success check, or null when nothing judged it. */
  taskSuccess: boolean | null;
  /** The experiment's own check (config.customCheck), or null (absent) when nothing judged it. */
  customCheck?: boolean | null;
};

export type PairVerdict = 'a' | 'b' | 'same' | 'not_judged';

export type InputPair = { a: OutcomeFact; b: OutcomeFact; verdict: PairVerdict; reason: string };

type VerdictCounts = { a: number; b: number; same: number; not_judged: number };

export type InputComparison = {
  /** Canonical JSON of the input: what makes two inputs the same. */
  key: string;
  inputIndexA: number;
  inputIndexB: number;
  pairs: InputPair[];
  counts: VerdictCounts;
  /** Runs of this input by one side that the other side has no counterpart for. */
  unpairedA: number;
  unpairedB: number;
};

export type PerInputTally = VerdictCounts & {
  pairs: number;
  /** Inputs both sides ran, and inputs only one side ran. */
  sharedInputs: number;
  onlyA: number;
  onlyB: number;
};

const OUTCOME_RANK: Record<Outcome, number> = { submitted: 3, turn_limit: 2, no_tool_call: 1, error: 0, cancelled: -1 };

export function judgePair(a: OutcomeFact, b: OutcomeFact): { verdict: PairVerdict; reason: string } {
  if (a.outcome === 'cancelled' || b.outcome === 'cancelled') return { verdict: 'not_judged', reason: 'cancelled' };
  if (a.correct !== null && b.correct !== null) {
    if (a.correct === b.correct) return { verdict: 'same', reason: a.correct ? 'both right' : 'both wrong' };
    return { verdict: a.correct ? 'a' : 'b', reason: 'right call' };
  }
  const checks = [
    { a: a.taskSuccess, b: b.taskSuccess, reason: 'task success', bothFailed: 'both failed the task' },
    { a: a.customCheck, b: b.customCheck, reason: 'custom check', bothFailed: 'both failed the custom check' },
  ];
  for (const check of checks) {
    if (typeof check.a !== 'boolean' || typeof check.b !== 'boolean') continue;
    if (check.a !== check.b) return { verdict: check.a ? 'a' : 'b', reason: check.reason };
    if (!check.a) return { verdict: 'same', reason: check.bothFailed };
  }
  if (a.outcome !== b.outcome)
    return { verdict: OUTCOME_RANK[a.outcome] > OUTCOME_RANK[b.outcome] ? 'a' : 'b', reason: 'outcome' };
  if (a.turns !== b.turns) return { verdict: a.turns < b.turns ? 'a' : 'b', reason: 'fewer turns' };
  return { verdict: 'same', reason: 'same outcome and turns' };
}

export { canonicalJson } from '../../canonical-json';

function emptyCounts(): VerdictCounts {
  return { a: 0, b: 0, same: 0, not_judged: 0 };
}

function runsByInput(facts: OutcomeFact[]): Map<number, OutcomeFact[]> {
  const runs = new Map<number, OutcomeFact[]>();
  for (const fact of [...facts].sort((first, second) => first.slot - second.slot)) {
    const list = runs.get(fact.inputIndex) ?? [];
    list.push(fact);
    runs.set(fact.inputIndex, list);
  }
  return runs;
}

/**
 * Pairs the two sides' conversations input by input. `keysA[i]` is the key of side A's input i
 * (null when unknown, so never matched). Inputs come back in side A's input order.
 */
export function compareByInput(
  factsA: OutcomeFact[],
  keysA: (string | null)[],
  factsB: OutcomeFact[],
  keysB: (string | null)[],
): { inputs: InputComparison[]; tally: PerInputTally } {
  const runsA = runsByInput(factsA);
  const runsB = runsByInput(factsB);
  // An input may appear twice in a list (the same text given twice): its runs pool under one key.
  const byKeyB = new Map<string, OutcomeFact[]>();
  const firstIndexB = new Map<string, number>();
  for (const [index, runs] of [...runsB.entries()].sort(([first], [second]) => first - second)) {
    const key = keysB[index];
    if (key === null || key === undefined) continue;
    byKeyB.set(key, [...(byKeyB.get(key) ?? []), ...runs]);
    if (!firstIndexB.has(key)) firstIndexB.set(key, index);
  }
  const byKeyA = new Map<string, { index: number; runs: OutcomeFact[] }>();
  for (const [index, runs] of [...runsA.entries()].sort(([first], [second]) => first - second)) {
    const key = keysA[index];
    if (key === null || key === undefined) continue;
    const entry = byKeyA.get(key);
    if (entry) entry.runs.push(...runs);
    else byKeyA.set(key, { index, runs: [...runs] });
  }

  const tally: PerInputTally = { ...emptyCounts(), pairs: 0, sharedInputs: 0, onlyA: 0, onlyB: 0 };
  const inputs: InputComparison[] = [];
  for (const [key, { index, runs }] of byKeyA) {
    const other = byKeyB.get(key);
    if (!other) {
      tally.onlyA += 1;
      continue;
    }
    const a = [...runs].sort((first, second) => first.slot - second.slot);
    const b = [...other].sort((first, second) => first.slot - second.slot);
    const counts = emptyCounts();
    const pairs: InputPair[] = [];
    for (let repeat = 0; repeat < Math.min(a.length, b.length); repeat += 1) {
      const judged = judgePair(a[repeat], b[repeat]);
      counts[judged.verdict] += 1;
      pairs.push({ a: a[repeat], b: b[repeat], ...judged });
    }
    for (const verdict of ['a', 'b', 'same', 'not_judged'] as const) tally[verdict] += counts[verdict];
    tally.pairs += pairs.length;
    tally.sharedInputs += 1;
    inputs.push({
      key,
      inputIndexA: index,
      inputIndexB: firstIndexB.get(key) as number,
      pairs,
      counts,
      unpairedA: a.length - pairs.length,
      unpairedB: b.length - pairs.length,
    });
  }
  tally.onlyB = [...byKeyB.keys()].filter((key) => !byKeyA.has(key)).length;
  return { inputs, tally };
}

export type InputVerdictFilter = 'all' | 'a' | 'b' | 'same' | 'differ' | 'failures';

/**
 * A failed run (the grid's FAILED_CONVERSATION in lib/db/queries/experiment-grid.ts): a wrong call
 * when scored, else a failed task check when judged, else any end but submitted; cancelled is none.
 */
function failedRun(fact: Pick<OutcomeFact, 'outcome' | 'correct' | 'taskSuccess' | 'customCheck'>): boolean {
  if (fact.outcome === 'cancelled') return false;
  if (fact.correct !== null) return !fact.correct;
  if (typeof fact.taskSuccess === 'boolean') return !fact.taskSuccess;
  if (typeof fact.customCheck === 'boolean') return !fact.customCheck;
  return fact.outcome !== 'submitted';
}

export const pairFailed = (pair: Pick<InputPair, 'a' | 'b'>) => failedRun(pair.a) || failedRun(pair.b);
export type InputOrder = 'input' | 'a-better' | 'b-better';

/** What filtering and ordering read of an input: its counts, its place, and its pairs or whether one failed. */
type FilterableInput = Pick<InputComparison, 'counts' | 'inputIndexA'> & { pairs?: InputPair[]; failed?: boolean };

/** The inputs with at least one pair the filter keeps, in the order asked for. */
export function filterInputs<Input extends FilterableInput>(
  inputs: Input[],
  filter: InputVerdictFilter,
  order: InputOrder = 'input',
): Input[] {
  const keep = (input: Input) => {
    switch (filter) {
      case 'all':
        return true;
      case 'differ':
        return input.counts.a + input.counts.b > 0;
      case 'failures':
        return input.failed ?? (input.pairs ?? []).some(pairFailed);
      default:
        return input.counts[filter] > 0;
    }
  };
  const kept = inputs.filter(keep);
  if (order === 'input') return kept;
  const lead = (input: Input) =>
    order === 'a-better' ? input.counts.a - input.counts.b : input.counts.b - input.counts.a;
  return [...kept].sort((first, second) => lead(second) - lead(first) || first.inputIndexA - second.inputIndexA);
}

/** The pairs of an input worth linking first: those the filter asks for, then the others. */
export function pairsToShow(
  input: Pick<InputComparison, 'pairs'>,
  filter: InputVerdictFilter,
  count: number,
): InputPair[] {
  const wanted = (pair: InputPair) =>
    filter === 'all'
      ? true
      : filter === 'differ'
        ? pair.verdict === 'a' || pair.verdict === 'b'
        : filter === 'failures'
          ? pairFailed(pair)
          : pair.verdict === filter;
  return [...input.pairs.filter(wanted), ...input.pairs.filter((pair) => !wanted(pair))].slice(0, count);
}

// Two conversations of the same input laid side by side turn by turn, with where they part: the
// first turn whose response was parsed another way, called other tools or other arguments, or got
// other tool results. Pure, so that it is tested without a browser.
import { canonicalJson } from '../../canonical-json';

export type TurnFacts = {
  turn: number;
  status: 'ok' | 'error';
  parsePath: string | null;
  calls: { name: string; arguments: Record<string, unknown> }[];
  /** Each executed call's outcome and result, in order. */
  results: { toolName: string; outcome: string; result: unknown; error?: string | null }[];
};

type TurnDifference = 'missing' | 'status' | 'parse path' | 'calls' | 'results';

type AlignedTurn = { turn: number; a: TurnFacts | null; b: TurnFacts | null; differences: TurnDifference[] };

export type TurnAlignment = { turns: AlignedTurn[]; firstDivergence: number | null };

function differencesOf(a: TurnFacts | null, b: TurnFacts | null): TurnDifference[] {
  if (a === null || b === null) return ['missing'];
  const found: TurnDifference[] = [];
  if (a.status !== b.status) found.push('status');
  if (a.parsePath !== b.parsePath) found.push('parse path');
  if (canonicalJson(a.calls) !== canonicalJson(b.calls)) found.push('calls');
  const results = (facts: TurnFacts) =>
    facts.results.map((entry) => ({
      toolName: entry.toolName,
      outcome: entry.outcome,
      result: entry.result ?? null,
      error: entry.error ?? null,
    }));
  if (canonicalJson(results(a)) !== canonicalJson(results(b))) found.push('results');
  return found;
}

/** Turn n of one beside turn n of the other; a conversation that ended sooner leaves gaps. */
export function alignTurns(a: TurnFacts[], b: TurnFacts[]): TurnAlignment {
  const count = Math.max(a.length, b.length);
  const turns: AlignedTurn[] = [];
  for (let index = 0; index < count; index++) {
    const left = a[index] ?? null;
    const right = b[index] ?? null;
    turns.push({ turn: index + 1, a: left, b: right, differences: differencesOf(left, right) });
  }
  const first = turns.find((entry) => entry.differences.length > 0);
  return { turns, firstDivergence: first ? first.turn : null };
}

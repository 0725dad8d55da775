// The pair view's verdict in one sentence: which side did better and by what rule (inputs.ts), naming
// the task check when it decided, and each side's outcome as what it is.
import type { Outcome } from '../../runner/types';
import type { PairVerdict } from './inputs';

type Side = { outcome: Outcome; turns: number };

export function pairSentence(judged: { verdict: PairVerdict; reason: string }, a: Side, b: Side): string {
  const winner = judged.verdict === 'a' ? 'A' : 'B';
  const [better, worse] = judged.verdict === 'a' ? [a, b] : [b, a];
  const outcomes = `(A ended ${a.outcome}, B ended ${b.outcome})`;
  switch (judged.verdict) {
    case 'a':
    case 'b':
      if (judged.reason === 'right call') return `${winner} did better: its call was right, the other's was wrong.`;
      if (judged.reason === 'task success')
        return `${winner} did better: it succeeded at the task, the other did not ${outcomes}.`;
      if (judged.reason === 'fewer turns')
        return (
          `${winner} did better: both ended ${a.outcome}, ${winner} in ${better.turns} model responses ` +
          `against ${worse.turns}.`
        );
      return (
        `${winner} did better: it ended ${better.outcome}, the other ${worse.outcome} ` +
        '(submitted ranks above turn_limit, then no_tool_call, then error).'
      );
    case 'same':
      if (judged.reason === 'both right' || judged.reason === 'both wrong')
        return `Neither did better: the calls were ${judged.reason}.`;
      if (judged.reason === 'both failed the task') return `Neither did better: both failed the task ${outcomes}.`;
      return `Neither did better: both ended ${a.outcome} in ${a.turns} model responses.`;
    case 'not_judged':
      return 'Not judged: a cancelled conversation says nothing about the model.';
  }
}

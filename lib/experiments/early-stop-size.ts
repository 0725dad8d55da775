// What the CLI (--detect with --stop-early) and the experiment form say up front about the early
// stop: the live, anytime-valid verdict it waits for reads each input once, watched after every
// one, and needs more distinct inputs than the fixed test for the same power (power.ts).
import { planAnytimeInputs, type PowerQuestion } from '../metrics/power';

/** One sentence: the inputs the early stop needs for 80% power, and plainly when the run has fewer. */
export function earlyStopSizeNote(question: PowerQuestion, inputCount: number | null): string {
  const needed = planAnytimeInputs({ ...question, power: 0.8 });
  const short =
    inputCount !== null && inputCount < needed
      ? `; this run's ${inputCount} cannot reach it, it stops early only on a much larger difference`
      : '';
  const what = 'The early stop (anytime-valid, checked after every input)';
  return ` ${what} needs about ${needed} distinct inputs for the same power${short}.`;
}

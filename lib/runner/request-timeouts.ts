// How long one request to a model server may take, in three parts: until the first byte of the
// answer, between two chunks of it, and in all. A hung or dripping server otherwise holds a
// conversation for as long as it likes. The command line's --request-timeout and an endpoint's
// settings give them as text: "300" (the total, in seconds) or "total=300,idle=30,first-byte=60".
import { InputError } from '../errors';

export type RequestTimeouts = { firstByteMs: number; idleMs: number; totalMs: number };

/** First byte within a minute (a cold server loads its model), 30 s between chunks, 5 minutes in all. */
export const DEFAULT_REQUEST_TIMEOUTS: RequestTimeouts = { firstByteMs: 60_000, idleMs: 30_000, totalMs: 300_000 };

const NAMES: Record<string, keyof RequestTimeouts> = { 'first-byte': 'firstByteMs', idle: 'idleMs', total: 'totalMs' };
// A day: past it a "timeout" is a typo, and setTimeout's own limit is about 24.8 days.
const MAX_SECONDS = 86_400;

/** The parts a text names, in milliseconds; an InputError naming the part it cannot read. */
export function parseRequestTimeouts(text: string): Partial<RequestTimeouts> {
  const trimmed = text.trim();
  if (!trimmed.includes('=')) return { totalMs: seconds('total', trimmed, text) };
  const timeouts: Partial<RequestTimeouts> = {};
  for (const part of trimmed.split(',')) {
    const [name, value = ''] = part.split('=').map((piece) => piece.trim());
    const key = NAMES[name];
    if (!key) throw new InputError(`unknown request timeout "${name}" in "${text}": use first-byte, idle or total`);
    timeouts[key] = seconds(name, value, text);
  }
  return timeouts;
}

function seconds(name: string, value: string, text: string): number {
  const number = Number(value);
  if (value === '' || !Number.isFinite(number) || number <= 0 || number > MAX_SECONDS)
    throw new InputError(
      `request timeout ${name} must be a number of seconds above 0 and at most ${MAX_SECONDS}, in "${text}"`,
    );
  return Math.round(number * 1000);
}

/** Seconds as a person reads them: 0.2 s, 60 s. */
function shownSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}

export function timeoutReason(kind: keyof RequestTimeouts, timeouts: RequestTimeouts): string {
  if (kind === 'firstByteMs')
    return `no first byte from the model server within ${shownSeconds(timeouts.firstByteMs)} (first-byte timeout)`;
  if (kind === 'idleMs')
    return `model server sent nothing for ${shownSeconds(timeouts.idleMs)} in the middle of its answer (idle timeout)`;
  return `model server's answer not complete within ${shownSeconds(timeouts.totalMs)} (total timeout)`;
}

// Values of the command line's flags: parsers that refuse a bad value with the allowed range, and --db.
import { InvalidArgumentError, Option } from 'commander';
import { config } from '../config';
import { errorMessage } from '../errors';
import { parseRequestTimeouts, type RequestTimeouts } from '../runner/request-timeouts';

export const PORT = { min: 0, max: 65535 };

/** `--db`: the same file the panel uses (REMORA_DB, relative to the project root), whatever the working folder. */
export function databaseOption(): Option {
  const { databaseFile, databaseFileShown } = config();
  return new Option('--db <path>', 'SQLite database file').default(databaseFile, JSON.stringify(databaseFileShown));
}

export function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** A whole number within a row of the limits table (or any range), refused with the range otherwise. */
export function integerIn(range: { min: number; max: number }): (value: string) => number {
  return (value) => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < range.min || number > range.max) {
      throw new InvalidArgumentError(`must be a whole number from ${range.min} to ${range.max}`);
    }
    return number;
  };
}

/** A text no longer than `max` characters (an id: LIMITS.idLength), refused with the limit otherwise. */
export function textUpTo(max: number): (value: string) => string {
  return (value) => {
    if (value.length === 0) throw new InvalidArgumentError('must not be empty');
    if (value.length > max) throw new InvalidArgumentError(`must be at most ${max} characters (got ${value.length})`);
    return value;
  };
}

/** `--request-timeout`: "300" (the total) or "first-byte=60,idle=30,total=300", in seconds. */
export function requestTimeoutsFlag(value: string): Partial<RequestTimeouts> {
  try {
    return parseRequestTimeouts(value);
  } catch (error) {
    throw new InvalidArgumentError(errorMessage(error));
  }
}

export function positiveInteger(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new InvalidArgumentError('must be a whole number of at least 1');
  return number;
}

export function nonNegativeInteger(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw new InvalidArgumentError('must be a whole number of at least 0');
  return number;
}

/** Percentage points above 0 and at most 100, returned in rate units (5 -> 0.05). */
export function points(value: string): number {
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0 || number > 100)
    throw new InvalidArgumentError('must be percentage points above 0 and at most 100');
  return number / 100;
}

export function nonNegativeNumber(value: string): number {
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0) throw new InvalidArgumentError('must be a number of at least 0');
  return number;
}

const SIZE_UNITS: Record<string, number> = { '': 1, b: 1, kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3 };

/** A range's end for a message: "1 MiB", "16 GiB". */
function shownSize(bytes: number): string {
  return bytes >= 1024 ** 3 ? `${bytes / 1024 ** 3} GiB` : `${bytes / 1024 ** 2} MiB`;
}

/**
 * A size in bytes ("256MiB", "1 GiB", "1048576") within a range. Only binary units: "GB" would be
 * read as 10^9 by some and 2^30 by others, so it is refused rather than guessed.
 */
export function byteSize(range: { min: number; max: number }): (value: string) => number {
  return (value) => {
    const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(value);
    const unit = match ? SIZE_UNITS[match[2].toLowerCase()] : undefined;
    if (!match || unit === undefined)
      throw new InvalidArgumentError('must be a size such as 256MiB or 1GiB (units: B, KiB, MiB, GiB)');
    const bytes = Math.round(Number(match[1]) * unit);
    if (bytes < range.min) throw new InvalidArgumentError(`must be at least ${shownSize(range.min)}`);
    if (bytes > range.max) throw new InvalidArgumentError(`must be at most ${shownSize(range.max)}`);
    return bytes;
  };
}

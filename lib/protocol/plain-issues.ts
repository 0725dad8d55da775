// A validation issue in plain words ("must be at most 256"), never the validation library's own
// text ("Too big: expected number to be <=256"). A message the schema wrote itself is kept as is.
import { z } from 'zod';

/** zod's own English messages start so; the schemas' own messages never do. */
const LIBRARY_TEXT = /^(Invalid|Too (big|small)|Unrecognized key)/;

const KINDS: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  bigint: 'a whole number',
  date: 'a date',
};

function quote(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : String(value);
}

function sizeWords(origin: string, bound: number | bigint, inclusive: boolean, most: boolean): string {
  const limit = Number(bound);
  switch (origin) {
    case 'string':
      if (!most && limit === 1 && inclusive) return 'must not be empty';
      return `must be ${most ? 'at most' : 'at least'} ${limit} character${limit === 1 ? '' : 's'} long`;
    case 'array':
    case 'set':
      if (!most && limit === 1 && inclusive) return 'needs at least one item';
      return `may hold ${most ? 'at most' : 'no fewer than'} ${limit} item${limit === 1 ? '' : 's'}`;
    default:
      if (inclusive) return `must be ${most ? 'at most' : 'at least'} ${limit}`;
      return `must be ${most ? 'less' : 'more'} than ${limit}`;
  }
}

export function plainIssue(issue: z.core.$ZodIssue): string {
  if (!LIBRARY_TEXT.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'too_big':
      return sizeWords(issue.origin, issue.maximum, issue.inclusive ?? true, true);
    case 'too_small':
      return sizeWords(issue.origin, issue.minimum, issue.inclusive ?? true, false);
    case 'invalid_type':
      if (/received undefined$/.test(issue.message)) return 'is required';
      return `must be ${KINDS[issue.expected] ?? issue.expected}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `must be ${quote(issue.values[0])}`
        : `must be one of ${issue.values.map(quote).join(', ')}`;
    case 'invalid_format':
      return issue.format === 'url' ? 'must be a URL (http:// or https://)' : `must be a valid ${issue.format}`;
    case 'not_multiple_of':
      return `must be a multiple of ${Number(issue.divisor)}`;
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}`;
    case 'invalid_union':
      return 'is not in any of the accepted forms';
    default:
      return 'is not valid here';
  }
}

/**
 * A whole number in a range, refused in one sentence that gives the range ("must be a whole number
 * from 1 to 256"), whatever is wrong with it: the form, the API and the command line say the same.
 */
export function wholeNumberIn(range: { min: number; max: number }) {
  const words = `must be a whole number from ${range.min} to ${range.max}`;
  return z
    .number({ error: words })
    .int({ error: words })
    .min(range.min, { error: words })
    .max(range.max, { error: words });
}

// Turns a conversation's values into what its columns can hold, so that a conversation is always
// stored: JSON that cannot be written (nested too deep for JSON.stringify, a cycle, a BigInt)
// becomes a placeholder that says why, and what a model, a server or a tool wrote is bounded (a
// long string is cut with its size noted, an oversized value keeps a preview). Every conversation
// write goes through here (conversation-insert.ts), so later counters can read what was stored.
import { errorMessage } from '../errors';
import { LIMITS } from '../protocol/limits';

/** Where a value was replaced or cut, and why. */
type StorageNote = { field: string; reason: string };

const PLACEHOLDER_KEY = 'remora_placeholder';

export type StorableOptions = { maxTextChars?: number; maxJsonChars?: number };

export type Storable = {
  /** JSON text of a value kept exactly (an input, a result); a placeholder only when it cannot be written. */
  exact(value: unknown, field: string): string | null;
  /** JSON text of what a model, server or tool sent: long strings cut, an oversized whole kept as a preview. */
  bounded(value: unknown, field: string): string | null;
  /** A text column holding what a model, server or tool wrote, cut past the limit. */
  text(value: string | null | undefined, field: string): string | null;
  readonly notes: StorageNote[];
};

function cut(text: string, max: number): string {
  return `${text.slice(0, max)}… [cut by Remora: ${text.length} characters in all]`;
}

/** A copy with every string longer than `max` cut; values come from bounded parsing, so the walk is shallow. */
function cutStrings(value: unknown, max: number): unknown {
  if (typeof value === 'string') return value.length > max ? cut(value, max) : value;
  if (Array.isArray(value)) return value.map((item) => cutStrings(item, max));
  if (typeof value === 'object' && value !== null) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[key] = cutStrings(item, max);
    return copy;
  }
  return value;
}

export function createStorable(options: StorableOptions = {}): Storable {
  const maxText = options.maxTextChars ?? LIMITS.storedTextChars.max;
  const maxJson = options.maxJsonChars ?? LIMITS.storedJsonChars.max;
  const notes: StorageNote[] = [];

  const placeholder = (field: string, error: unknown): string => {
    const reason = `could not be stored as it was: ${errorMessage(error)}`;
    notes.push({ field, reason });
    return JSON.stringify({ [PLACEHOLDER_KEY]: reason });
  };

  return {
    notes,
    exact(value, field) {
      if (value === null || value === undefined) return null;
      try {
        return JSON.stringify(value);
      } catch (error) {
        return placeholder(field, error);
      }
    },
    bounded(value, field) {
      if (value === null || value === undefined) return null;
      let text: string;
      try {
        text = JSON.stringify(value);
        // No string inside can be longer than the whole: the common case costs one stringify.
        if (text.length <= maxText) return text;
        text = JSON.stringify(cutStrings(value, maxText));
      } catch (error) {
        return placeholder(field, error);
      }
      if (text.length <= maxJson) {
        notes.push({ field, reason: `strings longer than ${maxText} characters were cut` });
        return text;
      }
      notes.push({ field, reason: `${text.length} characters of JSON; a preview is kept` });
      return JSON.stringify({
        [PLACEHOLDER_KEY]: `too large to store whole: ${text.length} characters of JSON`,
        preview: text.slice(0, maxText),
      });
    },
    text(value, field) {
      if (value === null || value === undefined) return null;
      if (value.length <= maxText) return value;
      notes.push({ field, reason: `${value.length} characters; cut to ${maxText}` });
      return cut(value, maxText);
    },
  };
}

import { LIMITS } from './limits';

export type JsonParseResult = { ok: true; value: unknown } | { ok: false; error: string };

export type JsonParseOptions = {
  /**
   * Refuse text whose arrays and objects nest deeper than this (untrusted text meant to exhaust the
   * stack of whatever walks the value: JSON.stringify, schema checks, structuredClone).
   * LIMITS.jsonDepth.max unless given.
   */
  maxDepth?: number;
};

/** JSON.parse for untrusted text: failure is a value, never an exception; nesting is bounded. */
export function parseJson(text: string, options: JsonParseOptions = {}): JsonParseResult {
  if (typeof text !== 'string')
    return { ok: false, error: `expected JSON text, got ${text === null ? 'null' : typeof text}` };
  const maxDepth = options.maxDepth ?? LIMITS.jsonDepth.max;
  // Nesting needs at least one character per level: short text skips the scan.
  if (text.length > maxDepth && jsonNestingDepth(text, maxDepth) > maxDepth) {
    return { ok: false, error: `JSON nests deeper than ${maxDepth} levels` };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The deepest nesting of brackets and braces outside strings (a scan, so no recursion on hostile
 * text); it stops counting once past `stopAbove`. For text that is not JSON it is an estimate.
 */
export function jsonNestingDepth(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c) index++;
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAbove) return deepest;
      }
    } else if ((char === 0x7d || char === 0x5d) && depth > 0) depth--;
  }
  return deepest;
}

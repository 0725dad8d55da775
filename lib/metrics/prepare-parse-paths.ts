// Parse paths per variant as 100%-stacked bars: every one of the nine paths is a segment (and a
// legend entry, in the spec's order) with its fixed colour; the counts stay beside the shares.
// Another family's path (hermes_tool_call, ...) is a segment after them when some variant has it.
import type { ParsePath } from '../parsing/types';
import {
  FAMILY_PARSE_PATH_ORDER,
  PARSE_PATH_COLOURS,
  PARSE_PATH_ORDER,
  PARSE_PATH_PATTERNS,
  type FillPattern,
} from './prepare-palette';
import type { VariantSummaryJson } from './summary-json';

/** `pattern`: a texture drawn over the colour (parse paths have one each); missing means solid. */
type StackSegment<Key extends string> = { key: Key; colour: string; pattern?: FillPattern };

type StackRow<Key extends string> = {
  variant: string;
  /** The responses (or conversations) behind the shares; 0 makes every share null. */
  total: number;
  counts: Record<Key, number>;
} & Record<`share_${Key}`, number | null>;

export type StackChart<Key extends string> = { segments: StackSegment<Key>[]; rows: StackRow<Key>[]; hasData: boolean };

/** Rows of counts and shares for a stacked chart; keys with no count in a variant's record count 0. */
export function prepareStack<Key extends string>(
  order: readonly Key[],
  colours: Record<Key, string>,
  entries: { variant: string; counts: Partial<Record<Key, number>> }[],
  patterns?: Record<Key, FillPattern>,
): StackChart<Key> {
  const segments = order.map((key) => ({ key, colour: colours[key], ...(patterns ? { pattern: patterns[key] } : {}) }));
  const rows = entries.map(({ variant, counts }) => {
    const full = Object.fromEntries(order.map((key) => [key, counts[key] ?? 0])) as Record<Key, number>;
    const total = order.reduce((sum, key) => sum + full[key], 0);
    const row = { variant, total, counts: full } as StackRow<Key>;
    for (const key of order) (row as Record<string, unknown>)[`share_${key}`] = total === 0 ? null : full[key] / total;
    return row;
  });
  return { segments, rows, hasData: rows.some((row) => row.total > 0) };
}

export function prepareParsePathChart(variants: VariantSummaryJson[]): StackChart<ParsePath> {
  const counted = FAMILY_PARSE_PATH_ORDER.filter((path) =>
    variants.some((variant) => (variant.parsePaths[path] ?? 0) > 0),
  );
  return prepareStack(
    [...PARSE_PATH_ORDER, ...counted],
    PARSE_PATH_COLOURS,
    variants.map((variant) => ({ variant: variant.name, counts: variant.parsePaths })),
    PARSE_PATH_PATTERNS,
  );
}

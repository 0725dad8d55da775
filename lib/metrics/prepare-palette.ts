// Fixed colours for the charts, so that a variant, a parse path or an outcome looks the same in
// every chart and on every page. Pure data, shared by server and client components.
import { PARSE_PATHS, type ParsePath } from '../parsing/types';
import { OUTCOMES, type Outcome } from '../runner/types';

/** Tableau 10: distinct for most colour-blind readers, and readable on white. */
export const VARIANT_COLOURS = ['#4e79a7', '#f28e2b', '#59a14f', '#e15759', '#76b7b2', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#bab0ac'] as const;

/** The colour of the variant at this position of an experiment (or of a history's series). */
export function variantColour(index: number): string {
  const wrapped = ((index % VARIANT_COLOURS.length) + VARIANT_COLOURS.length) % VARIANT_COLOURS.length;
  return VARIANT_COLOURS[wrapped];
}

/**
 * Parse paths: the structured path green, the JSON-in-content paths blues, native tags purple,
 * and the paths without a call in greys and red, so that "the model did not call" stands out.
 */
export const PARSE_PATH_COLOURS: Record<ParsePath, string> = {
  tool_calls: '#2e7d32',
  json_name_arguments: '#1565c0',
  json_name_parameters: '#42a5f5',
  json_tool_calls: '#0d47a1',
  json_array: '#90caf9',
  functiongemma_tags: '#7b1fa2',
  text: '#9e9e9e',
  empty: '#d6d6d6',
  malformed: '#c62828',
};

export const OUTCOME_COLOURS: Record<Outcome, string> = {
  submitted: '#2e7d32',
  no_tool_call: '#f9a825',
  turn_limit: '#ef6c00',
  error: '#c62828',
  cancelled: '#757575',
};

/** Parse paths in the order of the spec's table (the legend's order). */
export const PARSE_PATH_ORDER: readonly ParsePath[] = PARSE_PATHS;
export const OUTCOME_ORDER: readonly Outcome[] = OUTCOMES;

const ERROR_COLOURS = ['#b71c1c', '#e65100', '#6a1b9a', '#4e342e', '#ad1457', '#37474f', '#827717', '#00695c'] as const;

/** Error kinds have no fixed list; a kind keeps its colour by its position among the kinds shown. */
export function errorColour(index: number): string {
  return ERROR_COLOURS[((index % ERROR_COLOURS.length) + ERROR_COLOURS.length) % ERROR_COLOURS.length];
}

/**
 * A cell's background in a heat map: white at 0, the accent at 1, so that a row's largest share is
 * the darkest. Null (an empty row) stays white. Text turns white on the dark end.
 */
export function heatColour(share: number | null): { background: string; text: string } {
  if (share === null || !Number.isFinite(share) || share <= 0) return { background: '#ffffff', text: '#1d2330' };
  const clamped = Math.min(1, share);
  // From #ffffff to #0b4f9c (a dark blue), linearly in each channel.
  const channel = (end: number) => Math.round(255 + (end - 255) * clamped);
  const hex = (value: number) => value.toString(16).padStart(2, '0');
  return { background: `#${hex(channel(0x0b))}${hex(channel(0x4f))}${hex(channel(0x9c))}`, text: clamped > 0.55 ? '#ffffff' : '#1d2330' };
}

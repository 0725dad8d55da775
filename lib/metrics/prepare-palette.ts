// Fixed colours for the charts, so that a variant, a parse path or an outcome looks the same in
// every chart and on every page. Pure data, shared by server and client components.
import { ALL_PARSE_PATHS, PARSE_PATHS, type ParsePath } from '../parsing/types';
import { OUTCOMES, type Outcome } from '../runner/types';

/** Tableau 10: distinct for most colour-blind readers, and readable on white. */
export const VARIANT_COLOURS = [
  '#4e79a7',
  '#f28e2b',
  '#59a14f',
  '#e15759',
  '#76b7b2',
  '#edc948',
  '#b07aa1',
  '#ff9da7',
  '#9c755f',
  '#bab0ac',
] as const;

/** The colour of the variant at this position of an experiment (or of a history's series). */
export function variantColour(index: number): string {
  const wrapped = ((index % VARIANT_COLOURS.length) + VARIANT_COLOURS.length) % VARIANT_COLOURS.length;
  return VARIANT_COLOURS[wrapped];
}

/**
 * Parse paths: Okabe and Ito's palette (made to stay apart for colour-blind readers), the structured
 * path green, the JSON-in-content paths blues, purple and yellow, native tags orange, malformed
 * vermilion, and the two paths without a call in a light and a dark grey. Every pair stays at least
 * 16 CIELAB units apart with normal vision and as protanopes, deuteranopes and tritanopes see them
 * (prepare-palette.test.ts checks it).
 */
export const PARSE_PATH_COLOURS: Record<ParsePath, string> = {
  tool_calls: '#009e73',
  json_name_arguments: '#0072b2',
  json_name_parameters: '#56b4e9',
  json_tool_calls: '#cc79a7',
  json_array: '#f0e442',
  functiongemma_tags: '#e69f00',
  text: '#d0d0d0',
  empty: '#5a5a5a',
  malformed: '#d55e00',
  // Other families' native calls: a second set, darker or lighter than the nine, told apart from
  // each other by colour and from their neighbours by texture.
  hermes_tool_call: '#8c564b',
  llama3_json: '#1f3a93',
  pythonic_list: '#7b3294',
  mistral_tool_calls: '#a6761d',
  granite_tool_call: '#3b7d23',
  phi4_mini_functools: '#e7298a',
  xlam_json_list: '#80cdc1',
};

/**
 * A texture for each parse path, so that colour is never the only difference: in the spec's order
 * (the order of a stacked bar) no two neighbours share one. Drawn over the colour in the charts,
 * the legends, and every swatch beside a path's name.
 */
export type FillPattern = 'solid' | 'stripes' | 'dots' | 'cross';
export const PARSE_PATH_PATTERNS: Record<ParsePath, FillPattern> = {
  tool_calls: 'solid',
  json_name_arguments: 'stripes',
  json_name_parameters: 'dots',
  json_tool_calls: 'solid',
  json_array: 'stripes',
  functiongemma_tags: 'dots',
  text: 'solid',
  empty: 'stripes',
  malformed: 'cross',
  hermes_tool_call: 'dots',
  llama3_json: 'stripes',
  pythonic_list: 'cross',
  mistral_tool_calls: 'dots',
  granite_tool_call: 'stripes',
  phi4_mini_functools: 'cross',
  xlam_json_list: 'dots',
};

/** A request that failed has no parse path; it is drawn like the model_request_failed error. */
export const REQUEST_FAILED_COLOUR = '#b71c1c';

/** A parse path's colour and texture (a failed request's when the path is null or unknown). */
export function parsePathStyle(path: string | null): { colour: string; pattern: FillPattern } {
  if (path !== null && path in PARSE_PATH_COLOURS)
    return { colour: PARSE_PATH_COLOURS[path as ParsePath], pattern: PARSE_PATH_PATTERNS[path as ParsePath] };
  return { colour: REQUEST_FAILED_COLOUR, pattern: 'cross' };
}

export const OUTCOME_COLOURS: Record<Outcome, string> = {
  submitted: '#2e7d32',
  no_tool_call: '#f9a825',
  turn_limit: '#ef6c00',
  error: '#c62828',
  cancelled: '#757575',
};

/** Parse paths in the order of the spec's table (the legend's order). */
export const PARSE_PATH_ORDER: readonly ParsePath[] = PARSE_PATHS;
/** The families' paths, after the spec's in a legend (charts show them only when counted). */
export const FAMILY_PARSE_PATH_ORDER: readonly ParsePath[] = ALL_PARSE_PATHS.slice(PARSE_PATHS.length);
export const OUTCOME_ORDER: readonly Outcome[] = OUTCOMES;

const ERROR_COLOURS = ['#b71c1c', '#e65100', '#6a1b9a', '#4e342e', '#ad1457', '#37474f', '#827717', '#00695c'] as const;

/** The error kinds Remora names itself, each with its own colour in every chart. */
const KNOWN_ERROR_COLOURS: Record<string, string> = {
  model_request_failed: '#b71c1c',
  unknown_tool: '#6a1b9a',
  invalid_arguments: '#e65100',
  tool_failed: '#4e342e',
  tool_timeout: '#ad1457',
  tool_output_invalid: '#37474f',
  tool_output_too_large: '#827717',
};

/**
 * An error kind's colour: fixed for the known kinds, and for any other picked by its name, so that it never changes
 * from chart to chart.
 */
export function errorColour(kind: string): string {
  const known = KNOWN_ERROR_COLOURS[kind];
  if (known) return known;
  let hash = 0;
  for (const character of kind) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
  return ERROR_COLOURS[hash % ERROR_COLOURS.length];
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
  return {
    background: `#${hex(channel(0x0b))}${hex(channel(0x4f))}${hex(channel(0x9c))}`,
    text: clamped > 0.55 ? '#ffffff' : '#1d2330',
  };
}

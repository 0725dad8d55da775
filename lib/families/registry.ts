// Every family Remora knows, by name, and how a family is recognised from a response's text when
// the variant declares none.
import { FAMILY_NAMES, type FamilyName, type ModelFamily } from './family';
import { functionGemma } from './functiongemma/family';
import { granite } from './granite/family';
import { hermes } from './hermes/family';
import { llama3Json } from './llama3-json/family';
import { mistral } from './mistral/family';
import { phi4Mini } from './phi4-mini/family';
import { pythonic } from './pythonic/family';
import { xlam } from './xlam/family';

export const FAMILIES: Readonly<Record<FamilyName, ModelFamily>> = {
  functiongemma: functionGemma,
  hermes,
  'llama3-json': llama3Json,
  pythonic,
  mistral,
  granite,
  'phi4-mini': phi4Mini,
  xlam,
};

export function isFamilyName(name: string): name is FamilyName {
  return (FAMILY_NAMES as readonly string[]).includes(name);
}

/** The family by name; throws a one-line error naming the known ones. */
export function familyByName(name: string): ModelFamily {
  if (!isFamilyName(name)) throw new Error(`unknown model family "${name}" (known: ${FAMILY_NAMES.join(', ')})`);
  return FAMILIES[name];
}

/**
 * Families whose markers the text holds, most specific first: phi4-mini's closing tag and
 * `functools[` before granite's `<|tool_call|>`, which phi4-mini also writes.
 */
const RECOGNITION_ORDER: readonly ModelFamily[] = [
  functionGemma,
  phi4Mini,
  granite,
  hermes,
  mistral,
  llama3Json,
  pythonic,
];

/**
 * The family whose call syntax the text is written in, or null: by a marker only that family
 * writes, else (pythonic) by the shape of the whole text. A bare JSON list or object is no
 * family's: it keeps the JSON paths of spec/remora.md.
 */
export function recogniseFamily(text: string): ModelFamily | null {
  for (const family of RECOGNITION_ORDER) {
    if (family.markers.some((marker) => text.includes(marker)) && family.read(text).kind !== 'none') return family;
  }
  // `[name(` is a call list's start: a broken one is still pythonic's attempt.
  if (pythonic.read(text).kind !== 'none') return pythonic;
  return null;
}

/**
 * The family whose chat template this is, by what only that family's template writes, or null. The
 * same order as for responses, and for the same reasons: Phi-4-mini's template also writes granite's
 * <|tool_call|>, and granite's the text `<tool_call>` that Hermes templates write.
 */
export function familyOfTemplate(template: string): ModelFamily | null {
  const unordered = Object.values(FAMILIES).filter((family) => !RECOGNITION_ORDER.includes(family));
  for (const family of [...RECOGNITION_ORDER, ...unordered]) {
    if (family.templateMarker !== null && template.includes(family.templateMarker)) return family;
  }
  return null;
}

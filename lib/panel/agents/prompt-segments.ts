// The rendered prompt cut into plain text and control tokens (FunctionGemma's or another family's), so that
// the page can show the tokens in their own style while everything stays text (never HTML).
import type { FamilyName, ModelFamily } from '../../families/family';
import { PROMPT_CONTROL_TOKENS } from '../../protocol/functiongemma-tokens';

export type PromptSegment = { kind: 'control' | 'text'; text: string };

function tokenPattern(tokens: readonly string[]): RegExp {
  // Longest first, so that `<|tool_call|>` is not read as a shorter token it starts with.
  const sorted = [...tokens].filter(Boolean).sort((a, b) => b.length - a.length);
  return new RegExp(sorted.map((token) => token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
}

const FUNCTIONGEMMA_PATTERN = tokenPattern(PROMPT_CONTROL_TOKENS);
// A family's tokens never change, and every preview of the family would build the same pattern.
const FAMILY_PATTERNS = new Map<FamilyName, RegExp>();

/**
 * What the family's prompt is cut at: FunctionGemma's control tokens (its prompt comes from its own
 * renderer), else the family's control tokens and its bos and eos. Built once per family.
 */
export function controlTokenPattern(family: ModelFamily): RegExp {
  if (family.chatTemplate === null) return FUNCTIONGEMMA_PATTERN;
  let pattern = FAMILY_PATTERNS.get(family.name);
  if (!pattern) {
    pattern = tokenPattern([...family.controlTokens, family.specialTokens.bos, family.specialTokens.eos]);
    FAMILY_PATTERNS.set(family.name, pattern);
  }
  return pattern;
}

/** The text cut at the family's control tokens (FunctionGemma's when none is given). */
export function splitControlTokens(text: string, family?: ModelFamily): PromptSegment[] {
  // matchAll works on a copy of the pattern, so the shared one keeps no state between calls.
  const pattern = family ? controlTokenPattern(family) : FUNCTIONGEMMA_PATTERN;
  const segments: PromptSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const index = match.index ?? 0;
    if (index > last) segments.push({ kind: 'text', text: text.slice(last, index) });
    segments.push({ kind: 'control', text: match[0] });
    last = index + match[0].length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}

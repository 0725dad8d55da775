// The rendered prompt cut into plain text and control tokens (FunctionGemma's or another family's), so that
// the page can show the tokens in their own style while everything stays text (never HTML).
import { PROMPT_CONTROL_TOKENS } from '../../protocol/functiongemma-tokens';

export type PromptSegment = { kind: 'control' | 'text'; text: string };

function tokenPattern(tokens: readonly string[]): RegExp {
  // Longest first, so that `<|tool_call|>` is not read as a shorter token it starts with.
  const sorted = [...tokens].filter(Boolean).sort((a, b) => b.length - a.length);
  return new RegExp(sorted.map((token) => token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
}

const FUNCTIONGEMMA_PATTERN = tokenPattern(PROMPT_CONTROL_TOKENS);

/** The text cut at FunctionGemma's control tokens, or at the `tokens` given (another family's). */
export function splitControlTokens(text: string, tokens?: readonly string[]): PromptSegment[] {
  const pattern = tokens ? tokenPattern(tokens) : FUNCTIONGEMMA_PATTERN;
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

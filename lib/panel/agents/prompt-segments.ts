// The rendered prompt cut into plain text and FunctionGemma's control tokens, so that the page can
// show the tokens in their own style while everything stays text (never HTML).
import { PROMPT_CONTROL_TOKENS } from '../../protocol/functiongemma-tokens';

export type PromptSegment = { kind: 'control' | 'text'; text: string };

const TOKEN_PATTERN = new RegExp(
  PROMPT_CONTROL_TOKENS.map((token) => token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'),
  'g',
);

export function splitControlTokens(text: string): PromptSegment[] {
  const segments: PromptSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN_PATTERN)) {
    const index = match.index ?? 0;
    if (index > last) segments.push({ kind: 'text', text: text.slice(last, index) });
    segments.push({ kind: 'control', text: match[0] });
    last = index + match[0].length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}

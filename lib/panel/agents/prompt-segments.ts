// The rendered prompt cut into plain text and FunctionGemma's control tokens, so that the page can
// show the tokens in their own style while everything stays text (never HTML).
import {
  BOS,
  END_OF_TURN,
  START_OF_TURN,
  END_FUNCTION_CALL,
  END_FUNCTION_DECLARATION,
  END_FUNCTION_RESPONSE,
  ESCAPE,
  START_FUNCTION_CALL,
  START_FUNCTION_DECLARATION,
  START_FUNCTION_RESPONSE,
} from '../../protocol/functiongemma-tokens';

export type PromptSegment = { kind: 'control' | 'text'; text: string };

/** Every control token of the format (the tokenizer reads them as one token each). */
const CONTROL_TOKENS: readonly string[] = [
  BOS,
  '<eos>',
  '<pad>',
  ESCAPE,
  START_OF_TURN,
  END_OF_TURN,
  START_FUNCTION_DECLARATION,
  END_FUNCTION_DECLARATION,
  START_FUNCTION_CALL,
  END_FUNCTION_CALL,
  START_FUNCTION_RESPONSE,
  END_FUNCTION_RESPONSE,
];

const TOKEN_PATTERN = new RegExp(
  CONTROL_TOKENS.map((token) => token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'),
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

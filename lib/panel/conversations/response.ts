// A raw model response as the transcript shows it: pretty JSON, with the per-token log
// probabilities left out when they would bury the message (they are summarised by the raw output
// and the tool-name confidence, and the full body stays one link away).
import { isRecord } from '../../protocol/records';

export type ResponseDisplay = {
  /** Indented JSON of the body, possibly without its token list. */
  text: string;
  /** How many tokens with log probabilities were left out (null: nothing was). */
  omittedTokens: number | null;
  /** The text was cut at the limit. */
  cut: boolean;
  /** Characters of the whole body as indented JSON. */
  fullCharacters: number;
};

const RESPONSE_DISPLAY_LIMIT = 30_000;

function withoutTokens(body: Record<string, unknown>): { body: unknown; omitted: number } {
  if (!Array.isArray(body.choices)) return { body, omitted: 0 };
  let omitted = 0;
  const choices = body.choices.map((choice) => {
    if (!isRecord(choice) || !isRecord(choice.logprobs) || !Array.isArray(choice.logprobs.content)) return choice;
    omitted += choice.logprobs.content.length;
    return {
      ...choice,
      logprobs: {
        ...choice.logprobs,
        content: `[${choice.logprobs.content.length} tokens with their log probabilities: see the full response]`,
      },
    };
  });
  return { body: { ...body, choices }, omitted };
}

export function responseForDisplay(response: unknown, limit = RESPONSE_DISPLAY_LIMIT): ResponseDisplay {
  const full = JSON.stringify(response, null, 2) ?? 'null';
  if (full.length <= limit) return { text: full, omittedTokens: null, cut: false, fullCharacters: full.length };
  let text = full;
  let omittedTokens: number | null = null;
  if (isRecord(response)) {
    const trimmed = withoutTokens(response);
    if (trimmed.omitted > 0) {
      text = JSON.stringify(trimmed.body, null, 2);
      omittedTokens = trimmed.omitted;
    }
  }
  const cut = text.length > limit;
  return {
    text: cut ? `${text.slice(0, limit)}\n… cut at ${limit} characters` : text,
    omittedTokens,
    cut,
    fullCharacters: full.length,
  };
}

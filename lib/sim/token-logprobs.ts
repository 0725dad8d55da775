// Log probabilities for the simulated model's raw output, in OpenAI's `logprobs.content` shape
// (token, logprob, bytes, top_logprobs), so that the raw-output, confidence and lost-value views
// can be tried without a model. The tokenisation is simple and deterministic, not Gemma's: control
// tokens are one token each, letters go in pieces of up to six (an underscore starts a piece, so
// "apply_fix" is "apply" + "_fix"), digits in threes, white space runs and other characters alone.
import type { Random } from './random';
import { findToolNameSpans } from '../parsing/logprobs';

const CONTROL_TOKENS = [
  'bos',
  'eos',
  'pad',
  'escape',
  'start_of_turn',
  'end_of_turn',
  'start_function_declaration',
  'end_function_declaration',
  'start_function_call',
  'end_function_call',
  'start_function_response',
  'end_function_response',
];
const TOKEN_PATTERN = new RegExp(
  `<(?:${CONTROL_TOKENS.join('|')})>|_?[A-Za-z]{1,6}|\\d{1,3}|\\s+|[^\\sA-Za-z\\d]`,
  'gu',
);

/** Alternatives offered for tokens that are not a tool name: common pieces of the native format. */
const FILLER_TOKENS = ['<escape>', ',', ':', '}', '{', ' ', '\n', 'the', '<end_function_call>', '"', '_', 'call'];

export type SimTokenLogprob = {
  token: string;
  logprob: number;
  bytes: number[];
  top_logprobs: { token: string; logprob: number; bytes: number[] }[];
};

export function tokenize(text: string): string[] {
  return text.match(TOKEN_PATTERN) ?? [];
}

function bytesOf(token: string): number[] {
  return [...Buffer.from(token, 'utf8')];
}

function between(random: Random, low: number, high: number): number {
  return low + random.next() * (high - low);
}

/**
 * Alternatives for one position: the sampled token with its probability, then others sharing the
 * rest of the mass, most likely first; `count` entries in all (0 gives none, as vLLM gives none).
 */
function alternatives(chosen: string, probability: number, candidates: string[], count: number, random: Random) {
  if (count === 0) return [];
  const others = [...new Set(candidates.filter((candidate) => candidate !== chosen))].slice(0, count - 1);
  let rest = (1 - probability) * 0.95;
  const entries = [{ token: chosen, probability }];
  for (const token of others) {
    const share = rest * between(random, 0.4, 0.8);
    rest -= share;
    entries.push({ token, probability: share });
  }
  return entries
    .sort((left, right) => right.probability - left.probability)
    .map((entry) => ({ token: entry.token, logprob: Math.log(entry.probability), bytes: bytesOf(entry.token) }));
}

export type LogprobOptions = {
  /** Alternatives per token (0-20). */
  topLogprobs: number;
  /** The request's tool names: the other names' first tokens are the runner-ups at a name. */
  toolNames: string[];
  /** The model hesitated over the name (it invented one): its first token is much less likely. */
  unsureOfName: boolean;
};

/** One entry per token of the output; the draws come from `random` only, so equal inputs give equal entries. */
export function simulateLogprobs(rawOutput: string, options: LogprobOptions, random: Random): SimTokenLogprob[] {
  const tokens = tokenize(rawOutput);
  const nameSpans = findToolNameSpans(rawOutput);
  const entries: SimTokenLogprob[] = [];
  let offset = 0;
  for (const token of tokens) {
    const start = offset;
    offset += token.length;
    const span = nameSpans.find((candidate) => start < candidate.end && offset > candidate.start);
    let probability: number;
    let candidates: string[];
    if (span && start <= span.start) {
      // The first token of a name: where the model picks the tool.
      probability = options.unsureOfName ? between(random, 0.25, 0.6) : between(random, 0.55, 0.99);
      const lead = rawOutput.slice(start, span.start);
      candidates = options.toolNames
        .filter((name) => name !== span.name)
        .map((name) => lead + (tokenize(name)[0] ?? name));
    } else if (span) {
      probability = between(random, 0.9, 0.999);
      candidates = FILLER_TOKENS;
    } else {
      probability = between(random, 0.9, 0.9999);
      candidates = FILLER_TOKENS;
    }
    entries.push({
      token,
      logprob: Math.log(probability),
      bytes: bytesOf(token),
      top_logprobs: alternatives(token, probability, candidates, options.topLogprobs, random),
    });
  }
  return entries;
}

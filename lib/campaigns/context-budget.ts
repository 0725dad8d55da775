// Will a node fit the model's context? FunctionGemma has 32K tokens; a 7,000-line module put 240K
// characters in one request before this check. The count is an estimate that errs high: one token
// per 3 bytes of UTF-8 (Gemma's tokenizer averages nearer 4 bytes a token on Python code), so a
// node that passes does fit, and one that cannot fit even as an outline is skipped with its reason.
export const DEFAULT_CONTEXT_TOKENS = 32_768;
/** Room left for the tool results and answers of the conversation's later turns. */
export const DEFAULT_RESERVE_TOKENS = 8_192;

export function estimateTokens(text: string): number {
  return Math.ceil(Buffer.byteLength(text, 'utf8') / 3);
}

/** A class or module as its headers only: decorators, `class`/`def` lines and docstring openings, bodies elided. */
export function outlineOf(text: string): string {
  const kept: string[] = [];
  for (const line of text.split('\n')) {
    const code = line.trimStart();
    if (/^(@|class\s|def\s|async\s+def\s)/.test(code)) kept.push(line);
    else if (kept.length > 0 && !kept[kept.length - 1].trimStart().startsWith('...')) kept.push(`${line.slice(0, line.length - code.length)}...`);
  }
  return kept.join('\n');
}

export type Fit = { ok: true; outline: boolean; tokens: number } | { ok: false; reason: string };

/** Whether the node's text fits beside the fixed part of the prompt; an outline is tried for classes and modules. */
export function fitNode(node: { kind: string; text: string }, fixedTokens: number, limits: { contextTokens: number; reserveTokens: number }): Fit {
  const budget = limits.contextTokens - limits.reserveTokens - fixedTokens;
  const whole = estimateTokens(node.text);
  if (whole <= budget) return { ok: true, outline: false, tokens: whole + fixedTokens };
  // The lint agent's tools read the file from the workspace; the docstring of a class needs its shape, not every body.
  if (node.kind === 'class') {
    const outline = estimateTokens(outlineOf(node.text));
    if (outline <= budget) return { ok: true, outline: true, tokens: outline + fixedTokens };
  }
  return {
    ok: false,
    reason: `the ${node.kind} needs about ${whole + fixedTokens} tokens with the prompt, over the ${limits.contextTokens}-token context less ${limits.reserveTokens} kept for the conversation (--context-tokens)`,
  };
}

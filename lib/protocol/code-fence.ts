// Markdown code fences around a model's whole answer, which small models add around JSON and calls.

/** The opening of a markdown code fence with its optional language tag. */
const FENCE_OPENING = /^```[\w+.-]*/;
const FENCE = '```';

/**
 * The inside of one code fence around the whole (trimmed) text, else the text. Written without a regex
 * over the body, which could backtrack for long.
 */
export function stripFence(text: string): string {
  if (text.length < 2 * FENCE.length || !text.startsWith(FENCE) || !text.endsWith(FENCE)) return text;
  const opening = FENCE_OPENING.exec(text);
  const inner = text.slice(opening ? opening[0].length : FENCE.length, -FENCE.length);
  // Two fences (```a``` text ```b```) are not one fence around the content.
  return inner.includes(FENCE) ? text : inner.trim();
}

// One docstring's content whatever its style: what the parsers fill and docstring-render.ts writes.

export type DocEntry = { name: string; type: string | null; description: string };
export type DocReturn = { type: string | null; description: string };
type DocSection = { title: string; body: string };

export type DocModel = {
  summary: string;
  /** Paragraphs after the summary and before the first section. */
  description: string;
  params: DocEntry[];
  returns: DocReturn | null;
  yields: DocReturn | null;
  raises: DocEntry[];
  attributes: DocEntry[];
  /** Sections kept as written (Examples, Notes, ...). */
  other: DocSection[];
};

export type DocStyle = 'google' | 'numpy' | 'sphinx';

export const DOC_STYLES: DocStyle[] = ['google', 'numpy', 'sphinx'];

export function emptyModel(): DocModel {
  return {
    summary: '',
    description: '',
    params: [],
    returns: null,
    yields: null,
    raises: [],
    attributes: [],
    other: [],
  };
}

export function joinDescription(first: string, rest: string[]): string {
  return [first, ...rest].join('\n').trim();
}

export function setProse(model: DocModel, lines: string[]) {
  const text = lines.join('\n').trim();
  if (!text) return;
  const [summary, ...rest] = text.split(/\n\s*\n/);
  model.summary = summary.replace(/\s*\n\s*/g, ' ').trim();
  model.description = rest.join('\n\n').trim();
}

// Reads a docstring written in Google, NumPy or Sphinx style (or plain prose) into one structure,
// so that write_docstring can render it in whichever style was asked for (the structure:
// docstring-model.ts; Sphinx's fields: docstring-sphinx.ts).
import {
  type DocEntry,
  type DocReturn,
  type DocModel,
  type DocStyle,
  emptyModel,
  joinDescription,
  setProse,
} from './docstring-model';
import { parseSphinx } from './docstring-sphinx';

type SectionKind = 'params' | 'returns' | 'yields' | 'raises' | 'attributes' | 'other';

const SECTION_TITLES: Record<string, SectionKind> = {
  args: 'params',
  arguments: 'params',
  parameters: 'params',
  params: 'params',
  'keyword args': 'params',
  'keyword arguments': 'params',
  'other parameters': 'params',
  returns: 'returns',
  return: 'returns',
  yields: 'yields',
  yield: 'yields',
  raises: 'raises',
  raise: 'raises',
  exceptions: 'raises',
  attributes: 'attributes',
};

const KNOWN_OTHER_TITLES = [
  'examples',
  'example',
  'notes',
  'note',
  'warning',
  'warnings',
  'see also',
  'references',
  'todo',
];

/** inspect.cleandoc: the first line stripped, the common indentation of the others removed, blank edges dropped. */
export function cleanDocstring(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n');
  let margin = Infinity;
  for (const line of lines.slice(1)) {
    const content = line.trimStart();
    if (content) margin = Math.min(margin, line.length - content.length);
  }
  const cleaned = [
    lines[0].trim(),
    ...lines.slice(1).map((line) => (margin === Infinity ? line.trim() : line.slice(margin).trimEnd())),
  ];
  while (cleaned.length > 0 && cleaned[0] === '') cleaned.shift();
  while (cleaned.length > 0 && cleaned[cleaned.length - 1] === '') cleaned.pop();
  return cleaned.join('\n');
}

/** Removes quotes a model may have wrapped around the docstring (`"""text"""`, `r'''text'''`). */
function stripQuotes(text: string): string {
  const trimmed = text.trim();
  const match = /^[rRuU]?("""|''')([\s\S]*)\1$/.exec(trimmed);
  return match ? match[2] : trimmed;
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

/** Groups section lines into entries: a line at the section's base indentation starts one, deeper lines continue it. */
function entries(lines: string[]): { head: string; body: string[] }[] {
  const nonBlank = lines.filter((line) => line.trim() !== '');
  if (nonBlank.length === 0) return [];
  const base = Math.min(...nonBlank.map(indentOf));
  const groups: { head: string; body: string[] }[] = [];
  for (const line of lines) {
    if (line.trim() === '') {
      if (groups.length > 0) groups[groups.length - 1].body.push('');
      continue;
    }
    if (indentOf(line) <= base || groups.length === 0) groups.push({ head: line.trim(), body: [] });
    else groups[groups.length - 1].body.push(line);
  }
  // The continuation lines, dedented together (cleanDocstring ignores its first line, hence the empty one).
  return groups.map((group) => {
    const body = cleanDocstring(['', ...group.body].join('\n'));
    return { head: group.head, body: body === '' ? [] : body.split('\n') };
  });
}

/** `name (type): description` or `name: description` (Google). */
function googleEntry(head: string, body: string[]): DocEntry {
  const match = /^(\*{0,2}[\w.]+)\s*(?:\(([^)]*)\))?\s*:\s*(.*)$/.exec(head);
  if (!match) return { name: head.replace(/:$/, ''), type: null, description: joinDescription('', body) };
  const type = match[2] ? match[2].replace(/,\s*optional\s*$/i, '').trim() || null : null;
  return { name: match[1], type, description: joinDescription(match[3], body) };
}

/** A Returns/Yields entry: `type: description` when the part before the colon looks like a type. */
function googleReturn(groups: { head: string; body: string[] }[]): DocReturn {
  const [first, ...more] = groups;
  const rest = [...first.body, ...more.flatMap((group) => [group.head, ...group.body])];
  const match = /^([\w.[\], |]+?)\s*:\s+(.*)$/.exec(first.head) ?? /^([\w.[\], |]+?)\s*:$/.exec(first.head);
  if (match && !/\s/.test(match[1].replace(/,\s/g, ',').replace(/\s\|\s/g, '|')))
    return { type: match[1], description: joinDescription(match[2] ?? '', rest) };
  return { type: null, description: joinDescription(first.head, rest) };
}

/** `name : type` then an indented description (NumPy). */
function numpyEntry(head: string, body: string[]): DocEntry {
  const match = /^(\*{0,2}[\w.]+)\s*:\s*(.*)$/.exec(head);
  const description = body.join('\n').trim();
  if (!match) return { name: head, type: null, description };
  const type = match[2].replace(/,\s*optional\s*$/i, '').trim() || null;
  return { name: match[1], type, description };
}

function numpyReturn(groups: { head: string; body: string[] }[]): DocReturn {
  const first = groups[0];
  const named = /^[\w]+\s*:\s*(.+)$/.exec(first.head);
  return { type: named ? named[1].trim() : first.head, description: first.body.join('\n').trim() };
}

function addSection(model: DocModel, kind: SectionKind, title: string, lines: string[], style: 'google' | 'numpy') {
  const groups = entries(lines);
  if (kind === 'other') {
    model.other.push({ title, body: cleanDocstring(['', ...lines].join('\n')) });
    return;
  }
  if (groups.length === 0) return;
  const entry = style === 'google' ? googleEntry : numpyEntry;
  if (kind === 'params') model.params.push(...groups.map((group) => entry(group.head, group.body)));
  else if (kind === 'attributes') model.attributes.push(...groups.map((group) => entry(group.head, group.body)));
  else if (kind === 'raises') {
    model.raises.push(
      ...groups.map((group) => {
        const parsed = entry(group.head, group.body);
        // "ValueError" alone (NumPy) or "ValueError: when..." (Google): the name is the exception type.
        return { name: parsed.name, type: null, description: parsed.description };
      }),
    );
  } else {
    const value = style === 'google' ? googleReturn(groups) : numpyReturn(groups);
    if (kind === 'returns') model.returns = value;
    else model.yields = value;
  }
}

function sectionKind(title: string): SectionKind | null {
  const key = title.trim().toLowerCase();
  if (key in SECTION_TITLES) return SECTION_TITLES[key];
  return KNOWN_OTHER_TITLES.includes(key) ? 'other' : null;
}

function parseSectioned(lines: string[], style: 'google' | 'numpy'): DocModel {
  const model = emptyModel();
  const prose: string[] = [];
  let current: { kind: SectionKind; title: string; lines: string[] } | null = null;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    let title: string | null = null;
    if (style === 'google') {
      const match = /^\s*([A-Za-z][A-Za-z ]*):\s*$/.exec(line);
      if (match && sectionKind(match[1]) !== null) title = match[1];
    } else if (index + 1 < lines.length && /^\s*-{3,}\s*$/.test(lines[index + 1]) && line.trim() !== '') {
      title = line.trim();
      index++;
    }
    if (title !== null) {
      if (current) addSection(model, current.kind, current.title, current.lines, style);
      current = { kind: sectionKind(title) ?? 'other', title, lines: [] };
    } else if (current) {
      current.lines.push(line);
    } else {
      prose.push(line);
    }
  }
  if (current) addSection(model, current.kind, current.title, current.lines, style);
  setProse(model, prose);
  return model;
}

export type DetectedStyle = DocStyle | 'plain';

export function detectStyle(text: string): DetectedStyle {
  const lines = text.split('\n');
  if (lines.some((line) => /^\s*:(param|parameter|arg|type|returns?|rtype|raises?|yields?|ivar)\b[^:]*:/.test(line)))
    return 'sphinx';
  if (lines.some((line, index) => index > 0 && /^\s*-{3,}\s*$/.test(line) && sectionKind(lines[index - 1]) !== null))
    return 'numpy';
  if (
    lines.some((line) => {
      const match = /^\s*([A-Za-z][A-Za-z ]*):\s*$/.exec(line);
      return match !== null && sectionKind(match[1]) !== null;
    })
  )
    return 'google';
  return 'plain';
}

/** Parses a docstring in any of the three styles, or plain prose. */
export function parseDocstring(text: string): { style: DetectedStyle; model: DocModel } {
  const cleaned = cleanDocstring(stripQuotes(text));
  const style = detectStyle(cleaned);
  const lines = cleaned.split('\n');
  if (style === 'sphinx') return { style, model: parseSphinx(lines) };
  if (style === 'numpy' || style === 'google') return { style, model: parseSectioned(lines, style) };
  const model = emptyModel();
  setProse(model, lines);
  return { style, model };
}

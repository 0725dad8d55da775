// Finds tools described in a system prompt, for requests that carry no `tools` parameter (the old
// injection of schemas as text). Three readings, first that finds anything wins:
// 1. JSON in the text: every balanced {...} or [...] that parses and holds tool-like objects,
//    either OpenAI's {"type": "function", "function": {name, description, parameters}} or a bare
//    {"name", "parameters"|"description"} (what the seed harness dumped with json.dumps);
// 2. native declarations `declaration:NAME{` (a prompt rendered in FunctionGemma's format);
// 3. `"name": "NAME"` pairs in JSON that did not parse (truncated or hand-edited).
// Names found the second or third way come without a schema, so their calls have no arguments.
import type { ToolSpec } from '../protocol/messages';
import { parseJson } from '../protocol/json';
import { isRecord } from '../protocol/records';

const MAX_SCANNED_CHARACTERS = 200_000;
const CACHE_LIMIT = 64;
const cache = new Map<string, ToolSpec[]>();

function toolFrom(value: unknown): ToolSpec | null {
  if (!isRecord(value)) return null;
  const holder = isRecord(value.function) ? value.function : value;
  const name = holder.name;
  if (typeof name !== 'string' || !/^[\w.-]+$/.test(name)) return null;
  // A bare {"name": ...} is any object; it counts as a tool only with a schema or a description.
  if (holder === value && !isRecord(value.parameters) && typeof value.description !== 'string') return null;
  return {
    type: 'function',
    function: {
      name,
      description: typeof holder.description === 'string' ? holder.description : '',
      parameters: isRecord(holder.parameters) ? holder.parameters : { type: 'object', properties: {} },
    },
  };
}

/** Index just past the bracket that closes the one at `start`, or -1. Strings are skipped. */
function closingIndex(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index += 1) {
    const character = text[index];
    if (inString) {
      if (character === '\\') index += 1;
      else if (character === '"') inString = false;
    } else if (character === '"') inString = true;
    else if (character === '{' || character === '[') depth += 1;
    else if (character === '}' || character === ']') {
      depth -= 1;
      if (depth === 0) return index + 1;
    }
  }
  return -1;
}

function toolsFromJson(text: string): ToolSpec[] {
  const tools: ToolSpec[] = [];
  const opening = /[{[]/g;
  let index = 0;
  while (index < text.length) {
    opening.lastIndex = index;
    const open = opening.exec(text);
    if (open === null) break;
    const start = open.index;
    const end = closingIndex(text, start);
    if (end === -1) break;
    const parsed = parseJson(text.slice(start, end));
    const candidates = parsed.ok ? (Array.isArray(parsed.value) ? parsed.value : [parsed.value]) : [];
    const found = candidates.map(toolFrom).filter((tool): tool is ToolSpec => tool !== null);
    if (found.length > 0) {
      tools.push(...found);
      index = end;
    } else {
      // Not a tool list: look inside it (a wrapper object may hold one).
      index = start + 1;
    }
  }
  return tools;
}

function toolsFromNames(names: Iterable<string>): ToolSpec[] {
  return [...new Set(names)].map((name) => ({
    type: 'function',
    function: { name, description: '', parameters: { type: 'object', properties: {} } },
  }));
}

function extract(text: string): ToolSpec[] {
  const scanned = text.slice(0, MAX_SCANNED_CHARACTERS);
  const fromJson = toolsFromJson(scanned);
  if (fromJson.length > 0) {
    const seen = new Set<string>();
    return fromJson.filter((tool) => !seen.has(tool.function.name) && seen.add(tool.function.name));
  }
  const declared = [...scanned.matchAll(/declaration:([\w.-]+)\{/g)].map((match) => match[1]);
  if (declared.length > 0) return toolsFromNames(declared);
  return toolsFromNames([...scanned.matchAll(/"name"\s*:\s*"([A-Za-z_][\w.-]*)"/g)].map((match) => match[1]));
}

/** The tools a system prompt describes; [] when it describes none. Cached, as one prompt serves many requests. */
export function toolsFromSystemPrompt(text: string): ToolSpec[] {
  const cached = cache.get(text);
  if (cached) return cached;
  const tools = extract(text);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(text, tools);
  return tools;
}

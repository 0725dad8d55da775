// Small helpers to write GBNF, llama.cpp's grammar format (its grammars/README.md): quoted literals,
// character classes, token references, and a rule set that names rules uniquely.

/** A literal that matches `text` character by character. */
export function literal(text: string): string {
  let body = '';
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (character === '"') body += '\\"';
    else if (character === '\\') body += '\\\\';
    else if (code >= 0x20 && code < 0x7f) body += character;
    else if (code <= 0xffff) body += `\\u${code.toString(16).padStart(4, '0')}`;
    else body += `\\U${code.toString(16).padStart(8, '0')}`;
  }
  return `"${body}"`;
}

function classCharacter(character: string): string {
  const code = character.codePointAt(0) ?? 0;
  if (character === ']' || character === '\\' || character === '^' || character === '-' || character === '[')
    return `\\${character}`;
  if (code >= 0x20 && code < 0x7f) return character;
  if (code <= 0xffff) return `\\u${code.toString(16).padStart(4, '0')}`;
  return `\\U${code.toString(16).padStart(8, '0')}`;
}

/** `[abc]`, or `[^abc]` when `negated`. */
export function characterClass(characters: Iterable<string>, negated = false): string {
  let body = '';
  for (const character of characters) body += classCharacter(character);
  return `[${negated ? '^' : ''}${body}]`;
}

/** Matches exactly one token by id (`<[id]>`), whatever its text; text can never spell it. */
export function tokenReference(id: number): string {
  if (!Number.isInteger(id) || id < 0) throw new Error(`not a token id: ${id}`);
  return `<[${id}]>`;
}

/** Rules with unique names; the same definition asked for twice gets the same rule. */
export class RuleSet {
  private readonly definitions = new Map<string, string>();
  private readonly byBody = new Map<string, string>();

  /** Adds (or reuses) a rule with this body; returns its name. */
  add(hint: string, body: string): string {
    const existing = this.byBody.get(body);
    if (existing) return existing;
    const name = this.reserve(hint);
    this.define(name, body);
    return name;
  }

  /** A fresh name, for rules that refer to themselves before their body is known. */
  reserve(hint: string): string {
    const base =
      hint
        .replace(/[^A-Za-z0-9-]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .toLowerCase() || 'rule';
    let name = base;
    for (let counter = 2; this.definitions.has(name); counter += 1) name = `${base}-${counter}`;
    this.definitions.set(name, '');
    return name;
  }

  define(name: string, body: string): void {
    this.definitions.set(name, body);
    if (!this.byBody.has(body)) this.byBody.set(body, name);
  }

  has(name: string): boolean {
    return this.definitions.has(name);
  }

  /** The grammar text, `root` first. */
  format(): string {
    const lines: string[] = [];
    const root = this.definitions.get('root');
    if (root !== undefined) lines.push(`root ::= ${root}`);
    for (const [name, body] of this.definitions) if (name !== 'root') lines.push(`${name} ::= ${body}`);
    return `${lines.join('\n')}\n`;
  }
}

// A GBNF grammar for values of a JSON Schema, in a call syntax's own spelling of values: strings,
// numbers, booleans, null, [arrays] and {objects}, enums as their allowed values, required
// properties always written and optional ones maybe, in one fixed order. FunctionGemma's native
// values (native-grammar.ts) and Python literals (pythonic-grammar.ts) are two syntaxes of it.
import { RuleSet, literal } from './gbnf';
import { isRecord } from '../protocol/records';
import type { JsonSchema } from '../protocol/messages';

/** How a call syntax spells values; every field is GBNF. */
export type ValueSyntax = {
  /** The body of the string rule (it may add rules of its own). */
  string(rules: RuleSet): string;
  boolean: string;
  constantBoolean(value: boolean): string;
  null: string;
  /** Between array items and object members. */
  separator: string;
  /** An object member's key and what follows it up to the value ("name:" or "\"name\": "). */
  key(name: string): string;
  /** A free-form object's key up to its value, given the string rule. */
  anyKey(stringRule: string): string;
  /** A fixed string (enum entry or const); null when the syntax cannot write it. */
  constantString(value: string): string | null;
  /** The order the properties are written in. */
  keyOrder(keys: string[]): string[];
};

const MAX_DEPTH = 16;

function schemaTypes(schema: JsonSchema): string[] {
  const type = schema.type;
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type.filter((entry): entry is string => typeof entry === 'string');
  return [];
}

export class ValueGrammarBuilder {
  readonly rules = new RuleSet();
  private stringRule: string | null = null;
  private anyValueRule: string | null = null;
  private anyMemberRule = '';

  constructor(readonly syntax: ValueSyntax) {}

  string(): string {
    this.stringRule ??= this.rules.add('string', this.syntax.string(this.rules));
    return this.stringRule;
  }

  integer(): string {
    return this.rules.add('integer', '"-"? ([0-9] | [1-9] [0-9]{1,15})');
  }

  number(): string {
    return this.rules.add('number', `${this.integer()} ("." [0-9]{1,16})? ([eE] [-+]? [0-9]{1,2})?`);
  }

  boolean(): string {
    return this.rules.add('boolean', this.syntax.boolean);
  }

  /** Any value at all: used where the schema says nothing (no type, or a free-form object). */
  anyValue(): string {
    if (this.anyValueRule) return this.anyValueRule;
    const value = this.rules.reserve('any-value');
    this.anyValueRule = value;
    const array = this.rules.add('any-array', `"[" (${value} (${this.syntax.separator} ${value})*)? "]"`);
    const key = this.rules.add('any-key', this.syntax.anyKey(this.string()));
    const member = this.rules.add('any-member', `${key} ${value}`);
    this.anyMemberRule = member;
    const comma = this.syntax.separator;
    const object = this.rules.add('any-object', `"{" (${member} (${comma} ${member})*)? "}"`);
    this.rules.define(
      value,
      `${this.string()} | ${this.number()} | ${this.boolean()} | ${this.syntax.null} | ${array} | ${object}`,
    );
    return value;
  }

  /** A fixed value (enum entry or const) in the syntax; null when it cannot be written in it. */
  constant(value: unknown): string | null {
    if (typeof value === 'string') return this.syntax.constantString(value);
    if (typeof value === 'number') return Number.isFinite(value) ? literal(String(value)) : null;
    if (typeof value === 'boolean') return this.syntax.constantBoolean(value);
    if (value === null) return this.syntax.null;
    const comma = this.syntax.separator;
    if (Array.isArray(value)) {
      const items = value.map((item) => this.constant(item));
      if (items.some((item) => item === null)) return null;
      return items.length === 0 ? '"[]"' : `"[" ${items.join(` ${comma} `)} "]"`;
    }
    if (isRecord(value)) {
      const fields: string[] = [];
      for (const key of this.syntax.keyOrder(Object.keys(value))) {
        const item = this.constant(value[key]);
        if (item === null) return null;
        fields.push(`${this.syntax.key(key)} ${item}`);
      }
      return fields.length === 0 ? '"{}"' : `"{" ${fields.join(` ${comma} `)} "}"`;
    }
    return null;
  }

  /** The grammar expression (a rule name or a short sequence) for a value of this schema. */
  value(schema: unknown, hint: string, depth = 0): string {
    if (!isRecord(schema) || depth > MAX_DEPTH) return this.anyValue();
    if (Array.isArray(schema.enum) && schema.enum.length > 0) {
      const choices = [
        ...new Set(schema.enum.map((entry) => this.constant(entry)).filter((entry): entry is string => entry !== null)),
      ];
      if (choices.length > 0) return this.rules.add(`${hint}-enum`, choices.join(' | '));
    }
    if ('const' in schema) {
      const fixed = this.constant(schema.const);
      if (fixed !== null) return this.rules.add(`${hint}-const`, fixed);
    }
    const variants = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : null;
    if (variants && variants.length > 0) {
      return this.rules.add(
        `${hint}-choice`,
        variants.map((variant, index) => this.value(variant, `${hint}-${index}`, depth + 1)).join(' | '),
      );
    }
    const types = schemaTypes(schema);
    if (types.length === 0) return isRecord(schema.properties) ? this.object(schema, hint, depth) : this.anyValue();
    const alternatives = [...new Set(types.map((type) => this.typed(type, schema, hint, depth)))];
    return alternatives.length === 1 ? alternatives[0] : this.rules.add(`${hint}-types`, alternatives.join(' | '));
  }

  private typed(type: string, schema: Record<string, unknown>, hint: string, depth: number): string {
    switch (type) {
      case 'string':
        return this.string();
      case 'integer':
        return this.integer();
      case 'number':
        return this.number();
      case 'boolean':
        return this.boolean();
      case 'null':
        return this.syntax.null;
      case 'array':
        return this.array(schema, hint, depth);
      case 'object':
        return this.object(schema, hint, depth);
      default:
        return this.anyValue();
    }
  }

  private array(schema: Record<string, unknown>, hint: string, depth: number): string {
    const item = this.value(schema.items, `${hint}-item`, depth + 1);
    const minimum = typeof schema.minItems === 'number' && schema.minItems > 0 ? Math.floor(schema.minItems) : 0;
    const maximum =
      typeof schema.maxItems === 'number' && schema.maxItems >= Math.max(1, minimum)
        ? Math.floor(schema.maxItems)
        : null;
    if (maximum === 0 || (typeof schema.maxItems === 'number' && schema.maxItems === 0))
      return this.rules.add(`${hint}-array`, '"[]"');
    // Past a small bound, GBNF repetition would unroll into too many rules: such bounds are left to the schema check.
    const bounded = maximum !== null && maximum <= 32;
    const more = bounded
      ? `{${Math.max(0, minimum - 1)},${maximum - 1}}`
      : minimum > 1 && minimum <= 32
        ? `{${minimum - 1},}`
        : '*';
    const items = `${item} (${this.syntax.separator} ${item})${more}`;
    return this.rules.add(`${hint}-array`, minimum > 0 ? `"[" ${items} "]"` : `"[" (${items})? "]"`);
  }

  /** `{` the properties in the syntax's order, required ones always, optional ones maybe `}`. */
  object(schema: Record<string, unknown>, hint: string, depth: number): string {
    const body = this.members(schema, hint, depth, (key) => this.syntax.key(key));
    if (body === null) {
      this.anyValue();
      const member = this.anyMemberRule;
      const comma = this.syntax.separator;
      return this.rules.add(`${hint}-object`, `"{" (${member} (${comma} ${member})*)? "}"`);
    }
    return this.rules.add(`${hint}-object`, body === '' ? '"{}"' : `"{" ${body} "}"`);
  }

  /**
   * The listed properties of an object schema, each `keyOf(name) value`, separated by the syntax's
   * separator: the text between the braces ('' when every one may be left out and none is listed
   * as required... or none exists), null when the schema lists no properties (a free-form object).
   */
  members(
    schema: Record<string, unknown>,
    hint: string,
    depth: number,
    keyOf: (name: string) => string,
  ): string | null {
    const properties = isRecord(schema.properties) ? schema.properties : null;
    if (!properties || Object.keys(properties).length === 0) return null;
    const required = new Set(
      Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : [],
    );
    const keys = this.syntax.keyOrder(Object.keys(properties));
    const members = keys.map((key) => `${keyOf(key)} ${this.value(properties[key], `${hint}-${key}`, depth + 1)}`);
    return this.optionalRun(keys, members, required, hint);
  }

  /**
   * The members from `index` on, given whether one was written already (then a comma comes first).
   * Each optional member either appears or is skipped, so a rule per (index, written) pair keeps
   * the grammar linear in the number of properties.
   */
  private optionalRun(keys: string[], members: string[], required: Set<string>, hint: string): string {
    const cache = new Map<string, string>();
    const from = (index: number, written: boolean): string => {
      if (index >= keys.length) return '';
      const cacheKey = `${index}:${written}`;
      const cached = cache.get(cacheKey);
      if (cached !== undefined) return cached;
      const withThis = [written ? this.syntax.separator : '', members[index], from(index + 1, true)]
        .filter(Boolean)
        .join(' ');
      let body: string;
      if (required.has(keys[index])) body = withThis;
      else {
        const without = from(index + 1, written);
        body = without === '' ? `(${withThis})?` : `(${withThis}) | ${without}`;
      }
      const name = this.rules.add(`${hint}-from-${index}${written ? '-more' : ''}`, body);
      cache.set(cacheKey, name);
      return name;
    };
    return from(0, false);
  }
}

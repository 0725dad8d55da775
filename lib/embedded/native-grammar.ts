// A GBNF grammar that only admits one FunctionGemma call in the model's own format:
//   <start_function_call>call:NAME{key:value,...}<end_function_call>
// for the given tools, each argument written the native way for its JSON Schema type: strings as
// <escape>...<escape> with no <escape> inside, bare numbers, integers and booleans, enums as their
// allowed values, [arrays], {nested:objects}. Required properties are always written; properties
// come in the order the model's template sorts them (one fixed order, as the model was trained on).
// Control tokens are matched by token id, so text can never spell them.
import type { JsonSchema, ToolSpec } from '../protocol/messages';
import { sortKeysLikeTemplate } from '../families/functiongemma/encode';
import { RuleSet, literal, tokenReference } from './gbnf';
import { addStringContentRules } from './string-content-grammar';
import { PROMPT_CONTROL_TOKENS } from '../protocol/functiongemma-tokens';
import { isRecord } from '../protocol/records';

export type GrammarTokenIds = { startFunctionCall: number; endFunctionCall: number; escape: number };

/**
 * Words a string value must not contain (see string-content-grammar.ts): every control token of
 * FunctionGemma's vocabulary (Gemma 3's, with some unused tokens given the function-calling roles).
 * `<escape>` may only close the string; `<unused` stands for Gemma's `<unused0>`...`<unused98>`.
 */
export const FORBIDDEN_IN_STRINGS = [
  ...PROMPT_CONTROL_TOKENS,
  '<unk>',
  '<mask>',
  '<start_of_image>',
  '<end_of_image>',
  '<image_soft_token>',
  '[multimodal]',
  '<unused',
];

const BARE_KEY = /^[\w.-]+$/;
const MAX_DEPTH = 16;

function schemaTypes(schema: JsonSchema): string[] {
  const type = schema.type;
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type.filter((entry): entry is string => typeof entry === 'string');
  return [];
}

class NativeGrammarBuilder {
  readonly rules = new RuleSet();
  private readonly escape: string;
  private stringRule: string | null = null;
  private anyValueRule: string | null = null;
  private anyMemberRule = '';

  constructor(readonly tokens: GrammarTokenIds) {
    this.escape = tokenReference(tokens.escape);
  }

  /** `<escape>` content `<escape>` */
  string(): string {
    if (!this.stringRule) {
      const content = addStringContentRules(this.rules, FORBIDDEN_IN_STRINGS, 'string-char');
      this.stringRule = this.rules.add('string', `${this.escape} ${content} ${this.escape}`);
    }
    return this.stringRule;
  }

  integer(): string {
    return this.rules.add('integer', '"-"? ([0-9] | [1-9] [0-9]{1,15})');
  }

  number(): string {
    return this.rules.add('number', `${this.integer()} ("." [0-9]{1,16})? ([eE] [-+]? [0-9]{1,2})?`);
  }

  boolean(): string {
    return this.rules.add('boolean', '"true" | "false"');
  }

  /** A key as the format writes it: bare when it is a word, else as an escaped string. */
  key(name: string): string {
    return BARE_KEY.test(name) ? literal(`${name}:`) : `${this.escape} ${literal(name)} ${this.escape} ":"`;
  }

  /** Any value at all: used where the schema says nothing (no type, or a free-form object). */
  anyValue(): string {
    if (this.anyValueRule) return this.anyValueRule;
    const value = this.rules.reserve('any-value');
    this.anyValueRule = value;
    const array = this.rules.add('any-array', `"[" (${value} ("," ${value})*)? "]"`);
    const key = this.rules.add('any-key', `[A-Za-z0-9_.-]+`);
    const member = this.rules.add('any-member', `${key} ":" ${value}`);
    this.anyMemberRule = member;
    const object = this.rules.add('any-object', `"{" (${member} ("," ${member})*)? "}"`);
    this.rules.define(value, `${this.string()} | ${this.number()} | ${this.boolean()} | "null" | ${array} | ${object}`);
    return value;
  }

  /** A fixed value (enum entry or const) in native syntax. */
  constant(value: unknown): string | null {
    // A value holding a word that ends a string or a call cannot be written in the format.
    if (typeof value === 'string')
      return FORBIDDEN_IN_STRINGS.some((word) => value.includes(word))
        ? null
        : `${this.escape} ${literal(value)} ${this.escape}`;
    if (typeof value === 'number') return Number.isFinite(value) ? literal(String(value)) : null;
    if (typeof value === 'boolean') return literal(String(value));
    if (value === null) return '"null"';
    if (Array.isArray(value)) {
      const items = value.map((item) => this.constant(item));
      if (items.some((item) => item === null)) return null;
      return items.length === 0 ? '"[]"' : `"[" ${items.join(' "," ')} "]"`;
    }
    if (isRecord(value)) {
      const fields: string[] = [];
      for (const key of sortKeysLikeTemplate(Object.keys(value))) {
        const item = this.constant(value[key]);
        if (item === null) return null;
        fields.push(`${this.key(key)} ${item}`);
      }
      return fields.length === 0 ? '"{}"' : `"{" ${fields.join(' "," ')} "}"`;
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
        return '"null"';
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
    const items = `${item} ("," ${item})${more}`;
    return this.rules.add(`${hint}-array`, minimum > 0 ? `"[" ${items} "]"` : `"[" (${items})? "]"`);
  }

  /** `{` the properties in template order, required ones always, optional ones maybe `}`. */
  object(schema: Record<string, unknown>, hint: string, depth: number): string {
    const properties = isRecord(schema.properties) ? schema.properties : null;
    if (!properties || Object.keys(properties).length === 0) {
      this.anyValue();
      const member = this.anyMemberRule;
      return this.rules.add(`${hint}-object`, `"{" (${member} ("," ${member})*)? "}"`);
    }
    const required = new Set(
      Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : [],
    );
    const keys = sortKeysLikeTemplate(Object.keys(properties));
    const members = keys.map((key) => `${this.key(key)} ${this.value(properties[key], `${hint}-${key}`, depth + 1)}`);
    const body = this.members(keys, members, required, hint);
    return this.rules.add(`${hint}-object`, body === '' ? '"{}"' : `"{" ${body} "}"`);
  }

  /**
   * The members from `index` on, given whether one was written already (then a comma comes first).
   * Each optional member either appears or is skipped, so a rule per (index, written) pair keeps
   * the grammar linear in the number of properties.
   */
  private members(keys: string[], members: string[], required: Set<string>, hint: string): string {
    const cache = new Map<string, string>();
    const from = (index: number, written: boolean): string => {
      if (index >= keys.length) return '';
      const cacheKey = `${index}:${written}`;
      const cached = cache.get(cacheKey);
      if (cached !== undefined) return cached;
      const withThis = [written ? '","' : '', members[index], from(index + 1, true)].filter(Boolean).join(' ');
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

/** The native parser reads a function name as word characters, dots and dashes only. */
export function isCallableName(name: string): boolean {
  return /^[\w.-]+$/.test(name);
}

/**
 * The grammar for one call to any of `tools` (the caller passes one tool for a named tool choice).
 * Tools whose names the native parser could not read are left out. Returns null when no tool is left.
 */
export function buildCallGrammar(allTools: ToolSpec[], tokens: GrammarTokenIds): string | null {
  const tools = allTools.filter((tool) => isCallableName(tool.function.name));
  if (tools.length === 0) return null;
  const builder = new NativeGrammarBuilder(tokens);
  const calls = tools.map((tool, index) => {
    const parameters = tool.function.parameters;
    const hasProperties =
      isRecord(parameters) && isRecord(parameters.properties) && Object.keys(parameters.properties).length > 0;
    const argumentsRule = hasProperties ? builder.object(parameters, `tool-${index}`, 0) : '"{}"';
    return builder.rules.add(`call-${index}`, `${literal(`${tool.function.name}`)} ${argumentsRule}`);
  });
  const choice = builder.rules.add('call', calls.join(' | '));
  builder.rules.define(
    'root',
    `${tokenReference(tokens.startFunctionCall)} "call:" ${choice} ${tokenReference(tokens.endFunctionCall)}`,
  );
  return builder.rules.format();
}

// A GBNF grammar that only admits one FunctionGemma call in the model's own format:
//   <start_function_call>call:NAME{key:value,...}<end_function_call>
// for the given tools, each argument written the native way for its JSON Schema type: strings as
// <escape>...<escape> with no <escape> inside, bare numbers, integers and booleans, enums as their
// allowed values, [arrays], {nested:objects}. Required properties are always written; properties
// come in the order the model's template sorts them (one fixed order, as the model was trained on).
// Control tokens are matched by token id, so text can never spell them.
import type { ToolSpec } from '../protocol/messages';
import { sortKeysLikeTemplate } from '../families/functiongemma/encode';
import { literal, tokenReference } from './gbnf';
import { ValueGrammarBuilder, type ValueSyntax } from './value-grammar';
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

/** FunctionGemma's values: strings between <escape> tokens, bare numbers and booleans, `key:value`. */
function nativeSyntax(tokens: GrammarTokenIds): ValueSyntax {
  const escape = tokenReference(tokens.escape);
  // A key as the format writes it: bare when it is a word, else as an escaped string.
  const key = (name: string) =>
    BARE_KEY.test(name) ? literal(`${name}:`) : `${escape} ${literal(name)} ${escape} ":"`;
  return {
    string: (rules) => `${escape} ${addStringContentRules(rules, FORBIDDEN_IN_STRINGS, 'string-char')} ${escape}`,
    boolean: '"true" | "false"',
    constantBoolean: (value) => literal(String(value)),
    null: '"null"',
    separator: '","',
    key,
    anyKey: () => '[A-Za-z0-9_.-]+ ":"',
    // A value holding a word that ends a string or a call cannot be written in the format.
    constantString: (value) =>
      FORBIDDEN_IN_STRINGS.some((word) => value.includes(word)) ? null : `${escape} ${literal(value)} ${escape}`,
    keyOrder: sortKeysLikeTemplate,
  };
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
  const builder = new ValueGrammarBuilder(nativeSyntax(tokens));
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

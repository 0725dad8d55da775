// A GBNF grammar that only admits a pythonic call list, `[name(key=value, ...)]`, for the given
// tools: values as Python literals for their schema type (double-quoted strings with JSON's
// escapes, which Python reads the same, numbers, True/False, None, [lists], {"dicts": ...}).
// Only identifiers can be written as `name(` and `key=`, so other tools are left out.
import type { ToolSpec } from '../protocol/messages';
import { isRecord } from '../protocol/records';
import { literal } from './gbnf';
import { addStringContentRules } from './string-content-grammar';
import { ValueGrammarBuilder, type ValueSyntax } from './value-grammar';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

function pythonSyntax(forbiddenInStrings: string[]): ValueSyntax {
  const quoted = (text: string) => literal(JSON.stringify(text));
  return {
    string: (rules) => `"\\"" ${addStringContentRules(rules, forbiddenInStrings, 'py-str', true)} "\\""`,
    boolean: '"True" | "False"',
    constantBoolean: (value) => (value ? '"True"' : '"False"'),
    null: '"None"',
    separator: '", "',
    key: (name) => literal(`${JSON.stringify(name)}: `),
    anyKey: (stringRule) => `${stringRule} ": "`,
    constantString: (value) => (forbiddenInStrings.some((word) => value.includes(word)) ? null : quoted(value)),
    keyOrder: (keys) => keys,
  };
}

/** A tool the syntax can call: its name and every property name are Python identifiers. */
export function isPythonCallable(tool: ToolSpec): boolean {
  const parameters = tool.function.parameters;
  const names = isRecord(parameters) && isRecord(parameters.properties) ? Object.keys(parameters.properties) : [];
  return IDENTIFIER.test(tool.function.name) && names.every((name) => IDENTIFIER.test(name));
}

/** The grammar for a one-call list to any of `tools`; null when none can be called this way. */
export function buildPythonicCallGrammar(allTools: ToolSpec[], forbiddenInStrings: string[]): string | null {
  const tools = allTools.filter(isPythonCallable);
  if (tools.length === 0) return null;
  const builder = new ValueGrammarBuilder(pythonSyntax(forbiddenInStrings));
  const calls = tools.map((tool, index) => {
    const parameters = tool.function.parameters;
    const body = isRecord(parameters)
      ? builder.members(parameters, `tool-${index}`, 0, (key) => literal(`${key}=`))
      : null;
    return builder.rules.add(`call-${index}`, `${literal(`${tool.function.name}(`)} ${body || '""'} ")"`);
  });
  const choice = builder.rules.add('call', calls.join(' | '));
  builder.rules.define('root', `"[" ${choice} "]"`);
  return builder.rules.format();
}

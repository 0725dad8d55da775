// The simulated model's arguments: values drawn from each tool's JSON schema, with strings taken
// from the user's text, and the ways a model breaks a schema.
import type { JsonSchema } from '../protocol/messages';
import type { Random } from './random';
import { isRecord } from '../protocol/records';

export type GenerationContext = {
  random: Random;
  /** Words of the user's latest message, control-token-like tags removed. */
  words: string[];
  /** Path-like words (`src/app.py`, `config.yaml`) from the same text. */
  paths: string[];
};

const MAX_DEPTH = 4;
const TAG_PATTERN = /<[^<>\s]{1,40}>/g;
const PATH_PATTERN = /^[\w./-]*[\w-]\.[A-Za-z0-9]{1,8}$/;

export function makeGenerationContext(userText: string, random: Random): GenerationContext {
  const words = userText
    .replace(TAG_PATTERN, ' ')
    .split(/\s+/)
    .filter((word) => word !== '');
  const paths = words
    .map((word) => word.replace(/^[`'"(]+|[`'"),:;]+$/g, ''))
    .filter((word) => PATH_PATTERN.test(word));
  return { random, words, paths };
}

function typeOf(schema: JsonSchema): string {
  const type = schema.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) {
    const first = type.find((entry) => entry !== 'null');
    if (typeof first === 'string') return first;
  }
  if (isRecord(schema.properties)) return 'object';
  if (isRecord(schema.items)) return 'array';
  return 'string';
}

function stringValue(name: string, context: GenerationContext): string {
  const { random, words, paths } = context;
  if (/path|file|dir|folder/i.test(name) && paths.length > 0) return random.pick(paths);
  if (words.length === 0) return name;
  const length = random.integer(1, Math.min(5, words.length));
  const start = random.integer(0, words.length - length);
  return words
    .slice(start, start + length)
    .join(' ')
    .slice(0, 80);
}

function numberInRange(schema: JsonSchema, integer: boolean, random: Random): number {
  const minimum =
    typeof schema.minimum === 'number'
      ? schema.minimum
      : typeof schema.exclusiveMinimum === 'number'
        ? schema.exclusiveMinimum + 1
        : 0;
  const maximumGiven =
    typeof schema.maximum === 'number'
      ? schema.maximum
      : typeof schema.exclusiveMaximum === 'number'
        ? schema.exclusiveMaximum - 1
        : null;
  const maximum = maximumGiven !== null && maximumGiven >= minimum ? maximumGiven : minimum + 100;
  if (integer) return random.integer(Math.ceil(minimum), Math.max(Math.ceil(minimum), Math.floor(maximum)));
  return Math.round((minimum + random.next() * (maximum - minimum)) * 10) / 10;
}

function generateValue(schema: JsonSchema, name: string, context: GenerationContext, depth = 0): unknown {
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return context.random.pick(schema.enum);
  const alternatives = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : null;
  if (alternatives && isRecord(alternatives[0])) return generateValue(alternatives[0], name, context, depth);
  if (depth > MAX_DEPTH) return stringValue(name, context);
  switch (typeOf(schema)) {
    case 'integer':
      return numberInRange(schema, true, context.random);
    case 'number':
      return numberInRange(schema, false, context.random);
    case 'boolean':
      return context.random.chance(0.5);
    case 'null':
      return null;
    case 'array': {
      const items = isRecord(schema.items) ? schema.items : {};
      const least = Math.max(1, typeof schema.minItems === 'number' ? schema.minItems : 1);
      const most = Math.max(least, Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : 3, least + 2));
      return Array.from({ length: context.random.integer(least, most) }, () =>
        generateValue(items, name, context, depth + 1),
      );
    }
    case 'object':
      return generateArguments(schema, context, depth + 1);
    default:
      return stringValue(name, context);
  }
}

/** Every required property, and each optional one with even odds. */
export function generateArguments(schema: JsonSchema, context: GenerationContext, depth = 0): Record<string, unknown> {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const result: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties)) {
    if (!required.has(name) && !context.random.chance(0.5)) continue;
    result[name] = generateValue(isRecord(property) ? property : {}, name, context, depth);
  }
  return result;
}

type Breakage = () => void;

/**
 * Breaks the arguments against the schema the way a small model does: a required argument left
 * out, a value of the wrong type that no coercion can fix, a value outside the enum. Returns false
 * when the schema leaves no way to break them.
 */
export function breakArguments(schema: JsonSchema, args: Record<string, unknown>, random: Random): boolean {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const breakages: Breakage[] = [];
  for (const name of Array.isArray(schema.required) ? schema.required : []) {
    if (typeof name === 'string' && name in args) breakages.push(() => delete args[name]);
  }
  for (const [name, property] of Object.entries(properties)) {
    if (!isRecord(property)) continue;
    if (Array.isArray(property.enum) && property.enum.length > 0) {
      breakages.push(() => (args[name] = `not_${String(property.enum && (property.enum as unknown[])[0])}_or_other`));
      continue;
    }
    const type = typeOf(property);
    if (type === 'integer' || type === 'number') breakages.push(() => (args[name] = 'several'));
    else if (type === 'boolean') breakages.push(() => (args[name] = 'maybe'));
    else if (type === 'string') breakages.push(() => (args[name] = { text: 'nested' }));
  }
  if (breakages.length === 0) return false;
  random.pick(breakages)();
  return true;
}

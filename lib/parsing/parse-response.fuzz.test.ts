// parseResponse reads whatever a server sends: random and mutated messages must give a result, never an exception.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseResponse } from './parse-response';
import { messageFromBody } from './response-message';
import { parseJson } from '../protocol/json';
import { ALL_PARSE_PATHS, type ParseResult } from './types';
import { FAMILY_PARSE_PATHS } from '../families/family';

function randomGenerator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

const FRAGMENTS = [
  '<start_function_call>',
  '<end_function_call>',
  '<start_function_response>',
  '<end_of_turn>',
  '<escape>',
  'call:',
  'call:f',
  '<tool_call>',
  '```',
  '```json\n',
  '{',
  '}',
  '[',
  ']',
  ',',
  ':',
  '"',
  '\\',
  ' ',
  '\n',
  'name',
  '"name"',
  '"arguments"',
  '"parameters"',
  '"tool_calls"',
  '"function"',
  '1',
  'true',
  'null',
  'x',
  'é',
  '\u0000',
];

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}

function randomText(random: () => number): string {
  let text = '';
  const length = Math.floor(random() * 30);
  for (let index = 0; index < length; index += 1) text += pick(random, FRAGMENTS);
  return text;
}

function randomValue(random: () => number, depth: number): unknown {
  const kind = Math.floor(random() * (depth > 2 ? 6 : 9));
  switch (kind) {
    case 0:
      return randomText(random);
    case 1:
      return Math.floor(random() * 100) - 50;
    case 2:
      return random() < 0.5;
    case 3:
      return null;
    case 4:
      return undefined;
    case 5:
      return JSON.stringify(randomValue(random, depth + 1)) ?? '';
    case 6:
      return Array.from({ length: Math.floor(random() * 3) }, () => randomValue(random, depth + 1));
    default: {
      const keys = ['name', 'arguments', 'parameters', 'function', 'id', 'tool_calls', 'type', 'content', 'text'];
      const object: Record<string, unknown> = {};
      for (let index = 0; index < Math.floor(random() * 4); index += 1)
        object[pick(random, keys)] = randomValue(random, depth + 1);
      return object;
    }
  }
}

function randomMessage(random: () => number): unknown {
  if (random() < 0.05) return randomValue(random, 0);
  const message: Record<string, unknown> = { role: 'assistant' };
  if (random() < 0.8) message.content = random() < 0.6 ? randomText(random) : randomValue(random, 1);
  if (random() < 0.6) {
    message.tool_calls = Array.from({ length: Math.floor(random() * 3) }, () => ({
      id: randomValue(random, 2),
      type: 'function',
      function:
        random() < 0.8
          ? { name: random() < 0.7 ? 'f' : randomValue(random, 2), arguments: randomValue(random, 1) }
          : randomValue(random, 2),
    }));
  }
  return message;
}

/** Replaces one random spot inside a JSON text, which yields broken JSON and odd-but-valid shapes alike. */
function mutateJson(random: () => number, text: string): string {
  const at = Math.floor(random() * text.length);
  const span = Math.floor(random() * 8);
  return text.slice(0, at) + pick(random, FRAGMENTS) + text.slice(at + span);
}

const CALL_PATHS: readonly string[] = [
  'tool_calls',
  'json_name_arguments',
  'json_name_parameters',
  'json_tool_calls',
  'json_array',
  'functiongemma_tags',
  ...FAMILY_PARSE_PATHS,
];

/**
 * What is wrong with a result, or null. Plain checks rather than one expect() each: vitest's
 * expect costs about as much as parsing, and the loops below check tens of thousands of results.
 */
function inconsistency(result: ParseResult): string | null {
  if (!(ALL_PARSE_PATHS as readonly string[]).includes(result.path)) return `unknown path ${result.path}`;
  if (!Array.isArray(result.calls)) return 'calls is not an array';
  if (typeof result.text !== 'string') return 'text is not a string';
  if (result.path === 'malformed' ? typeof result.error !== 'string' : result.error !== null)
    return `error ${JSON.stringify(result.error)} on path ${result.path}`;
  if (CALL_PATHS.includes(result.path) ? result.calls.length === 0 : result.calls.length > 0)
    return `${result.calls.length} calls on path ${result.path}`;
  for (const call of result.calls) {
    if (typeof call.name !== 'string' || call.name.trim() === '') return `call name ${JSON.stringify(call.name)}`;
    if (call.arguments === null || typeof call.arguments !== 'object' || Array.isArray(call.arguments))
      return `call arguments ${JSON.stringify(call.arguments)}`;
  }
  // The result is plain data: it can be stored as JSON.
  try {
    JSON.stringify(result);
  } catch (error) {
    return `not JSON: ${String(error)}`;
  }
  return null;
}

/** Parses one message and notes any inconsistency (with the message) in `problems`. */
function check(problems: string[], message: unknown, preference?: Parameters<typeof parseResponse>[1]): void {
  const problem = inconsistency(parseResponse(message, preference));
  if (problem !== null && problems.length < 10) problems.push(`${problem}: ${JSON.stringify(message)?.slice(0, 300)}`);
}

const fixtureFolder = join(fileURLToPath(new URL('.', import.meta.url)), 'fixtures');
const fixtureMessages: unknown[] = readdirSync(fixtureFolder)
  .filter((name) => name.endsWith('.json'))
  .flatMap(
    (name) =>
      (
        JSON.parse(readFileSync(join(fixtureFolder, name), 'utf8')) as {
          cases: Array<{ message?: unknown; response?: unknown }>;
        }
      ).cases,
  )
  .map((item) => ('response' in item ? messageFromBody(item.response) : item.message));

describe('parseResponse never throws', () => {
  it('gives a consistent result for thousands of random messages, with both preferences', () => {
    const random = randomGenerator(1234);
    const problems: string[] = [];
    for (let round = 0; round < 4000; round += 1) {
      const message = randomMessage(random);
      check(problems, message);
      check(problems, message, 'content-first');
    }
    expect(problems).toEqual([]);
  });

  it('gives a consistent result for thousands of mutations of the recorded corpus', () => {
    const random = randomGenerator(99);
    const problems: string[] = [];
    for (let round = 0; round < 4000; round += 1) {
      const original = JSON.stringify(pick(random, fixtureMessages)) ?? 'null';
      const mutated = mutateJson(random, original);
      const parsed = parseJson(mutated);
      // When the mutation broke the JSON of the message itself, the text is fed as raw content instead.
      const message = parsed.ok ? parsed.value : { role: 'assistant', content: mutated };
      check(problems, message, random() < 0.5 ? 'tool_calls-first' : 'content-first');
    }
    expect(problems).toEqual([]);
  });
});

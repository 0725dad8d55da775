// The BFCL format (Berkeley Function-Calling Leaderboard, single-turn categories): one entry a line,
// `{"id", "question": [[messages]], "function": [...], "ground_truth": [{FUNCTION: {ARGUMENT: [accepted...]}}]}`.
// BFCL keeps the ground truth in a second file ("possible_answer", matched by id); give it as
// `answers` or merge it into the lines. Conventions kept from BFCL's checker:
// - "" among an argument's accepted values means the (optional) argument may be absent;
// - a dict value is written {key: [accepted...]} at every level, so it is expanded here into the
//   plain objects it accepts;
// - several entries in ground_truth are parallel calls, matched in any order;
// - an entry without ground truth whose id says "irrelevance" (BFCL's irrelevance categories) expects no call;
// - function names with dots become underscores, as BFCL does for OpenAI-style servers;
// - BFCL's Python type names become JSON Schema's (dict: object, float: number, tuple: array; "any"
//   and Java/JavaScript type names put no constraint on the type).
// Multi-turn entries (several turns in `question`) are refused.
import type { CaseTool } from '../case';
import type { ExpectedCallInput } from '../../protocol/expectation';
import { collectCases, readJsonLines, type DatasetParse, type LineReader, type LineReading } from './lines';
import { isRecord } from '../../protocol/records';
import { parse as parseLossless, stringify as stringifyLossless } from 'lossless-json';

/** Past this many plain objects one BFCL dict answer would expand to, the line is refused. */
const MAX_EXPANSIONS = 256;

export function parseBfcl(text: string, answersText?: string): DatasetParse {
  const read = readJsonLines(text);
  if (!read.ok) return read;
  let answers: BfclAnswers | null = null;
  if (answersText !== undefined) {
    const readAnswers = readJsonLines(answersText);
    if (!readAnswers.ok)
      return {
        ok: false,
        problems: readAnswers.problems.map((problem) => ({ ...problem, reason: `answers file: ${problem.reason}` })),
      };
    answers = emptyAnswers();
    for (const { line, value, text: row } of readAnswers.lines) {
      const problem = addAnswer(answers, value, row);
      if (problem) return { ok: false, problems: [{ line, reason: problem }] };
    }
  }
  return collectCases(read.lines, bfclLineReader(answers));
}

/** A "possible_answer" file's ground truths by question id: as read, and as written (numbers exact). */
export type BfclAnswers = { answers: Map<string, unknown>; exact: Map<string, unknown> };

export function emptyAnswers(): BfclAnswers {
  return { answers: new Map(), exact: new Map() };
}

/** Adds one line of a "possible_answer" file (its value and its text), or says what is wrong with it. */
export function addAnswer(target: BfclAnswers, value: unknown, text: string): string | null {
  if (!isRecord(value) || typeof value.id !== 'string') return 'answers file: a line must be {"id", "ground_truth"}';
  target.answers.set(value.id, value.ground_truth ?? value.possible_answer);
  const lossless = losslessLine(text);
  if (isRecord(lossless)) target.exact.set(value.id, lossless.ground_truth ?? lossless.possible_answer);
  return null;
}

/** Reads one BFCL line (its value, and its text again keeping numbers as written for the checker's exact reading). */
export function bfclLineReader(answers: BfclAnswers | null): LineReader {
  return (value, _line, text) =>
    withSource(readBfclLine(value, answers?.answers ?? null), losslessLine(text), answers?.exact ?? new Map());
}

/** A line parsed keeping numbers as written (lib/datasets/bfcl), or undefined for a line that is not JSON. */
function losslessLine(text: string): unknown {
  try {
    return parseLossless(text);
  } catch {
    // The line was already refused (or its value read) by the ordinary parser; nothing exact to keep.
    return undefined;
  }
}

/** Keeps the case's BFCL form (category, functions, ground truth as written) with its expectation. */
function withSource(reading: LineReading, lossless: unknown, exactAnswers: Map<string, unknown>): LineReading {
  if (!reading.ok || !isRecord(reading.value) || !isRecord(lossless)) return reading;
  const expect = reading.value.expect;
  if (!isRecord(expect) || expect.kind !== 'call') return reading;
  const id = typeof lossless.id === 'string' ? lossless.id : null;
  const truth = lossless.ground_truth ?? lossless.possible_answer ?? (id !== null ? exactAnswers.get(id) : undefined);
  const functions =
    lossless.function === undefined ? [] : Array.isArray(lossless.function) ? lossless.function : [lossless.function];
  if (!Array.isArray(truth)) return reading;
  const renamedTruth = truth.map((entry) =>
    isRecord(entry) ? Object.fromEntries(Object.entries(entry).map(([name, args]) => [bfclName(name), args])) : entry,
  );
  const renamedFunctions = functions.map((entry) =>
    isRecord(entry) && typeof entry.name === 'string' ? { ...entry, name: bfclName(entry.name) } : entry,
  );
  const category = id ?? (truth.length > 1 ? 'parallel' : functions.length > 1 ? 'multiple' : 'simple');
  const bfcl = {
    category,
    functions: stringifyLossless(renamedFunctions) ?? '[]',
    answers: stringifyLossless(renamedTruth) ?? '[]',
  };
  return { ok: true, value: { ...reading.value, expect: { ...expect, bfcl } } };
}

function readBfclLine(value: unknown, answers: Map<string, unknown> | null): LineReading {
  if (!isRecord(value)) return { ok: false, reason: 'a line must be a JSON object with "question"' };
  const messages = readQuestion(value.question);
  if (!messages.ok) return messages;
  const functions =
    value.function === undefined ? null : Array.isArray(value.function) ? value.function : [value.function];
  const tools = functions?.map(toTool) ?? null;

  const id = typeof value.id === 'string' ? value.id : undefined;
  let truth = value.ground_truth ?? value.possible_answer;
  if (truth === undefined && answers && id !== undefined) truth = answers.get(id);
  const expect = readGroundTruth(truth, id);
  if (!expect.ok) return expect;
  const entry: Record<string, unknown> = { input: { messages: messages.value }, expect: expect.value };
  if (id !== undefined) entry.id = id;
  if (tools && tools.length > 0) entry.tools = tools;
  return { ok: true, value: entry };
}

function readQuestion(question: unknown): LineReading {
  if (!Array.isArray(question) || question.length === 0)
    return { ok: false, reason: '"question" must be a list of turns (each a list of messages)' };
  if (!Array.isArray(question[0])) return { ok: true, value: question };
  if (question.length > 1)
    return { ok: false, reason: `"question" has ${question.length} turns; multi-turn BFCL entries are not supported` };
  return { ok: true, value: question[0] };
}

function readGroundTruth(truth: unknown, id: string | undefined): LineReading {
  if (truth === undefined || truth === null) {
    return { ok: true, value: id !== undefined && /irrelevance/i.test(id) ? { kind: 'no_call' } : null };
  }
  if (!Array.isArray(truth))
    return { ok: false, reason: '"ground_truth" must be a list of {FUNCTION: {ARGUMENT: [accepted values]}}' };
  if (truth.length === 0) return { ok: true, value: { kind: 'no_call' } };
  const calls: ExpectedCallInput[] = [];
  for (const [index, entry] of truth.entries()) {
    if (!isRecord(entry) || Object.keys(entry).length !== 1) {
      return {
        ok: false,
        reason:
          `ground_truth[${index}] must be one {FUNCTION: {ARGUMENT: [accepted values]}} ` +
          '(multi-turn ground truth is not supported)',
      };
    }
    const [rawName, rawArguments] = Object.entries(entry)[0];
    const name = bfclName(rawName);
    if (!isRecord(rawArguments))
      return { ok: false, reason: `ground_truth[${index}].${rawName} must map each argument to its accepted values` };
    const accepted: Record<string, unknown[]> = {};
    const optional: string[] = [];
    for (const [argument, values] of Object.entries(rawArguments)) {
      if (!Array.isArray(values))
        return { ok: false, reason: `ground_truth[${index}].${rawName}.${argument} must be a list of accepted values` };
      const expanded: unknown[] = [];
      for (const candidate of values) {
        if (candidate === '') {
          optional.push(argument);
          continue;
        }
        const alternatives = expandDictAnswers(candidate);
        if (alternatives.length > MAX_EXPANSIONS)
          return {
            ok: false,
            reason:
              `ground_truth[${index}].${rawName}.${argument} ` +
              `accepts more than ${MAX_EXPANSIONS} values once expanded`,
          };
        expanded.push(...alternatives);
      }
      accepted[argument] = expanded;
    }
    calls.push({ name, arguments: accepted, optional: [...new Set(optional)] });
  }
  return { ok: true, value: { kind: 'call', calls } };
}

/** Every plain value a BFCL answer accepts: dicts are {key: [accepted...]}, "" meaning the key may be absent. */
export function expandDictAnswers(value: unknown): unknown[] {
  if (Array.isArray(value)) {
    return product(value.map(expandDictAnswers)).slice(0, MAX_EXPANSIONS + 1);
  }
  if (isRecord(value) && Object.values(value).every(Array.isArray)) {
    let results: Record<string, unknown>[] = [{}];
    for (const [key, alternatives] of Object.entries(value) as [string, unknown[]][]) {
      const next: Record<string, unknown>[] = [];
      for (const partial of results) {
        for (const alternative of alternatives) {
          if (alternative === '') next.push(partial);
          else for (const expanded of expandDictAnswers(alternative)) next.push({ ...partial, [key]: expanded });
          if (next.length > MAX_EXPANSIONS) break;
        }
      }
      results = next;
    }
    return results;
  }
  return [value];
}

function product(options: unknown[][]): unknown[][] {
  let results: unknown[][] = [[]];
  for (const choices of options) {
    const next: unknown[][] = [];
    for (const partial of results) for (const choice of choices) next.push([...partial, choice]);
    results = next.slice(0, MAX_EXPANSIONS + 1);
  }
  return results;
}

function bfclName(name: string): string {
  return name.replace(/\./g, '_');
}

function toTool(value: unknown): CaseTool {
  const record = isRecord(value) ? value : {};
  return {
    type: 'function',
    function: {
      name: bfclName(typeof record.name === 'string' ? record.name : ''),
      description: typeof record.description === 'string' ? record.description : '',
      parameters: isRecord(record.parameters)
        ? (toJsonSchema(record.parameters) as Record<string, unknown>)
        : { type: 'object', properties: {} },
    },
  };
}

const TYPE_NAMES: Record<string, string | null> = {
  dict: 'object',
  object: 'object',
  float: 'number',
  number: 'number',
  integer: 'integer',
  string: 'string',
  boolean: 'boolean',
  array: 'array',
  tuple: 'array',
  null: 'null',
  any: null,
};

/** BFCL's parameter description as JSON Schema. */
function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (!isRecord(schema)) return schema;
  const converted: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'type' && typeof value === 'string') {
      const type = TYPE_NAMES[value];
      if (type) converted.type = type;
    } else if (key === 'properties' && isRecord(value)) {
      converted.properties = Object.fromEntries(
        Object.entries(value).map(([name, property]) => [name, toJsonSchema(property)]),
      );
    } else if (key === 'items' || key === 'additionalProperties') {
      converted[key] = toJsonSchema(value);
    } else if (key !== 'optional') {
      converted[key] = value;
    }
  }
  return converted;
}

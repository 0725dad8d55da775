// Fixture data for write_fixture_file: read what the model gave, check it against the signature,
// and write it with the json and yaml libraries (never hand-built text), verified by loading it back.
import { isDeepStrictEqual } from 'node:util';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { errorMessage } from '../errors';
import type { Parameter } from './signature';
import { isRecord } from '../protocol/records';

const FIXTURE_FORMATS = ['json', 'yaml'] as const;
export type FixtureFormat = (typeof FIXTURE_FORMATS)[number];

export type FixtureData = unknown[] | Record<string, unknown>;

export type Read<T> = { ok: true; value: T } | { ok: false; error: string };

export function checkFormat(format: unknown): Read<FixtureFormat> {
  if (typeof format === 'string' && (FIXTURE_FORMATS as readonly string[]).includes(format.trim().toLowerCase())) {
    return { ok: true, value: format.trim().toLowerCase() as FixtureFormat };
  }
  return { ok: false, error: `format must be "json" or "yaml", not ${JSON.stringify(format)}` };
}

/**
 * The fixtures as data: a list or an object, given directly or as JSON/YAML text (the wire format may deliver either).
 */
export function readFixtures(value: unknown): Read<FixtureData> {
  let data = value;
  if (typeof value === 'string') {
    if (value.trim() === '')
      return { ok: false, error: 'fixtures is empty; give a list of objects, one per sample call' };
    try {
      // YAML 1.2 reads JSON too, so one parser covers both spellings.
      data = parseYaml(value);
    } catch (error) {
      return {
        ok: false,
        error: `fixtures is text that is neither JSON nor YAML: ${errorMessage(error).split('\n')[0]}`,
      };
    }
  }
  if (Array.isArray(data) || isRecord(data)) return { ok: true, value: data };
  return {
    ok: false,
    error:
      'fixtures must be a list of objects (one per sample call) or an object, ' +
      `not ${data === null ? 'null' : typeof data}`,
  };
}

/**
 * YAML is written with YAML 1.1's rules for plain scalars, so that strings such as "yes", "off" or
 * "012" are quoted and stay strings for YAML 1.1 readers too (PyYAML, which Python tests use).
 */
export function serializeFixtures(data: FixtureData, format: FixtureFormat): string {
  return format === 'json'
    ? `${JSON.stringify(data, null, 2)}\n`
    : stringifyYaml(data, { version: '1.1', lineWidth: 0 });
}

/** Loads serialized fixtures back with the same library; an error when they do not round-trip. */
export function verifyRoundTrip(data: FixtureData, text: string, format: FixtureFormat): string | null {
  // JSON has no undefined; compare what JSON would keep.
  const expected = JSON.parse(JSON.stringify(data)) as unknown;
  const readers: (() => unknown)[] =
    format === 'json' ? [() => JSON.parse(text)] : [() => parseYaml(text), () => parseYaml(text, { version: '1.1' })];
  for (const read of readers) {
    let loaded: unknown;
    try {
      loaded = read();
    } catch (error) {
      return `the written ${format} does not load back: ${errorMessage(error)}`;
    }
    if (!isDeepStrictEqual(loaded, expected)) return `the written ${format} loads back as different data`;
  }
  return null;
}

/** The sample calls: list items, or the values of an object of named cases, or the object itself. */
export function fixtureCases(data: FixtureData): { label: string; value: unknown }[] {
  if (Array.isArray(data)) return data.map((value, index) => ({ label: `fixture ${index}`, value }));
  const values = Object.values(data);
  if (values.length > 0 && values.every(isRecord))
    return Object.entries(data).map(([label, value]) => ({ label: `fixture "${label}"`, value }));
  return [{ label: 'fixture', value: data }];
}

function pythonTypeMatches(annotation: string, value: unknown): boolean | null {
  const type = annotation.replace(/\s+/g, '');
  const optional = /^(Optional\[(.+)\]|(.+)\|None|None\|(.+))$/.exec(type);
  if (optional) return value === null ? true : pythonTypeMatches(optional[2] ?? optional[3] ?? optional[4], value);
  const base = type
    .replace(/^typing\./, '')
    .split('[')[0]
    .toLowerCase();
  switch (base) {
    case 'int':
      return typeof value === 'number' && Number.isInteger(value);
    case 'float':
      return typeof value === 'number';
    case 'str':
      return typeof value === 'string';
    case 'bool':
      return typeof value === 'boolean';
    case 'list':
    case 'sequence':
    case 'tuple':
    case 'set':
      return Array.isArray(value);
    case 'dict':
    case 'mapping':
      return isRecord(value);
    case 'none':
      return value === null;
    default:
      return null;
  }
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'list';
  return typeof value === 'number'
    ? Number.isInteger(value)
      ? 'int'
      : 'float'
    : typeof value === 'object'
      ? 'object'
      : typeof value;
}

/**
 * Problems of each sample call against the signature: unknown names, missing required ones, values of the wrong type.
 */
export function checkAgainstSignature(data: FixtureData, parameters: Parameter[]): string[] {
  const problems: string[] = [];
  const named = parameters.filter(
    (parameter) => parameter.kind !== 'var_positional' && parameter.kind !== 'var_keyword',
  );
  const acceptsAnyKeyword = parameters.some((parameter) => parameter.kind === 'var_keyword');
  for (const { label, value } of fixtureCases(data)) {
    if (!isRecord(value)) {
      problems.push(`${label} is a ${kindOf(value)}, not an object of parameter values`);
      continue;
    }
    for (const key of Object.keys(value)) {
      const parameter = named.find((candidate) => candidate.name === key);
      if (!parameter) {
        if (!acceptsAnyKeyword) problems.push(`${label}: "${key}" is not a parameter`);
        continue;
      }
      if (parameter.type && pythonTypeMatches(parameter.type, value[key]) === false) {
        problems.push(`${label}: "${key}" should be ${parameter.type}, got ${kindOf(value[key])}`);
      }
    }
    for (const parameter of named) {
      if (parameter.required && !(parameter.name in value))
        problems.push(`${label}: required parameter "${parameter.name}" is missing`);
    }
  }
  return problems;
}

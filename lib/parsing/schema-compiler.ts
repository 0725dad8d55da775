// Compiles tool parameter schemas with ajv, once per schema: argument checks run on every call.
import Ajv from 'ajv';
import Ajv2019 from 'ajv/dist/2019.js';
import Ajv2020 from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { JsonSchema } from '../protocol/messages';
import { errorMessage } from '../errors';
import validateDraft07Schema from './draft-07-meta-validator';

type Dialect = 'draft-07' | '2019-09' | '2020-12';
type Validator = Pick<Ajv, 'compile' | 'validateSchema' | 'errors' | 'errorsText'>;

export type CompiledSchema = { ok: true; validate: ValidateFunction } | { ok: false; problem: string };

const OPTIONS = {
  coerceTypes: true,
  useDefaults: true,
  allErrors: true,
  strict: false,
  logger: false,
  // Two tools may reuse one "$id"; registering ids would make the second compile fail.
  addUsedSchema: false,
} as const;

/** Bounds the text-keyed cache; past it, everything (ajv's own caches too) starts over. */
const MAX_CACHED_SCHEMAS = 500;

let instances = new Map<Dialect, Validator>();
let compiledByText = new Map<string, CompiledSchema>();
let compiledBySchema = new WeakMap<object, CompiledSchema>();

function validatorFor(dialect: Dialect): Validator {
  let instance = instances.get(dialect);
  if (!instance) {
    // Draft-07 schemas are checked against the meta-schema here, by ajv's precompiled code
    // (draft-07-meta-validator.ts), so ajv need not compile the meta-schema at every start.
    const created =
      dialect === '2020-12'
        ? new Ajv2020(OPTIONS)
        : dialect === '2019-09'
          ? new Ajv2019(OPTIONS)
          : new Ajv({ ...OPTIONS, validateSchema: false });
    addFormats(created as Ajv);
    instance = created;
    instances.set(dialect, instance);
  }
  return instance;
}

/**
 * Picks the ajv dialect from "$schema". An unknown one (draft-04) is dropped and read as draft-07, which is close
 * enough for tool parameters.
 */
function prepareSchema(schema: JsonSchema): { dialect: Dialect; schema: JsonSchema } {
  const declared = schema.$schema;
  if (typeof declared !== 'string') return { dialect: 'draft-07', schema };
  if (declared.includes('2020-12')) return { dialect: '2020-12', schema };
  if (declared.includes('2019-09')) return { dialect: '2019-09', schema };
  if (declared.includes('draft-07')) return { dialect: 'draft-07', schema };
  const rest = { ...schema };
  delete rest.$schema;
  return { dialect: 'draft-07', schema: rest };
}

function compile(schema: JsonSchema): CompiledSchema {
  const prepared = prepareSchema(schema);
  try {
    if (prepared.dialect === 'draft-07') {
      const errors = draft07Errors(prepared.schema);
      // As ajv words it when it checks the schema itself.
      if (errors.length > 0)
        return { ok: false, problem: `schema is invalid: ${validatorFor('draft-07').errorsText(errors)}` };
    }
    return { ok: true, validate: validatorFor(prepared.dialect).compile(prepared.schema) };
  } catch (error) {
    return { ok: false, problem: errorMessage(error) };
  }
}

function textKey(schema: JsonSchema): string | null {
  try {
    return JSON.stringify(schema);
  } catch (error) {
    // A cyclic or BigInt-holding object has no text form; it is still cached by identity.
    void error;
    return null;
  }
}

/** The compiled validator for a schema: by identity first, then by content for schemas rebuilt on every call. */
export function compiledSchema(schema: JsonSchema): CompiledSchema {
  const known = compiledBySchema.get(schema);
  if (known) return known;
  const key = textKey(schema);
  let compiled = key === null ? undefined : compiledByText.get(key);
  if (!compiled) {
    if (compiledByText.size >= MAX_CACHED_SCHEMAS) resetCaches();
    compiled = compile(schema);
    if (key !== null) compiledByText.set(key, compiled);
  }
  compiledBySchema.set(schema, compiled);
  return compiled;
}

function resetCaches(): void {
  instances = new Map();
  compiledByText = new Map();
  compiledBySchema = new WeakMap();
}

/** Checks a schema against its dialect's meta-schema; returns ajv's errors (empty when valid). */
export function metaSchemaErrors(schema: JsonSchema): ErrorObject[] {
  const prepared = prepareSchema(schema);
  if (prepared.dialect === 'draft-07') return draft07Errors(prepared.schema);
  const validator = validatorFor(prepared.dialect);
  const valid = validator.validateSchema(prepared.schema);
  return valid === true ? [] : [...(validator.errors ?? [])];
}

function draft07Errors(schema: JsonSchema): ErrorObject[] {
  const check = validateDraft07Schema as ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };
  return check(schema) ? [] : [...(check.errors ?? [])];
}

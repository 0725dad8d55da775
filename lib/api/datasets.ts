// Response schemas of the dataset and endpoint routes (/api/datasets..., /api/endpoints...).
import { z } from 'zod';
import { DATASET_FORMATS, DatasetCase } from '../datasets/case';
import { Count, Id, Timestamp, TokenPrices } from './common';

const Format = z.enum(DATASET_FORMATS);

const DatasetView = z.strictObject({
  id: Id,
  name: z.string(),
  description: z.string().nullable(),
  sourceFormat: Format,
  sourceFile: z.string().nullable(),
  caseCount: Count,
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

/** GET /api/datasets */
export const DatasetList = z.strictObject({ datasets: z.array(DatasetView) });

/** POST /api/datasets: stored (or reused), or refused with each bad line's number and reason. */
export const DatasetImport = z.discriminatedUnion('ok', [
  z.strictObject({ ok: z.literal(true), dataset: DatasetView, reused: z.boolean(), format: Format }),
  z.strictObject({
    ok: z.literal(false),
    format: Format.nullable(),
    problems: z.array(z.strictObject({ line: z.number().int().positive(), reason: z.string() })),
  }),
]);

/** POST /api/agents/:name/dataset: the agent's bundled dataset, stored or found. */
export const BundledDatasetImport = z.strictObject({ dataset: DatasetView, reused: z.boolean() });

export const StoredCase = DatasetCase.extend({
  rowId: Id,
  position: z.number().int().nonnegative(),
  updatedAt: Timestamp,
});

/** GET /api/datasets/:id: one page of its cases. */
export const DatasetPage = z.strictObject({
  dataset: DatasetView,
  counts: z.strictObject({ call: Count, noCall: Count, none: Count }),
  total: Count,
  offset: Count,
  limit: Count,
  cases: z.array(StoredCase),
  toolNames: z.array(z.string()),
});

export const EndpointView = z.strictObject({
  id: Id,
  name: z.string(),
  kind: z.enum(['openai', 'simulated']),
  baseUrl: z.string(),
  model: z.string(),
  apiKeyEnv: z.string().nullable(),
  builtIn: z.boolean(),
  createdAt: Timestamp,
  /** The parts set, in ms; a part absent is the runner's default. */
  requestTimeouts: z.strictObject({
    firstByteMs: z.number().int().positive().optional(),
    idleMs: z.number().int().positive().optional(),
    totalMs: z.number().int().positive().optional(),
  }),
  pricePerMillionTokens: TokenPrices.nullable(),
});

/** GET /api/endpoints */
export const EndpointList = z.strictObject({ endpoints: z.array(EndpointView) });

/** POST /api/endpoints/:id/test: whether the server answered, and what it said. */
const ApiKeyState = z.enum(['not-needed', 'present', 'missing']);
export const EndpointTest = z.discriminatedUnion('reachable', [
  z.strictObject({
    reachable: z.literal(true),
    simulated: z.boolean(),
    models: z.array(z.string()),
    httpStatus: z.number().int(),
    apiKey: ApiKeyState,
  }),
  z.strictObject({ reachable: z.literal(false), error: z.string(), apiKey: ApiKeyState }),
]);

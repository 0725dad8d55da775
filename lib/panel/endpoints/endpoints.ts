// Model endpoints as the panel shows, adds, edits and removes them. The built-in simulator is a row
// named "simulated" whose stored URL is a placeholder (built-in-simulator.ts); its live URL is filled
// in when read. API keys never pass through here: only the name of the variable that holds one,
// read when it is used.
import type { RemoraDatabase } from '../../db/client';
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  getEndpointByName,
  listEndpoints,
  updateEndpoint,
} from '../../db/queries/endpoints';
import type { EndpointRow } from '../../db/rows';
import { InputError, NotFoundError } from '../../errors';
import { BUILT_IN_SIMULATOR_URL, isBuiltInSimulator } from '../../experiments/built-in-simulator';
import { probeEndpoint } from '../../experiments/probe-endpoint';
import { resolveSimOptions } from '../../sim/server';
import type { TokenPrices } from '../../experiment-config/experiment-config';
import type { RequestTimeouts } from '../../runner/request-timeouts';
import type { PanelContext } from '../context';
import { secretLikeReason } from './key-check';
import type { CreateEndpointRequest, UpdateEndpointRequest } from '../experiments/requests';

const SIMULATED_ENDPOINT_NAME = 'simulated';
/** The model name the simulator lists (it accepts any). */
export const DEFAULT_SIMULATED_MODEL = resolveSimOptions({}).model;

export type EndpointView = {
  id: string;
  name: string;
  kind: EndpointRow['kind'];
  /** For the built-in simulator, its URL now (it changes at every start). */
  baseUrl: string;
  model: string;
  /** The NAME of the environment variable holding the key, or null. */
  apiKeyEnv: string | null;
  builtIn: boolean;
  createdAt: number;
  /** The timeouts set on it, in ms; a part not set is the runner's default (DEFAULT_REQUEST_TIMEOUTS). */
  requestTimeouts: Partial<RequestTimeouts>;
  /** Prices per million input and output tokens, or null: not priced. */
  pricePerMillionTokens: TokenPrices | null;
};

export type EndpointTest =
  | { reachable: true; simulated: boolean; models: string[]; httpStatus: number; apiKey: ApiKeyState }
  | { reachable: false; error: string; apiKey: ApiKeyState };

/** Whether the key the endpoint names is there; never the key. */
export type ApiKeyState = 'not-needed' | 'present' | 'missing';

/** Makes sure the built-in simulator has its endpoint row. */
export function ensureSimulatedEndpoint(
  database: RemoraDatabase,
  log: (message: string) => void = console.warn,
): EndpointRow {
  const existing = getEndpointByName(database, SIMULATED_ENDPOINT_NAME);
  if (existing) {
    if (existing.kind !== 'simulated')
      log(
        `an endpoint named "${SIMULATED_ENDPOINT_NAME}" exists but is not the built-in simulator; ` +
          'the simulator stays reachable as {kind: "simulated"}',
      );
    return existing;
  }
  return createEndpoint(database, {
    name: SIMULATED_ENDPOINT_NAME,
    kind: 'simulated',
    baseUrl: BUILT_IN_SIMULATOR_URL,
    model: DEFAULT_SIMULATED_MODEL,
  });
}

function isBuiltIn(row: EndpointRow): boolean {
  return row.kind === 'simulated' && isBuiltInSimulator(row.baseUrl);
}

/** The timeouts and prices saved on an endpoint, as an experiment's endpoint carries them; absent: not set. */
export function savedEndpointSettings(row: EndpointRow): {
  requestTimeouts?: Partial<RequestTimeouts>;
  pricePerMillionTokens?: TokenPrices;
} {
  const timeouts = timeoutsOf(row);
  const prices = pricesOf(row);
  return {
    ...(Object.keys(timeouts).length > 0 ? { requestTimeouts: timeouts } : {}),
    ...(prices ? { pricePerMillionTokens: prices } : {}),
  };
}

function timeoutsOf(row: EndpointRow): Partial<RequestTimeouts> {
  const parts: [keyof RequestTimeouts, number | null][] = [
    ['firstByteMs', row.firstByteTimeoutMs],
    ['idleMs', row.idleTimeoutMs],
    ['totalMs', row.totalTimeoutMs],
  ];
  return Object.fromEntries(parts.filter(([, value]) => value !== null));
}

function pricesOf(row: EndpointRow): TokenPrices | null {
  if (row.inputPricePerMillion === null || row.outputPricePerMillion === null) return null;
  return { input: row.inputPricePerMillion, output: row.outputPricePerMillion };
}

function toEndpointView(context: PanelContext, row: EndpointRow): EndpointView {
  const builtIn = isBuiltIn(row);
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    baseUrl: builtIn ? context.simulatorUrl() : row.baseUrl,
    model: row.model,
    apiKeyEnv: row.apiKeyEnv,
    builtIn,
    createdAt: row.createdAt,
    requestTimeouts: timeoutsOf(row),
    pricePerMillionTokens: pricesOf(row),
  };
}

export function listEndpointViews(context: PanelContext): EndpointView[] {
  return listEndpoints(context.database).map((row) => toEndpointView(context, row));
}

/** A pasted key is refused before anything is written (only the variable's name is ever stored). */
function refuseKeyLike(apiKeyEnv: string | null | undefined): void {
  const keyLike = apiKeyEnv ? secretLikeReason(apiKeyEnv) : null;
  if (keyLike)
    throw new InputError('the API key field takes the name of an environment variable, not a key; nothing was saved', [
      `apiKeyEnv: ${keyLike}`,
    ]);
}

export function createEndpointFromRequest(context: PanelContext, request: CreateEndpointRequest): EndpointView {
  refuseKeyLike(request.apiKeyEnv);
  const { requestTimeouts: timeouts, pricePerMillionTokens: prices, ...endpoint } = request;
  const row = createEndpoint(context.database, {
    ...endpoint,
    firstByteTimeoutMs: timeouts?.firstByteMs,
    idleTimeoutMs: timeouts?.idleMs,
    totalTimeoutMs: timeouts?.totalMs,
    inputPricePerMillion: prices?.input,
    outputPricePerMillion: prices?.output,
  });
  return toEndpointView(context, row);
}

/**
 * Changes a saved endpoint's name, URL, model, key variable, timeouts or prices. Experiments started
 * on it keep the copy of its settings they took then; the next ones take the new settings.
 */
export function updateEndpointFromRequest(
  context: PanelContext,
  endpointId: string,
  request: UpdateEndpointRequest,
): EndpointView {
  const row = getEndpoint(context.database, endpointId);
  if (!row) throw new NotFoundError(`no endpoint with id ${endpointId}`);
  if (isBuiltIn(row)) throw new InputError('the built-in simulator cannot be edited; add an endpoint of your own');
  refuseKeyLike(request.apiKeyEnv);
  const { requestTimeouts: timeouts, pricePerMillionTokens: prices } = request;
  const updated = updateEndpoint(context.database, endpointId, {
    name: request.name ?? row.name,
    kind: row.kind,
    baseUrl: request.baseUrl ?? row.baseUrl,
    model: request.model ?? row.model,
    apiKeyEnv: request.apiKeyEnv === undefined ? row.apiKeyEnv : request.apiKeyEnv,
    ...(timeouts === undefined
      ? {}
      : {
          firstByteTimeoutMs: timeouts?.firstByteMs ?? null,
          idleTimeoutMs: timeouts?.idleMs ?? null,
          totalTimeoutMs: timeouts?.totalMs ?? null,
        }),
    ...(prices === undefined
      ? {}
      : { inputPricePerMillion: prices?.input ?? null, outputPricePerMillion: prices?.output ?? null }),
  });
  if (!updated) throw new NotFoundError(`no endpoint with id ${endpointId}`);
  return toEndpointView(context, updated);
}

/** Removes a saved endpoint; the built-in simulator stays. Experiments keep their own copy of it. */
export function deleteEndpointById(context: PanelContext, endpointId: string): { id: string; deleted: true } {
  const row = getEndpoint(context.database, endpointId);
  if (!row) throw new NotFoundError(`no endpoint with id ${endpointId}`);
  if (isBuiltIn(row)) throw new InputError('the built-in simulator cannot be removed');
  deleteEndpoint(context.database, endpointId);
  return { id: endpointId, deleted: true };
}

export function apiKeyState(
  apiKeyEnv: string | null,
  readEnvironment: (name: string) => string | undefined = (name) => process.env[name],
): ApiKeyState {
  if (!apiKeyEnv) return 'not-needed';
  return readEnvironment(apiKeyEnv) ? 'present' : 'missing';
}

/** Asks the endpoint for GET {baseUrl}/models, with its API key when it names one. */
export async function testEndpoint(context: PanelContext, endpointId: string, timeoutMs = 5000): Promise<EndpointTest> {
  const row = getEndpoint(context.database, endpointId);
  if (!row) throw new NotFoundError(`no endpoint with id ${endpointId}`);
  const view = toEndpointView(context, row);
  const apiKey = row.apiKeyEnv ? process.env[row.apiKeyEnv] : undefined;
  const probe = await probeEndpoint(view.baseUrl, timeoutMs, apiKey);
  const keyState = apiKeyState(row.apiKeyEnv);
  if (!probe.reachable) return { ...probe, apiKey: keyState };
  // Up is not enough: an experiment on it would fail at its first call unless it serves this model.
  const problem = modelProblem(view.model, probe.httpStatus, probe.models);
  return problem ? { reachable: false, error: problem, apiKey: keyState } : { ...probe, apiKey: keyState };
}

/** Why a server that answered cannot be used for `model`, in plain words; null when it lists it. */
function modelProblem(model: string, httpStatus: number, models: string[]): string | null {
  if (httpStatus < 200 || httpStatus > 299)
    return `the server answers, but GET /models answered ${httpStatus}, so it does not say that it serves ${model}`;
  if (models.includes(model)) return null;
  if (models.length === 0) return `the server answers, but lists no model, so not ${model}`;
  return `the server answers, but does not serve ${model}; it serves ${models.join(', ')}`;
}

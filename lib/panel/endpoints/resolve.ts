// Which server an experiment, a playground run or a campaign started in the panel talks to: a
// saved endpoint by name (with its request timeouts and token prices), a URL and model, or the
// built-in simulator. A server that cannot be reached is refused before anything is stored.
import { getEndpointByName } from '../../db/queries/endpoints';
import type { EndpointRow } from '../../db/rows';
import { InputError } from '../../errors';
import { BUILT_IN_SIMULATOR_URL, isBuiltInSimulator } from '../../experiments/built-in-simulator';
import type { EndpointConfig, VariantConfig } from '../../experiment-config/experiment-config';
import { probeEndpoint } from '../../experiments/probe-endpoint';
import type { PanelContext } from '../context';
import type { EndpointRequest } from '../experiments/requests';
import { DEFAULT_SIMULATED_MODEL, savedEndpointSettings } from './endpoints';

export type ResolvedEndpoint = { baseUrl: string; model: string; apiKeyEnv?: string; simulated: boolean } & Pick<
  EndpointConfig,
  'requestTimeouts' | 'pricePerMillionTokens'
>;

function savedEndpoint(context: PanelContext, name: string, where: string): EndpointRow {
  const row = getEndpointByName(context.database, name);
  if (!row) throw new InputError(`unknown endpoint "${name}"`, [`${where}: no endpoint named "${name}"`]);
  return row;
}

async function reachableEndpoint(
  baseUrl: string,
  model: string,
  apiKeyEnv: string | undefined,
  where: string,
): Promise<ResolvedEndpoint> {
  const apiKey = apiKeyEnv ? process.env[apiKeyEnv] : undefined;
  // As on the command line: a key named but not set is the user's mistake, not a silent request without one.
  if (apiKeyEnv && !apiKey)
    throw new InputError('the API key is not set', [
      `${where}: the environment variable ${apiKeyEnv} is not set in the panel's environment`,
    ]);
  const probe = await probeEndpoint(baseUrl, 3000, apiKey);
  if (!probe.reachable)
    throw new InputError('the model server cannot be reached', [`${where}: cannot reach ${baseUrl}: ${probe.error}`]);
  return { baseUrl, model, ...(apiKeyEnv ? { apiKeyEnv } : {}), simulated: probe.simulated };
}

export async function resolveEndpoint(
  context: PanelContext,
  endpoint: EndpointRequest,
  agentModel: string | undefined,
): Promise<ResolvedEndpoint> {
  const simulator = (model?: string): ResolvedEndpoint => ({
    baseUrl: BUILT_IN_SIMULATOR_URL,
    model: model ?? agentModel ?? DEFAULT_SIMULATED_MODEL,
    simulated: true,
  });
  if (endpoint.kind === 'simulated') return simulator(endpoint.model);
  if (endpoint.name !== undefined) {
    const row = savedEndpoint(context, endpoint.name, 'endpoint.name');
    const settings = savedEndpointSettings(row);
    if (row.kind === 'simulated' && isBuiltInSimulator(row.baseUrl))
      return { ...simulator(endpoint.model ?? row.model), ...settings };
    const model = endpoint.model ?? row.model;
    return {
      ...(await reachableEndpoint(row.baseUrl, model, row.apiKeyEnv ?? undefined, 'endpoint.name')),
      ...settings,
    };
  }
  const baseUrl = endpoint.baseUrl as string;
  // The built-in simulator's URL changes at every start: keep the placeholder so a resume finds it.
  if (baseUrl.replace(/\/+$/, '') === context.simulatorUrl()) return simulator(endpoint.model);
  return reachableEndpoint(baseUrl, endpoint.model as string, endpoint.apiKeyEnv, 'endpoint.baseUrl');
}

/** What a variant on a saved endpoint of its own stores: the endpoint's settings as they are now. */
export type VariantEndpoint = Pick<
  VariantConfig,
  'baseUrl' | 'model' | 'endpointName' | 'apiKeyEnv' | 'requestTimeouts' | 'pricePerMillionTokens'
>;

/**
 * A variant's own saved endpoint, resolved as the experiment's is (its model unless the variant names
 * another, its key variable, which must be set, its timeouts and prices; unreachable: refused). The
 * built-in simulator's URL changes at every start, so a variant cannot keep it: it is the experiment's.
 */
export async function resolveVariantEndpoint(
  context: PanelContext,
  name: string,
  model: string | undefined,
  index: number,
): Promise<VariantEndpoint> {
  const where = `variants.${index}.endpoint.name`;
  const row = savedEndpoint(context, name, where);
  if (row.kind === 'simulated' && isBuiltInSimulator(row.baseUrl))
    throw new InputError('the built-in simulator can only be the experiment’s endpoint', [
      `${where}: choose "${name}" as the experiment’s endpoint, or another saved endpoint for this variant`,
    ]);
  const reached = await reachableEndpoint(row.baseUrl, model ?? row.model, row.apiKeyEnv ?? undefined, where);
  return {
    endpointName: row.name,
    baseUrl: reached.baseUrl,
    model: reached.model,
    ...(reached.apiKeyEnv ? { apiKeyEnv: reached.apiKeyEnv } : {}),
    ...savedEndpointSettings(row),
  };
}

// The models a server offers (GET {baseUrl}/models), for choosing what an agent or a variant sends
// as `model`. vLLM lists the base model and each LoRA adapter (`--lora-modules NAME=PATH`); an
// adapter's entry has `parent` set to the base model and `root` to where it was loaded from.
import { requestJson } from './http-json';

export type ServedModel = {
  id: string;
  /** `adapter` when the server says it has a parent model (vLLM's LoRA adapters). */
  kind: 'base' | 'adapter';
  parent: string | null;
  root: string | null;
  maxModelLen: number | null;
  ownedBy: string | null;
};

export type ServedModels = { ok: true; models: ServedModel[]; simulated: boolean } | { ok: false; error: string };

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The entries of an OpenAI-style model list; entries without an id are left out. */
export function readModelList(body: unknown): ServedModel[] {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return [];
  return data.flatMap((entry) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const model = entry as Record<string, unknown>;
    const id = text(model.id);
    if (id === null) return [];
    const parent = text(model.parent);
    return [
      {
        id,
        kind: parent !== null && parent !== id ? ('adapter' as const) : ('base' as const),
        parent,
        root: text(model.root),
        maxModelLen: typeof model.max_model_len === 'number' ? model.max_model_len : null,
        ownedBy: text(model.owned_by),
      },
    ];
  });
}

export async function listServedModels(
  baseUrl: string,
  options: { apiKey?: string; timeoutMs?: number } = {},
): Promise<ServedModels> {
  const answer = await requestJson(`${baseUrl.replace(/\/+$/, '')}/models`, {
    method: 'GET',
    apiKey: options.apiKey,
    timeoutMs: options.timeoutMs ?? 5000,
  });
  if (!answer.ok) return { ok: false, error: answer.error };
  return { ok: true, models: readModelList(answer.body), simulated: answer.simulated };
}

/** What a request names: a variant's own model, else the agent's (its adapter), else the endpoint's. */
export function requestModel(endpointModel: string, agentModel?: string | null, variantModel?: string | null): string {
  return variantModel || agentModel || endpointModel;
}

/** Names an agent or variant asks for that the server does not list (a typo, an adapter not loaded). */
export function missingModels(names: string[], served: ServedModel[]): string[] {
  const offered = new Set(served.map((model) => model.id));
  return [...new Set(names)].filter((name) => !offered.has(name));
}

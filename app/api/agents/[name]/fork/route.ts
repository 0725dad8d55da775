import { VariantVersion } from '@/lib/api/agents';
import { apiRoute, json } from '@/lib/http/api-route';
import { readJsonBody, readParams } from '@/lib/http/read-request';
import { AgentNameParams, ForkVariantRequest } from '@/lib/panel/agents/requests';
import { forkPromptVariant } from '@/lib/panel/agents/variants';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

/** Starts a new variant from a saved version (`sourceId`, or "definition" for the agent's prompt). */
export const POST = apiRoute(
  async (request, context: { params: Promise<{ name: string }> }) => {
    const { name } = await readParams(context.params, AgentNameParams);
    const body = await readJsonBody(request, ForkVariantRequest);
    const panel = await getPanel();
    return json(forkPromptVariant(panel, name, body), 201);
  },
  { response: VariantVersion },
);

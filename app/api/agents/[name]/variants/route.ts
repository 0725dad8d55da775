import { PromptVariants, SavedVariant } from '@/lib/api/agents';
import { apiRoute, json } from '@/lib/http/api-route';
import { readJsonBody, readParams } from '@/lib/http/read-request';
import { AgentNameParams, SaveVariantRequest } from '@/lib/panel/agents/requests';
import { listPromptVariants, saveVariant } from '@/lib/panel/agents/variants';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

/** The agent's prompt variants, the latest version of each ("default" first: the agent's own prompt). */
export const GET = apiRoute(
  async (_request, context: { params: Promise<{ name: string }> }) => {
    const { name } = await readParams(context.params, AgentNameParams);
    const panel = await getPanel();
    return json(listPromptVariants(panel, name));
  },
  { response: PromptVariants },
);

/** Saves the next version of a variant (201), or nothing when it equals the latest (200, unchanged). */
export const POST = apiRoute(
  async (request, context: { params: Promise<{ name: string }> }) => {
    const { name } = await readParams(context.params, AgentNameParams);
    const body = await readJsonBody(request, SaveVariantRequest);
    const panel = await getPanel();
    const saved = saveVariant(panel, name, body);
    return json(saved, saved.unchanged ? 200 : 201);
  },
  { response: SavedVariant },
);

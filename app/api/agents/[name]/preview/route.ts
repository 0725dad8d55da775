import { PromptPreview } from '@/lib/api/agents';
import { apiRoute, json } from '@/lib/http/api-route';
import { readJsonBody, readParams } from '@/lib/http/read-request';
import { previewPrompt } from '@/lib/panel/agents/preview';
import { AgentNameParams, PreviewRequest } from '@/lib/panel/agents/requests';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

/** The prompt the model would receive for a sample input, in FunctionGemma's native format. */
export const POST = apiRoute(
  async (request, context: { params: Promise<{ name: string }> }) => {
    const { name } = await readParams(context.params, AgentNameParams);
    const body = await readJsonBody(request, PreviewRequest);
    const panel = await getPanel();
    return json(await previewPrompt(panel, name, body));
  },
  { response: PromptPreview },
);

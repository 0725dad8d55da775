import { DraftValidation } from '@/lib/api/agents';
import { apiRoute, json } from '@/lib/http/api-route';
import { readJsonBody, readParams } from '@/lib/http/read-request';
import { validatePromptDraft } from '@/lib/panel/agents/editing';
import { AgentNameParams, PromptDraft } from '@/lib/panel/agents/requests';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

/** The spec's validation of the agent with the edited prompts: `{errors, warnings, introduced}`. */
export const POST = apiRoute(
  async (request, context: { params: Promise<{ name: string }> }) => {
    const { name } = await readParams(context.params, AgentNameParams);
    const body = await readJsonBody(request, PromptDraft);
    const panel = await getPanel();
    return json(validatePromptDraft(panel, name, body));
  },
  { response: DraftValidation },
);

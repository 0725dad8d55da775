import { AgentDetail } from '@/lib/api/agents';
import { apiRoute, json } from '@/lib/http/api-route';
import { readParams } from '@/lib/http/read-request';
import { getAgentDetail } from '@/lib/panel/agents/detail';
import { AgentNameParams } from '@/lib/panel/agents/requests';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

export const GET = apiRoute(
  async (_request, context: { params: Promise<{ name: string }> }) => {
    const { name } = await readParams(context.params, AgentNameParams);
    const panel = await getPanel();
    return json(await getAgentDetail(panel, name));
  },
  { response: AgentDetail },
);

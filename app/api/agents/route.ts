import { AgentImport, AgentList } from '@/lib/api/agents';
import { apiRoute, json } from '@/lib/http/api-route';
import { readJsonBody } from '@/lib/http/read-request';
import { listAgentViews } from '@/lib/panel/agents/agents';
import { ImportAgentRequest } from '@/lib/panel/agents/requests';
import { importAgentYaml } from '@/lib/panel/agents/yaml';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

export const GET = apiRoute(
  async () => {
    const panel = await getPanel();
    return json({ agents: await listAgentViews(panel) });
  },
  { response: AgentList },
);

/** Imports an agent from YAML (`dryRun` only checks it). */
export const POST = apiRoute(
  async (request) => {
    const body = await readJsonBody(request, ImportAgentRequest);
    const panel = await getPanel();
    const result = await importAgentYaml(panel, body);
    return json(result, result.stored ? 201 : 200);
  },
  { response: AgentImport },
);

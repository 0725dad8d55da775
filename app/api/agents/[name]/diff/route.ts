import { VersionDiff } from '@/lib/api/agents';
import { apiRoute, json } from '@/lib/http/api-route';
import { readParams, readQuery } from '@/lib/http/read-request';
import { AgentNameParams, DiffQuery } from '@/lib/panel/agents/requests';
import { diffVersions } from '@/lib/panel/agents/variants';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

/** The line diff of two prompt versions (ids, or "definition" for the agent's prompt now). */
export const GET = apiRoute(
  async (request, context: { params: Promise<{ name: string }> }) => {
    const { name } = await readParams(context.params, AgentNameParams);
    const query = readQuery(request, DiffQuery);
    const panel = await getPanel();
    return json(diffVersions(panel, name, query.from, query.to));
  },
  { response: VersionDiff },
);

import { apiRoute, json } from '../../../lib/http/api-route';
import { listAgentViews } from '../../../lib/panel/agents';
import { getPanel } from '../../../lib/panel/runtime';

export const dynamic = 'force-dynamic';

export const GET = apiRoute(async () => {
  const panel = await getPanel();
  return json({ agents: await listAgentViews(panel) });
});

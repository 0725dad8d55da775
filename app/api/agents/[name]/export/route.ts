import { apiRoute } from '@/lib/http/api-route';
import { readParams } from '@/lib/http/read-request';
import { AgentNameParams } from '@/lib/panel/agents/requests';
import { exportAgentYaml } from '@/lib/panel/agents/yaml';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

/** The stored definition as a YAML file to download. */
export const GET = apiRoute(async (_request, context: { params: Promise<{ name: string }> }) => {
  const { name } = await readParams(context.params, AgentNameParams);
  const panel = await getPanel();
  const exported = exportAgentYaml(panel, name);
  return new Response(exported.text, {
    headers: {
      'content-type': 'application/yaml; charset=utf-8',
      'content-disposition': `attachment; filename="${exported.fileName}"`,
      'cache-control': 'no-store',
    },
  });
});

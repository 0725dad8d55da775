import { EndpointTest } from '@/lib/api/datasets';
import { apiRoute, json } from '@/lib/http/api-route';
import { IdParams, readParams } from '@/lib/http/read-request';
import { testEndpoint } from '@/lib/panel/endpoints/endpoints';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

export const POST = apiRoute(
  async (_request, context: { params: Promise<{ id: string }> }) => {
    const { id } = await readParams(context.params, IdParams);
    const panel = await getPanel();
    return json(await testEndpoint(panel, id));
  },
  { response: EndpointTest },
);

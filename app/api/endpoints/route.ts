import { EndpointList, EndpointView } from '@/lib/api/datasets';
import { apiRoute, json } from '@/lib/http/api-route';
import { readJsonBody } from '@/lib/http/read-request';
import { createEndpointFromRequest, listEndpointViews } from '@/lib/panel/endpoints/endpoints';
import { CreateEndpointRequest } from '@/lib/panel/experiments/requests';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

export const GET = apiRoute(
  async () => {
    const panel = await getPanel();
    return json({ endpoints: listEndpointViews(panel) });
  },
  { response: EndpointList },
);

export const POST = apiRoute(
  async (request) => {
    const body = await readJsonBody(request, CreateEndpointRequest);
    const panel = await getPanel();
    return json(createEndpointFromRequest(panel, body), 201);
  },
  { response: EndpointView },
);

import { DeletedWithId } from '@/lib/api/common';
import { EndpointView } from '@/lib/api/datasets';
import { apiRoute, json } from '@/lib/http/api-route';
import { IdParams, readJsonBody, readParams } from '@/lib/http/read-request';
import { deleteEndpointById, updateEndpointFromRequest } from '@/lib/panel/endpoints/endpoints';
import { UpdateEndpointRequest } from '@/lib/panel/experiments/requests';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** Changes a saved endpoint (never the built-in simulator); experiments already started keep their copy. */
export const PATCH = apiRoute(
  async (request, context: Context) => {
    const { id } = await readParams(context.params, IdParams);
    const body = await readJsonBody(request, UpdateEndpointRequest);
    const panel = await getPanel();
    return json(updateEndpointFromRequest(panel, id, body));
  },
  { response: EndpointView },
);

/** Removes a saved endpoint (never the built-in simulator). */
export const DELETE = apiRoute(
  async (_request, context: Context) => {
    const { id } = await readParams(context.params, IdParams);
    const panel = await getPanel();
    return json(deleteEndpointById(panel, id));
  },
  { response: DeletedWithId },
);

import { DeletedWithId } from '@/lib/api/common';
import { apiRoute, json } from '@/lib/http/api-route';
import { IdParams, readParams } from '@/lib/http/read-request';
import { deleteEndpointById } from '@/lib/panel/endpoints/endpoints';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

/** Removes a saved endpoint (never the built-in simulator). */
export const DELETE = apiRoute(
  async (_request, context: { params: Promise<{ id: string }> }) => {
    const { id } = await readParams(context.params, IdParams);
    const panel = await getPanel();
    return json(deleteEndpointById(panel, id));
  },
  { response: DeletedWithId },
);

import { ExperimentView } from '@/lib/api/experiments';
import { apiRoute, json } from '@/lib/http/api-route';
import { IdParams, readJsonBody, readParams } from '@/lib/http/read-request';
import {
  changeExperimentDetails,
  deleteExperimentById,
  ExperimentDetailsRequest,
} from '@/lib/panel/experiments/manage';
import { getExperimentView } from '@/lib/panel/experiments/experiments';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

export const GET = apiRoute(
  async (_request, context: { params: Promise<{ id: string }> }) => {
    const { id } = await readParams(context.params, IdParams);
    const panel = await getPanel();
    return json(getExperimentView(panel, id));
  },
  { response: ExperimentView },
);

/** PATCH with {name?, description?, tags?}: what people call and file the experiment under. */
export const PATCH = apiRoute(async (request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await readParams(context.params, IdParams);
  const body = await readJsonBody(request, ExperimentDetailsRequest);
  return json(changeExperimentDetails(await getPanel(), id, body));
});

/** Deletes a stopped experiment with its conversations (409 while it runs). */
export const DELETE = apiRoute(async (_request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await readParams(context.params, IdParams);
  return json(deleteExperimentById(await getPanel(), id));
});

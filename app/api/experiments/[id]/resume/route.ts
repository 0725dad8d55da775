// POST /api/experiments/:id/resume: a cancelled, failed or interrupted experiment runs on to its full count.
import { apiRoute, json } from '@/lib/http/api-route';
import { IdParams, readParams } from '@/lib/http/read-request';
import { resumeExperimentById } from '@/lib/panel/experiments/manage';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

export const POST = apiRoute(async (_request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await readParams(context.params, IdParams);
  return json(resumeExperimentById(await getPanel(), id));
});

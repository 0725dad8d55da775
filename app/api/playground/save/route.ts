// POST /api/playground/save with {runIds, name?, description?}: playground runs (one, or a pair run
// side by side) kept as a completed experiment of one conversation per run -> 201 {id}.
import { apiRoute, json } from '@/lib/http/api-route';
import { readJsonBody } from '@/lib/http/read-request';
import { SaveRequest, savePlaygroundRuns } from '@/lib/panel/playground/playground';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

export const POST = apiRoute(async (request) => {
  const body = await readJsonBody(request, SaveRequest);
  return json(savePlaygroundRuns(await getPanel(), body), 201);
});

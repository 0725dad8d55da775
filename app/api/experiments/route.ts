import { Created } from '@/lib/api/common';
import { ExperimentList } from '@/lib/api/experiments';
import { apiRoute, json } from '@/lib/http/api-route';
import { readJsonBody, readQuery } from '@/lib/http/read-request';
import { createExperimentFromRequest } from '@/lib/panel/experiments/create';
import { listExperimentViews } from '@/lib/panel/experiments/experiments';
import { CreateExperimentRequest, ExperimentListQuery } from '@/lib/panel/experiments/requests';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

export const GET = apiRoute(
  async (request) => {
    const query = readQuery(request, ExperimentListQuery);
    const panel = await getPanel();
    return json({ experiments: listExperimentViews(panel, query) });
  },
  { response: ExperimentList },
);

export const POST = apiRoute(
  async (request) => {
    const body = await readJsonBody(request, CreateExperimentRequest);
    const panel = await getPanel();
    return json(await createExperimentFromRequest(panel, body), 201);
  },
  { response: Created },
);

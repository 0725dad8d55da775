import { ExperimentCharts } from '@/lib/api/experiments';
// GET /api/experiments/:id/charts: the experiment view (as GET /api/experiments/:id) and the data
// its charts draw, in one read; the experiment page polls it while the experiment runs.
import { apiRoute, json } from '@/lib/http/api-route';
import { IdParams, readParams } from '@/lib/http/read-request';
import { getExperimentPageData } from '@/lib/panel/experiments/charts';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

export const GET = apiRoute(
  async (_request, context: { params: Promise<{ id: string }> }) => {
    const { id } = await readParams(context.params, IdParams);
    const panel = await getPanel();
    return json(getExperimentPageData(panel, id));
  },
  { response: ExperimentCharts },
);

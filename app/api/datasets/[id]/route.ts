import { Deleted } from '@/lib/api/common';
import { DatasetPage } from '@/lib/api/datasets';
import { apiRoute, json } from '@/lib/http/api-route';
import { IdParams, readParams, readQuery } from '@/lib/http/read-request';
import { deleteDatasetById, getDatasetPage } from '@/lib/panel/datasets/datasets';
import { CasePageQuery } from '@/lib/panel/datasets/requests';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

/** The set (by id or name) and one page of its cases (`offset`, `limit`, `q` to search). */
export const GET = apiRoute(
  async (request, context: { params: Promise<{ id: string }> }) => {
    const { id } = await readParams(context.params, IdParams);
    const query = readQuery(request, CasePageQuery);
    const panel = await getPanel();
    return json(getDatasetPage(panel, id, query));
  },
  { response: DatasetPage },
);

export const DELETE = apiRoute(
  async (_request, context: { params: Promise<{ id: string }> }) => {
    const { id } = await readParams(context.params, IdParams);
    const panel = await getPanel();
    return json(deleteDatasetById(panel, id));
  },
  { response: Deleted },
);

import { FailuresDataset } from '@/lib/api/experiments';
// POST /api/experiments/:id/failures-dataset {name?, variant?} -> 201 {datasetId, name, cases, reused}:
// the dataset cases whose first call failed, stored as a new dataset (lib/export/README.md).
import { z } from 'zod';
import { apiRoute, json } from '@/lib/http/api-route';
import { IdParams, readJsonBody, readParams } from '@/lib/http/read-request';
import { datasetFromFailures } from '@/lib/export/failures-dataset';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

const FailuresDatasetBody = z
  .object({ name: z.string().trim().min(1).max(200).optional(), variant: z.string().min(1).optional() })
  .strict();

export const POST = apiRoute(
  async (request, context: { params: Promise<{ id: string }> }) => {
    const { id } = await readParams(context.params, IdParams);
    const body = await readJsonBody(request, FailuresDatasetBody);
    const panel = await getPanel();
    return json(datasetFromFailures(panel.database, id, body), 201);
  },
  { response: FailuresDataset },
);

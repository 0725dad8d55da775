import { Deleted } from '@/lib/api/common';
import { StoredCase } from '@/lib/api/datasets';
import { apiRoute, json } from '@/lib/http/api-route';
import { readJsonBody, readParams } from '@/lib/http/read-request';
import { deleteDatasetCase, updateDatasetCase } from '@/lib/panel/datasets/datasets';
import { DatasetCaseParams, UpdateCaseRequest } from '@/lib/panel/datasets/requests';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string; caseId: string }> };

/** Changes a case's expectation (`expect`: a call, no call, or null for "not scored") or note. */
export const PATCH = apiRoute(
  async (request, context: Context) => {
    const { id, caseId } = await readParams(context.params, DatasetCaseParams);
    const body = await readJsonBody(request, UpdateCaseRequest);
    const panel = await getPanel();
    return json(updateDatasetCase(panel, id, caseId, body));
  },
  { response: StoredCase },
);

export const DELETE = apiRoute(
  async (_request, context: Context) => {
    const { id, caseId } = await readParams(context.params, DatasetCaseParams);
    const panel = await getPanel();
    return json(deleteDatasetCase(panel, id, caseId));
  },
  { response: Deleted },
);

import { RerunCreated } from '@/lib/api/experiments';
// POST /api/experiments/:id/rerun-failed {variantName | variant, failedIn?, repeats?} -> 201 {id, inputs}:
// the inputs the experiment failed, run again with one variant (lib/replay/README.md).
import { apiRoute, json } from '@/lib/http/api-route';
import { IdParams, readJsonBody, readParams } from '@/lib/http/read-request';
import { RerunFailedBody, rerunFailedInputs } from '@/lib/panel/replay/actions';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

export const POST = apiRoute(
  async (request, context: { params: Promise<{ id: string }> }) => {
    const { id } = await readParams(context.params, IdParams);
    const body = await readJsonBody(request, RerunFailedBody);
    const panel = await getPanel();
    return json(rerunFailedInputs(panel, id, body), 201);
  },
  { response: RerunCreated },
);

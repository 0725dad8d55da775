// POST /api/experiments/:id/judge {endpointId | baseUrl + model, apiKeyEnv?, prompt: {name, text}}
// -> 201 {runId, prompt: {id, name, version}, model, pass, fail, error}: a model judge over the
// finished experiment's conversations (lib/judge); its pass rate then shows in the summary.
import { apiRoute, json } from '@/lib/http/api-route';
import { IdParams, readJsonBody, readParams } from '@/lib/http/read-request';
import { JudgeBody, JudgeResult, judgeFromPanel } from '@/lib/panel/judge/judge';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

export const POST = apiRoute(
  async (request, context: { params: Promise<{ id: string }> }) => {
    const { id } = await readParams(context.params, IdParams);
    const body = await readJsonBody(request, JudgeBody);
    const panel = await getPanel();
    return json(await judgeFromPanel(panel, id, body), 201);
  },
  { response: JudgeResult },
);

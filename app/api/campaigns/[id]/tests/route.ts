import { CampaignTestRun } from '@/lib/api/compare';
import { apiRoute, json } from '@/lib/http/api-route';
import { IdParams, readJsonBody, readParams } from '@/lib/http/read-request';
import { TestRequest, testCampaign } from '@/lib/panel/campaigns/actions';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';

/**
 * {command, branch?}: the repository's test command on a sandboxed copy; the result is stored with the campaign
 * and returned.
 */
export const POST = apiRoute(
  async (request, context: { params: Promise<{ id: string }> }) => {
    const { id } = await readParams(context.params, IdParams);
    return json(await testCampaign(await getPanel(), id, await readJsonBody(request, TestRequest)));
  },
  { response: CampaignTestRun },
);
